import { LISTS_WRITE, READ, SEND, TEMPLATES_WRITE, WEBHOOKS, type ApiScope } from './api-keys.contract.ts';
import { authEndpoints } from './auth.contract.ts';
import { creditEndpoints } from './credits.contract.ts';
import type { AnyEndpoint } from './endpoint.ts';
import { logEndpoints } from './logs.contract.ts';
import { recipientEndpoints } from './recipients.contract.ts';
import { sendEndpoints } from './send.contract.ts';
import { suppressionEndpoints } from './suppressions.contract.ts';
import { templateEndpoints } from './templates.contract.ts';
import { webhookEndpoints } from './webhooks.contract.ts';

/**
 * The HTTP v1 API: the very descriptors the dashboard calls, mounted a second time under
 * `/api/v1` for API keys. Each entry names the one scope a key needs for the endpoint; the
 * OpenAPI document (`GET /api/v1/openapi.json`) is generated from this table and the
 * descriptors' zod schemas. An endpoint that is not listed here is dashboard-only.
 */
export const API_V1_PREFIX = '/api/v1';

export type V1Tag =
  | 'Sending'
  | 'Lists'
  | 'Recipients'
  | 'Groups'
  | 'Templates'
  | 'E-mail log'
  | 'Suppressions'
  | 'Credits'
  | 'Webhooks';

export type V1Operation = {
  endpoint: AnyEndpoint;
  scope: ApiScope;
  tag: V1Tag;
  /** Used as the OpenAPI operationId: stable, unique, camelCase. */
  name: string;
  summary: string;
};

const op = (endpoint: AnyEndpoint, scope: ApiScope, tag: V1Tag, name: string, summary: string) => ({
  endpoint,
  scope,
  tag,
  name,
  summary,
});

