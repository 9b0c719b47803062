/**
 * Mail the product sends on its own behalf (password resets, contact notifications), as opposed
 * to campaigns. It goes through the same SMTP transport as campaigns; tests plug in a recorder.
 */
export interface SystemMail {
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  /** Where replies go (a contact message is answered by replying to the visitor). */
  replyTo?: string;
  /** Another From than MAIL_FROM (a sender's test send, issue 22). */
  from?: { name: string; address: string };
}

export type SystemMailer = { send(mail: SystemMail): Promise<void> };
