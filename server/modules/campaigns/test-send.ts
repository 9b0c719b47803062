import { randomUUID } from 'node:crypto';
import type { User } from '../../../contract/auth.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import type { RecipientValues } from '../../../contract/template-render.ts';
import type { Db } from '../../db/schema.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { t, type Language } from '../../lib/i18n.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { composeMessage, loadCampaignContext } from '../../mail/compose.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { findUploads } from '../uploads/uploads.repository.ts';
import { campaignRow, checkFrom } from './campaigns.service.ts';
import { newMessageToken } from './campaigns.repository.ts';
import { recipientChunks } from './recipient-source.ts';
import { planSend, type SendInput } from './send-plan.ts';

/** Test sends a user may make: a handful to get a message right, not a way around credits. */
export const TEST_SEND_LIMIT = { max: 10, windowSeconds: 15 * 60 };
/** How long a test message's links keep answering; older test sends are removed. */
export const TEST_SEND_KEPT_DAYS = 30;

type TestSendInput = SendInput & { to: string[] };

export type TestSendDeps = {
  db: Db;
  now: Date;
  /** The relay campaigns go through; null while none is known. */
  transport: () => MailTransport | null;
  dataDir: string;
  publicUrl: string;
  bounceDomain: string | null;
};

/** The stored `variables` of a recipient, as a message row keeps them (recipient-values.ts reads them). */
function variablesOf(recipient: RecipientValues): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const { name, value } of recipient.extra ?? []) variables[name] = value;
  for (const field of ['organization', 'job_title', 'phone', 'country'] as const) {
    const value = recipient[field];
    if (value) variables[field] = value;
  }
  return variables;
}

/**
 * A test send (issues 22 and 32): the first recipient's campaign message, composed by the very
 * code that composes campaigns (compose.ts): same headers (List-Unsubscribe and -Post, List-Id,
 * Feedback-ID), DKIM signature, VERP envelope, tracked links, survey and unsubscribe links, with
 * the subject marked as a test, to the given addresses only. Its links carry the token of a
 * `test_sends` row, which the public pages answer without recording anything: no campaign, no
 * message in any log or count, no credits. Counted against TEST_SEND_LIMIT per user.
 */
export async function sendTest(
  deps: TestSendDeps,
  user: User,
  input: TestSendInput,
): Promise<{ sent_to: string[] }> {
  const { db, now } = deps;
  await enforceLimits(db, [{ key: `send-test:${user.id}`, ...TEST_SEND_LIMIT }], now);
  const fromEmail = await checkFrom(db, user, input.from_email);
  const plan = await planSend(db, user.id, input, now);
  for await (const chunk of recipientChunks(db, user.id, input.source)) {
    await plan.classify(chunk);
    if (plan.summary.sample.length > 0) break;
  }
  const first = plan.summary.sample[0];
  if (!first) throw validationFailed({ source: validationKeys.noRecipients });
  const transport = deps.transport();
  if (!transport) throw new Error('no mail transport is configured (SMTP_URL)');

  const stamp = now.toISOString();
  const id = randomUUID();
  const token = newMessageToken();
  const campaign = campaignRow(id, user, input, plan, {
    fromEmail,
    scheduledAt: null,
    status: 'sending',
    stamp,
  });
  const variables = JSON.stringify(variablesOf(first));
  const expired = new Date(now.getTime() - TEST_SEND_KEPT_DAYS * 86_400_000).toISOString();
  await db
    .deleteFrom('test_sends')
    .where('user_id', '=', user.id)
    .where('created_at', '<', expired)
    .execute();
  await db
    .insertInto('test_sends')
    .values({
      id,
      token,
      user_id: user.id,
      subject: campaign.subject,
      html: campaign.html,
      language: campaign.language,
      survey: campaign.survey,
      track_clicks: campaign.track_clicks ?? 1,
      email: first.email,
      name: first.name ?? '',
      variables,
      created_at: stamp,
    })
    .execute();

  const { attachments } = plan;
  const uploads = await findUploads(
    db,
    user.id,
    [...attachments.zips, attachments.attachment, attachments.image].filter((upload) => upload !== null),
  );
  const context = await loadCampaignContext(db, deps, campaign, uploads);
  const mail = await composeMessage(
    context,
    { id, email: first.email, name: first.name ?? '', variables, attachment: null, token },
    now,
  );
  const language = input.language as Language;
  const outcome = await transport.send({
    ...mail,
    to: input.to,
    // The VERP sender of the composed message, to the test addresses only.
    envelope: { from: (mail.envelope as { from: string }).from, to: input.to },
    subject: t(language, 'mail:campaign.testSubject', { subject: String(mail.subject) }),
    headers: { ...(mail.headers as Record<string, string>), 'X-El-Namer-Test': '1' },
  });
  if (outcome.kind !== 'sent') throw new Error(`the relay refused the test message: ${outcome.response}`);
  return { sent_to: input.to };
}
