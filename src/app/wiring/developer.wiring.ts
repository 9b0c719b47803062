import { fromPromise } from 'xstate';
import type { ApiKey } from '../../../contract/api-keys.contract.ts';
import type { Webhook, WebhookDelivery } from '../../../contract/webhooks.contract.ts';
import { apiReferenceMachine } from '../../machines/developer/api-reference.machine.ts';
import {
  apiKeyFormMachine,
  apiKeyRequestOf,
  webhookFormMachine,
  webhookRequestOf,
  type ApiKeyDraft,
  type WebhookDraft,
} from '../../machines/developer/forms.ts';
import {
  developerRequestsMachine,
  type DeveloperRequest,
} from '../../machines/developer/requests.machine.ts';
import { provideList } from '../../machines/list.machine.ts';
import type { Notify } from '../../machines/notify.ts';
import {
  createApiKey,
  createWebhook,
  listApiKeys,
  listDeliveries,
  listWebhooks,
  loadOpenApi,
  removeWebhook,
  replayDelivery,
  revokeApiKey,
  updateWebhook,
} from '../../services/developer.service.ts';
import type { Call } from '../../services/http.ts';

type Deps = { call: Call; notify: Notify };

/** The developer screens' machines with their real calls. */
export const provideApiKeyList = ({ call, notify }: Deps) =>
  provideList<ApiKey>({
    fetchPage: (request, signal) => listApiKeys(call, request, signal),
    deleteItem: ({ id }, signal) => revokeApiKey(call, id, signal),
    notify,
  });

export const provideApiKeyForm = ({ call, notify, refreshList }: Deps & { refreshList: () => void }) =>
  apiKeyFormMachine.provide({
    actors: {
      create: fromPromise(async ({ input, signal }) => {
        const created = await createApiKey(call, apiKeyRequestOf(input as ApiKeyDraft), signal);
        return { secret: created.key };
      }),
    },
    actions: { notify: (_, notice) => notify(notice), refreshList: () => refreshList() },
  });

export const provideWebhookList = ({ call, notify }: Deps) =>
  provideList<Webhook>({
    fetchPage: (request, signal) => listWebhooks(call, request, signal),
    deleteItem: ({ id }, signal) => removeWebhook(call, id, signal),
    notify,
  });

export const provideWebhookForm = ({ call, notify, refreshList }: Deps & { refreshList: () => void }) =>
  webhookFormMachine.provide({
    actors: {
      create: fromPromise(async ({ input, signal }) => {
        const created = await createWebhook(call, webhookRequestOf(input as WebhookDraft), signal);
        return { secret: created.secret };
      }),
    },
    actions: { notify: (_, notice) => notify(notice), refreshList: () => refreshList() },
  });

export const provideDeliveryList = ({ call, notify, webhookId }: Deps & { webhookId: string }) =>
  provideList<WebhookDelivery>({
    fetchPage: (request, signal) => listDeliveries(call, webhookId, request, signal),
    notify,
  });

export const provideDeveloperRequests = ({ call, notify, refreshList }: Deps & { refreshList: () => void }) =>
  developerRequestsMachine.provide({
    actors: {
      run: fromPromise<unknown, DeveloperRequest>(({ input, signal }) =>
        input.kind === 'toggle'
          ? updateWebhook(call, input.id, { enabled: input.enabled }, signal)
          : replayDelivery(call, input.id, input.delivery, signal),
      ),
    },
    actions: { notify: (_, notice) => notify(notice), refreshList: () => refreshList() },
  });

export const provideApiReference = ({ call }: { call: Call }) =>
  apiReferenceMachine.provide({
    actors: { loadDocument: fromPromise(({ signal }) => loadOpenApi(call, signal)) },
  });
