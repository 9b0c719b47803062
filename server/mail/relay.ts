import type Mail from 'nodemailer/lib/mailer';
import type { SendingConfig } from '../config.ts';
import { DKIM_SIGNED_HEADERS } from './compose.ts';
import type { SystemMailer } from './system-mail.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';

/**
 * The process's one connection pool to the relay, made on first use from whatever URL is current
 * then (SMTP_URL, or the capture server's once it listens). Campaigns and system mail share it.
 */
export type Relay = {
  /** The relay's address now, or null while none is known. */
  url(): string | null;
  /** null while no relay URL is known. */
  transport(): MailTransport | null;
  close(): void;
};

export function createRelay(
  url: () => string | null,
  sending: Pick<SendingConfig, 'concurrency' | 'ratePerSecond' | 'engine'>,
  ehloName?: string,
): Relay {
  let current: { url: string; transport: MailTransport } | null = null;
  return {
    url,
    transport() {
      const wanted = url();
      if (!wanted) return null;
      if (current?.url !== wanted) {
        current?.transport.close();
        current = {
          url: wanted,
          transport: createSmtpTransport(wanted, {
            concurrency: sending.concurrency,
            ratePerSecond: sending.ratePerSecond,
            ehloName,
            engine: sending.engine,
          }),
        };
      }
      return current.transport;
    },
    close() {
      current?.transport.close();
      current = null;
    },
  };
}

/** A DKIM key for a From domain, or null when no verified sender domain holds one. */
export type DkimLookup = (fromDomain: string) => Promise<Mail.Options['dkim'] | null>;

/**
 * System mail (password resets, contact notifications) through the relay, from MAIL_FROM, signed
 * with the From domain's key whenever a verified sender domain has one: unsigned mail from a
 * domain that publishes DMARC lands in spam or is refused.
 */
export function relaySystemMailer(relay: Relay, from: string, dkimFor: DkimLookup): SystemMailer {
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1]?.toLowerCase() ?? '';
  return {
    async send(mail) {
      const transport = relay.transport();
      if (!transport) throw new Error('no mail transport is configured (SMTP_URL)');
      const dkim = fromDomain ? await dkimFor(fromDomain) : null;
      const outcome = await transport.send({
        from,
        ...mail,
        ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
      });
      if (outcome.kind !== 'sent') throw new Error(`the relay refused the message: ${outcome.response}`);
    },
  };
}
