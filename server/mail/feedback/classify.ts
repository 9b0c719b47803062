import { STATUS_RULES, TEXT_RULES } from './bounce-rules.ts';
import type { BounceReason } from './reasons.ts';

/**
 * Names the reason of one failed recipient from what the report says about it. The order is the
 * one a deliverability engineer reads in: the diagnostic text first (the receiver's own words,
 * matched against the rule table of bounce-rules.ts), then the enhanced status code, then the
 * bare SMTP reply code.
 */
export type BounceFacts = {
  /** Reporting system family (bounce-mta.ts), `''` when unknown. */
  mta: string;
  /** Enhanced status code (5.1.1), if the report has one. */
  status: string | null;
  /** Basic SMTP reply code (550), if the report has one. */
  replyCode: string | null;
  /** The Diagnostic-Code, else the report's own words about the recipient. */
  diagnostic: string;
  /** DSN Action (failed, delayed, delivered, relayed, expanded). */
  action: string | null;
  /** The whole report's words (transcripts say which command was refused), when not the diagnostic. */
  context?: string;
};

const ENHANCED = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const REPLY = /(?:^|[^\d.])([245][0-5]\d)(?:[\s\-:]|$)/;

export function enhancedStatus(text: string | null | undefined): string | null {
  const match = text ? ENHANCED.exec(text) : null;
  return match ? match[0] : null;
}

export function replyCodeOf(text: string | null | undefined): string | null {
  const match = text ? REPLY.exec(text) : null;
  return match ? match[1]! : null;
}

/** Which SMTP command the receiver refused, when the text says (Postfix, Exim, Dragonfly...). */
function refusedCommand(text: string): 'DATA' | 'RCPT' | 'MAIL' | null {
  // Exim ("after MAIL FROM"), Postfix ("in reply to RCPT TO command"): the command is named.
  const named = /(?:after|in reply to)\s+(end of data|data|rcpt to|mail from)/i.exec(text);
  if (named) return /data/i.test(named[1]!) ? 'DATA' : /rcpt/i.test(named[1]!) ? 'RCPT' : 'MAIL';
  if (/final data|\(data\b|>>> data\s+<<< [45]|^data\s*$/im.test(text)) return 'DATA';
  return null;
}

export function classifyBounce(facts: BounceFacts): BounceReason {
  const action = (facts.action ?? '').toLowerCase();
  if (action.startsWith('delivered') || action.startsWith('relayed') || action.startsWith('expanded'))
    return 'delivered';
  // Multi-line SMTP replies repeat their codes on each line ("550-5.7.1 ... 550-5.7.1 ..."):
  // the words are read without the repeats.
  const text = facts.diagnostic
    .replace(/\s+/g, ' ')
    .replace(/ [245]\d\d[- ][245]\.\d{1,3}\.\d{1,3}(?= )/g, '')
    .trim();
  const rule = TEXT_RULES.find(
    (candidate) => (!candidate.mta || candidate.mta === facts.mta) && candidate.pattern.test(text),
  );
  let reason: BounceReason | null = rule?.reason ?? null;
  const status = facts.status ?? enhancedStatus(text);
  if (!reason && status) {
    const [, subject, detail] = status.split('.');
    reason = STATUS_RULES[`${subject}.${detail}`] ?? null;
    if (!reason && status.endsWith('.0.0') === false) reason = STATUS_RULES[`${subject}.0`] ?? null;
  }
  if (!reason && action.startsWith('delayed')) reason = 'expired';
  if (!reason) {
    const reply = facts.replyCode ?? replyCodeOf(text);
    if (reply === '421' || reply === '554') reason = 'blocked';
    else if (reply === '552') reason = 'mailboxfull';
    else if (reply === '450' || reply === '451') reason = 'systemerror';
  }
  reason ??= 'undefined';
  const command = refusedCommand(`${facts.diagnostic}\n${facts.context ?? ''}`);
  // Refused at MAIL FROM, the refusal is about the sender's address, not the recipient's.
  if ((reason === 'userunknown' || reason === 'hostunknown') && command === 'MAIL') return 'rejected';
  // A receiver that takes RCPT TO and refuses the recipient only after the message (end of
  // DATA) is filtering what it lets in: Sisimai reads that as "filtered", not as a bad address.
  // Only for the generic "user unknown" wordings, and only when no specific status (5.1.1) says
  // the address does not exist.
  const specific = status !== null && /^5\.1\.[1-9]/.test(status);
  if (
    reason === 'userunknown' &&
    !specific &&
    /user unknown|unknown user|no such user/i.test(text) &&
    (command === 'DATA' || /^5\.7\./.test(status ?? '') || /\b5\.7\.\d/.test(text))
  )
    return 'filtered';
  return reason;
}

/**
 * The reason of a bounce known only by its status code and diagnostic text (a provider webhook, a
 * row stored before reasons were read): `temporary` for a soft bounce's delay.
 */
export function classifyStoredBounce(input: {
  status: string | null | undefined;
  diagnostic: string | null | undefined;
  temporary: boolean;
}): BounceReason {
  const diagnostic = input.diagnostic ?? '';
  return classifyBounce({
    mta: '',
    status: enhancedStatus(input.status) ?? enhancedStatus(diagnostic),
    replyCode: replyCodeOf(input.status) ?? replyCodeOf(diagnostic),
    diagnostic,
    action: input.temporary ? 'delayed' : 'failed',
  });
}