export const v1Operations: readonly V1Operation[] = [
  op(
    sendEndpoints.create,
    'send',
    'Sending',
    'send',
    'Accept a send: one campaign, one credit per recipient',
  ),
  op(
    sendEndpoints.check,
    'send',
    'Sending',
    'checkSend',
    'What a send would do (recipients, cost), writing nothing',
  ),
  op(sendEndpoints.senderEmails, READ, 'Sending', 'listSenderEmails', 'The addresses you may send from'),
  op(sendEndpoints.get, READ, 'Sending', 'getCampaignState', "A campaign's state and message counts"),
  op(sendEndpoints.pause, SEND, 'Sending', 'pauseCampaign', 'Pause a sending campaign'),
  op(sendEndpoints.resume, SEND, 'Sending', 'resumeCampaign', 'Resume a paused campaign'),
  op(
    sendEndpoints.cancel,
    'send',
    'Sending',
    'cancelCampaign',
    'Cancel a campaign; queued credits come back',
  ),

  op(recipientEndpoints.lists, READ, 'Lists', 'listLists', 'Recipient lists'),
  op(recipientEndpoints.createList, LISTS_WRITE, 'Lists', 'createList', 'Create a list'),
  op(recipientEndpoints.getList, READ, 'Lists', 'getList', 'One list'),
  op(recipientEndpoints.updateList, LISTS_WRITE, 'Lists', 'updateList', 'Rename a list'),
  op(recipientEndpoints.removeList, LISTS_WRITE, 'Lists', 'deleteList', 'Delete a list and its recipients'),
  op(recipientEndpoints.importChunk, LISTS_WRITE, 'Lists', 'importRecipients', 'Import rows into a list'),
  op(recipientEndpoints.recipients, READ, 'Recipients', 'listRecipients', 'Recipients'),
  op(recipientEndpoints.createRecipient, LISTS_WRITE, 'Recipients', 'createRecipient', 'Add a recipient'),
  op(recipientEndpoints.getRecipient, READ, 'Recipients', 'getRecipient', 'One recipient'),
  op(
    recipientEndpoints.updateRecipient,
    'lists:write',
    'Recipients',
    'updateRecipient',
    'Change a recipient',
  ),
  op(
    recipientEndpoints.removeRecipient,
    'lists:write',
    'Recipients',
    'deleteRecipient',
    'Delete a recipient',
  ),
  op(recipientEndpoints.groups, READ, 'Groups', 'listGroups', 'Recipient groups'),
  op(recipientEndpoints.createGroup, LISTS_WRITE, 'Groups', 'createGroup', 'Create a group of lists'),
  op(recipientEndpoints.getGroup, READ, 'Groups', 'getGroup', 'One group'),
  op(recipientEndpoints.updateGroup, LISTS_WRITE, 'Groups', 'updateGroup', 'Change a group'),
  op(recipientEndpoints.removeGroup, LISTS_WRITE, 'Groups', 'deleteGroup', 'Delete a group'),

  op(templateEndpoints.list, READ, 'Templates', 'listTemplates', 'E-mail templates'),
  op(templateEndpoints.create, TEMPLATES_WRITE, 'Templates', 'createTemplate', 'Create a template'),
  op(templateEndpoints.get, READ, 'Templates', 'getTemplate', 'One template'),
  op(templateEndpoints.update, TEMPLATES_WRITE, 'Templates', 'updateTemplate', 'Change a template'),
  op(templateEndpoints.remove, TEMPLATES_WRITE, 'Templates', 'deleteTemplate', 'Delete a template'),

  op(logEndpoints.list, READ, 'E-mail log', 'listCampaignLogs', 'Campaigns in the e-mail log'),
  op(logEndpoints.get, READ, 'E-mail log', 'getCampaignLog', "One campaign's log entry"),
  op(logEndpoints.messages, READ, 'E-mail log', 'listMessages', "A campaign's messages and their status"),
  op(
    logEndpoints.message,
    READ,
    'E-mail log',
    'getMessage',
    'One message by the `message_id` webhooks carry',
  ),
  op(
    logEndpoints.timeline,
    'read',
    'E-mail log',
    'getCampaignTimeline',
    "A campaign's sends and opens over time",
  ),
  op(logEndpoints.summary, READ, 'E-mail log', 'getSendingSummary', 'Your sending figures'),

  op(
    suppressionEndpoints.list,
    READ,
    'Suppressions',
    'listSuppressions',
    'Addresses your campaigns never mail',
  ),
  op(
    suppressionEndpoints.add,
    LISTS_WRITE,
    'Suppressions',
    'addSuppressions',
    'Add addresses to the suppression list',
  ),
  op(suppressionEndpoints.remove, LISTS_WRITE, 'Suppressions', 'deleteSuppression', 'Mail an address again'),

  op(authEndpoints.userStatus, READ, 'Credits', 'getBalance', 'You, with your credit balance'),
  op(creditEndpoints.statement, READ, 'Credits', 'getStatement', 'Your charges, refunds and top-ups'),

  op(webhookEndpoints.list, WEBHOOKS, 'Webhooks', 'listWebhooks', 'Your event webhook endpoints'),
  op(
    webhookEndpoints.create,
    WEBHOOKS,
    'Webhooks',
    'createWebhook',
    'Add an endpoint; its signing secret is shown once',
  ),
  op(webhookEndpoints.get, WEBHOOKS, 'Webhooks', 'getWebhook', 'One endpoint'),
  op(webhookEndpoints.update, WEBHOOKS, 'Webhooks', 'updateWebhook', 'Change, enable or disable an endpoint'),
  op(webhookEndpoints.remove, WEBHOOKS, 'Webhooks', 'deleteWebhook', 'Delete an endpoint'),
  op(
    webhookEndpoints.deliveries,
    WEBHOOKS,
    'Webhooks',
    'listWebhookDeliveries',
    "An endpoint's delivery log",
  ),
  op(webhookEndpoints.replay, WEBHOOKS, 'Webhooks', 'replayWebhookDelivery', 'Send a delivery again'),
];

const byEndpoint = new Map<AnyEndpoint, V1Operation>(
  v1Operations.map((operation) => [operation.endpoint, operation]),
);

/** The v1 operation of a descriptor, if it has one. */
export const v1OperationOf = (endpoint: AnyEndpoint): V1Operation | undefined => byEndpoint.get(endpoint);
