import {
  createApiKeySchema,
  type ApiScope,
  type CreateApiKeyRequest,
} from '../../../contract/api-keys.contract.ts';
import {
  createWebhookSchema,
  type CreateWebhookRequest,
  type WebhookEventType,
} from '../../../contract/webhooks.contract.ts';
import type { z } from 'zod';
import { secretFormMachine, type FieldProblems } from './secret-form.machine.ts';

/** The first problem of each field, as the contract's i18n keys (zod's own messages become keys). */
function problemsOf(result: z.ZodSafeParseResult<unknown>): FieldProblems | null {
  if (result.success) return null;
  const fields: FieldProblems = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'body');
    fields[name] ??= issue.message.startsWith('validation.')
      ? issue.message
      : issue.code === 'too_small'
        ? 'validation.required'
        : 'validation.invalid';
  }
  return fields;
}

export type ApiKeyDraft = { name: string; scopes: ApiScope[]; /** yyyy-mm-dd or '' */ expires: string };

/** The end of the chosen day, in the browser's time zone; no date: the key never expires. */
export function apiKeyRequestOf(draft: ApiKeyDraft): CreateApiKeyRequest {
  const expires = /^\d{4}-\d{2}-\d{2}$/.test(draft.expires) ? new Date(`${draft.expires}T23:59:59`) : null;
  return {
    name: draft.name,
    scopes: draft.scopes,
    ...(draft.expires
      ? { expires_at: expires && !Number.isNaN(expires.getTime()) ? expires.toISOString() : draft.expires }
      : {}),
  };
}

export const apiKeyFormMachine = secretFormMachine<ApiKeyDraft>({
  id: 'apiKeyForm',
  empty: () => ({ name: '', scopes: ['send', 'read'], expires: '' }),
  problemsOf: (draft) => problemsOf(createApiKeySchema.safeParse(apiKeyRequestOf(draft))),
  createdKey: 'developer:keys.created',
});

export type WebhookDraft = { url: string; events: WebhookEventType[] };

export const webhookRequestOf = (draft: WebhookDraft): CreateWebhookRequest => ({
  url: draft.url,
  events: draft.events,
  enabled: true,
});

export const webhookFormMachine = secretFormMachine<WebhookDraft>({
  id: 'webhookForm',
  empty: () => ({ url: '', events: ['message.sent', 'message.failed'] }),
  problemsOf: (draft) => problemsOf(createWebhookSchema.safeParse(webhookRequestOf(draft))),
  createdKey: 'developer:webhooks.created',
});
