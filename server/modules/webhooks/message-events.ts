import type { WebhookEventType } from '../../../contract/webhooks.contract.ts';
import type { Db } from '../../db/schema.ts';
import { emitEvent } from './events.ts';

/**
 * Events about one message, for the code that knows only the message's id (open pixel, survey
 * answer, unsubscribe, bounce and complaint reports): the owner and the common fields are read
 * here, so every message event carries the same `data`: message_id, campaign_id, email, plus
 * what the caller adds.
 */
export async function emitMessageEvent(
  db: Db,
  input: { messageId: string; type: WebhookEventType; at: Date; data?: Record<string, unknown> },
): Promise<void> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select(['messages.id', 'messages.campaign_id', 'messages.email', 'campaigns.user_id'])
    .where('messages.id', '=', input.messageId)
    .executeTakeFirst();
  if (!row) return;
  await emitEvent(db, {
    userId: row.user_id,
    type: input.type,
    at: input.at,
    data: { message_id: row.id, campaign_id: row.campaign_id, email: row.email, ...input.data },
  });
}

/**
 * message.opened, once: only for the open that set the message's first-open time (`at`, the
 * same ISO time the open was recorded with).
 */
export async function emitFirstOpen(db: Db, messageId: string, at: string): Promise<void> {
  const row = await db
    .selectFrom('messages')
    .select('opened_at')
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (row?.opened_at !== at) return;
  await emitMessageEvent(db, {
    messageId,
    type: 'message.opened',
    at: new Date(at),
    data: { opened_at: at },
  });
}
