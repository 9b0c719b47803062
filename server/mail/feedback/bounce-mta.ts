import type { ParsedMail } from 'mailparser';

/**
 * The reporting system's family, from the report's own headers and wording: used by the rules
 * that only mean something from one system, by the reading of formats without a DSN part, and to
 * print the corpus figures per family. `''` when nothing says.
 */
const FAMILIES: { family: string; test: (h: Headers) => boolean }[] = [
  { family: 'jmrp', test: (h) => /x-hmxmroriginalrecipient/i.test(h.all) },
  { family: 'googlegroups', test: (h) => /@googlegroups\.com/i.test(h.failed) && /google/i.test(h.from) },
  { family: 'gmail', test: (h) => /mailer-daemon@(googlemail|gmail)\.com/i.test(h.from) },
  { family: 'exchange2003', test: (h) => /x-ms-embedded-report|internet mail service/i.test(h.all) },
  { family: 'exchange', test: (h) => /x-ms-exchange|microsoft(exchange| exchange)/i.test(h.all) },
  { family: 'yahoo', test: (h) => /yahoo/i.test(h.from) && /failure notice/i.test(h.subject) },
  {
    family: 'notes',
    test: (h) => /lotus|domino/i.test(h.all) || /^DELIVERY (FAILURE|REPORT)/i.test(h.subject),
  },
  { family: 'verizon', test: (h) => /verizon|vzwpix/i.test(h.from) },
  { family: 'imail', test: (h) => /x-mailer: <?smtp32/i.test(h.all) },
  { family: 'interscan', test: (h) => /interscan|trend micro/i.test(h.all) },
  { family: 'kddi', test: (h) => /kddi|ezweb|au\.com/i.test(h.from) },
  { family: 'apple', test: (h) => /icloud\.com|me\.com/i.test(h.from) },
  { family: 'aol', test: (h) => /@aol\.com/i.test(h.from) || /^x-aol-/im.test(h.all) },
  { family: 'workmail', test: (h) => /x-mailer: amazon workmail/i.test(h.all) },
  { family: 'amazonses', test: (h) => /amazonses\.com/i.test(h.all) },
  { family: 'zoho', test: (h) => /x-mailer: zoho mail/i.test(h.all) },
  { family: 'surfcontrol', test: (h) => /x-mailer: surfcontrol/i.test(h.all) },
  { family: 'openmail', test: (h) => /received: by openmail/i.test(h.all) },
  { family: 'javamail', test: (h) => /^message-id: <[^>]*javamail/im.test(h.all) },
  { family: 'messagingserver', test: (h) => /^delivery notification: delivery has failed/i.test(h.subject) },
];

type Headers = { all: string; from: string; subject: string; failed: string };

export function detectMta(parsed: ParsedMail): string {
  const headers: Headers = {
    all: parsed.headerLines.map((line) => line.line).join('\n'),
    from: parsed.from?.text ?? '',
    subject: parsed.subject ?? '',
    failed: String(parsed.headers.get('x-failed-recipients') ?? ''),
  };
  return FAMILIES.find((candidate) => candidate.test(headers))?.family ?? '';
}
