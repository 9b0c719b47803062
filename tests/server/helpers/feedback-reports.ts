/**
 * Reports as mailbox providers send them, written out as raw messages: an RFC 3464 DSN the way
 * Postfix words it, an RFC 5965 ARF complaint the way feedback loops (Yahoo, Microsoft JMRP) send
 * it, and a non-standard bounce of the old qmail/Exim kind (plain text, no report part).
 */
export function rfc3464Dsn(input: {
  to: string;
  recipient: string;
  action?: 'failed' | 'delayed' | 'delivered';
  status: string;
  diagnostic: string;
  /** Message-ID of the returned original. */
  originalMessageId: string;
  messageId?: string;
}): string {
  const boundary = 'DSN.1764162000/mx.mailbox-provider.test';
  return [
    'Return-Path: <>',
    'Received: by mx.mailbox-provider.test (Postfix) id 4F2A1B; Thu, 26 Nov 2026 13:30:00 +0000 (UTC)',
    'Date: Thu, 26 Nov 2026 13:30:00 +0000 (UTC)',
    'From: MAILER-DAEMON@mx.mailbox-provider.test (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${input.to}`,
    'Auto-Submitted: auto-replied',
    `Message-Id: ${input.messageId ?? '<20261126133000.4F2A1B@mx.mailbox-provider.test>'}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;`,
    `\tboundary="${boundary}"`,
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.mailbox-provider.test.',
    '',
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    '',
    `<${input.recipient}>: host mail.example.org said: ${input.diagnostic}`,
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.mailbox-provider.test',
    'X-Postfix-Queue-ID: 4F2A1B',
    'Arrival-Date: Thu, 26 Nov 2026 13:29:58 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${input.recipient}`,
    `Original-Recipient: rfc822;${input.recipient}`,
    `Action: ${input.action ?? 'failed'}`,
    `Status: ${input.status}`,
    'Remote-MTA: dns; mail.example.org',
    // Folded, as Postfix writes long diagnostics.
    `Diagnostic-Code: smtp; ${input.diagnostic.slice(0, 30)}`,
    `    ${input.diagnostic.slice(30)}`,
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${input.originalMessageId}`,
    `To: ${input.recipient}`,
    'Subject: Hello',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export function rfc5965Arf(input: {
  to: string;
  recipient: string;
  originalMailFrom: string;
  originalMessageId: string;
  feedbackType?: string;
  messageId?: string;
}): string {
  const boundary = 'part1_13d.2e68ed54_boundary';
  return [
    'From: <feedbackloop@mailbox-provider.test>',
    'Date: Thu, 26 Nov 2026 14:00:00 +0000',
    'Subject: FW: Hello',
    `To: <${input.to}>`,
    `Message-ID: ${input.messageId ?? '<arf-0001@mailbox-provider.test>'}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report;',
    `     boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP',
    '192.0.2.1 on Thu, 26 Nov 2026 13:00:00 +0000.',
    'For more information about this format please see',
    'http://www.mipassoc.org/arf/.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${input.feedbackType ?? 'abuse'}`,
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    `Original-Mail-From: <${input.originalMailFrom}>`,
    `Original-Rcpt-To: <${input.recipient}>`,
    'Arrival-Date: Thu, 26 Nov 2026 13:00:00 +0000',
    'Reporting-MTA: dns; mail.mailbox-provider.test',
    'Source-IP: 192.0.2.1',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    `From: <sender@example.test>`,
    `To: <${input.recipient}>`,
    'Subject: Hello',
    `Message-ID: ${input.originalMessageId}`,
    'Date: Thu, 26 Nov 2026 12:59:00 +0000',
    '',
    'The body of the message that was reported.',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A bounce without a report part: only the words and the code say what happened. */
export function plainBounce(input: { to: string; recipient: string; line: string }): string {
  return [
    'From: Mail Delivery Subsystem <MAILER-DAEMON@old-mx.mailbox-provider.test>',
    `To: ${input.to}`,
    'Subject: failure notice',
    'Date: Thu, 26 Nov 2026 14:10:00 +0000',
    'Message-ID: <plain-bounce-1@old-mx.mailbox-provider.test>',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Hi. This is the qmail-send program at old-mx.mailbox-provider.test.',
    "I'm afraid I wasn't able to deliver your message to the following addresses.",
    "This is a permanent error; I've given up. Sorry it didn't work out.",
    '',
    `<${input.recipient}>:`,
    input.line,
    '',
  ].join('\r\n');
}
