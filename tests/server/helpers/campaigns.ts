import { randomBytes, randomUUID } from 'node:crypto';
import type { CampaignRow, Db } from '../../../server/db/schema.ts';
import { chargeCredits } from '../../../server/modules/credits/ledger.ts';

/**
 * Writes a campaign and its message rows the way the accept API does (one charged credit per
 * recipient, in one transaction), so engine tests do not depend on the API's request shape.
 */
export type TestRecipient = {
  email: string;
  name?: string;
  variables?: Record<string, string>;
  attachment?: string | null;
};

export type TestCampaignInput = {
  userId: string;
  recipients: TestRecipient[];
  now?: Date;
  subject?: string;
  html?: string;
  fromEmail?: string;
  senderName?: string;
  language?: 'ar' | 'en';
  status?: CampaignRow['status'];
  scheduledAt?: string | null;
  survey?: unknown;
  attachments?: { zips: string[]; attachment: string | null; image: string | null };
  missingAttachments?: CampaignRow['missing_attachments'];
  replyTo?: string;
};

export async function insertTestCampaign(db: Db, input: TestCampaignInput): Promise<string> {
  const now = (input.now ?? new Date()).toISOString();
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campaigns')
      .values({
        id,
        user_id: input.userId,
        subject: input.subject ?? 'Hello {{name}}',
        html: input.html ?? '<p>Dear {{name}}, your code is {{code}}.</p>',
        template_id: null,
        from_email: input.fromEmail ?? 'sender@example.test',
        sender_name: input.senderName ?? 'Sender',
        source_type: 'rows',
        source_ref: null,
        survey: input.survey ? JSON.stringify(input.survey) : null,
        attachments: JSON.stringify(input.attachments ?? { zips: [], attachment: null, image: null }),
        missing_attachments: input.missingAttachments ?? null,
        reply_to: input.replyTo ?? null,
        language: input.language ?? 'en',
        status: input.status ?? 'sending',
        scheduled_at: input.scheduledAt ?? null,
        started_at: input.status === 'scheduled' ? null : now,
        late_seconds: null,
        finished_at: null,
        recipients_count: input.recipients.length,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let at = 0; at < input.recipients.length; at += 500) {
      await trx
        .insertInto('messages')
        .values(
          input.recipients.slice(at, at + 500).map((recipient, index) => ({
            id: randomUUID(),
            campaign_id: id,
            seq: at + index + 1,
            email: recipient.email,
            email_key: recipient.email.toLowerCase(),
            name: recipient.name ?? '',
            variables: JSON.stringify(recipient.variables ?? {}),
            attachment: recipient.attachment ?? null,
            status: 'queued' as const,
            blocked_reason: null,
            next_attempt_at: now,
            charged: 1,
            token: randomBytes(24).toString('base64url'),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    await chargeCredits(trx, { userId: input.userId, amount: input.recipients.length, campaignId: id, now });
  });
  return id;
}

export const recipients = (count: number, prefix = randomUUID().slice(0, 6)): TestRecipient[] =>
  Array.from({ length: count }, (_, index) => ({
    email: `r${index}-${prefix}@example.test`,
    name: `Recipient ${index}`,
    variables: { code: `C${index}` },
  }));

/** Polls until the campaign reaches `status` (the dispatcher runs on its own loop). */
export async function waitForCampaign(db: Db, id: string, status: CampaignRow['status'], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (row.status === status) return row;
    if (Date.now() > deadline) throw new Error(`campaign stayed ${row.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function messagesOf(db: Db, campaignId: string) {
  return db.selectFrom('messages').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute();
}
