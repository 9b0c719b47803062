import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/** Sends one message through a real SMTP connection, the way the dispatcher does. */
export async function sendMail(relayUrl: string, message: Mail.Options) {
  const transport = nodemailer.createTransport(relayUrl);
  try {
    return await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
