import type { User } from '../../../contract/auth.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { compileEmail, renderEmail } from '../../../contract/template-render.ts';
import { bodyDirection, withBodyDirection } from '../../../contract/text-direction.ts';
import type { Db } from '../../db/schema.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { t, type Language } from '../../lib/i18n.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import type { SystemMailer } from '../../mail/system-mail.ts';
import { checkFrom } from './campaigns.service.ts';
import { recipientChunks } from './recipient-source.ts';
import { planSend, type SendInput } from './send-plan.ts';

/** Test sends a user may make: a handful to get a message right, not a way around credits. */
export const TEST_SEND_LIMIT = { max: 10, windowSeconds: 15 * 60 };

type TestSendInput = SendInput & { to: string[] };

/**
 * A test send (issue 22): the message the send would make, rendered with its first recipient's
 * values, to the given addresses only, its subject marked as a test. No campaign, no messages,
 * no credits; the survey, tracking and unsubscribe links are left out (there is no message row
 * for them to name). Counted against TEST_SEND_LIMIT per user.
 */
export async function sendTest(
  db: Db,
  user: User,
  input: TestSendInput,
  now: Date,
  mailer: SystemMailer,
): Promise<{ sent_to: string[] }> {
  await enforceLimits(db, [{ key: `send-test:${user.id}`, ...TEST_SEND_LIMIT }], now);
  const fromEmail = await checkFrom(db, user, input.from_email);
  const plan = await planSend(db, user.id, input, now);
  for await (const chunk of recipientChunks(db, user.id, input.source)) {
    await plan.classify(chunk);
    if (plan.summary.sample.length > 0) break;
  }
  const first = plan.summary.sample[0];
  if (!first) throw validationFailed({ source: validationKeys.noRecipients });
  const language = input.language as Language;
  const rendered = renderEmail(compileEmail({ subject: input.subject, html: plan.html }), first, {
    language,
    now,
  });
  await mailer.send({
    from: { name: input.sender_name, address: fromEmail },
    to: input.to,
    ...(input.reply_to ? { replyTo: input.reply_to } : {}),
    subject: t(language, 'mail:campaign.testSubject', { subject: rendered.subject }),
    html: withBodyDirection(rendered.html, bodyDirection(rendered.text, language)),
    text: rendered.text,
  });
  return { sent_to: input.to };
}
