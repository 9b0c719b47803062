import type { SendingConfig } from '../config.ts';
import type { SystemMailer } from './system-mail.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';

/**
 * The process's one connection pool to the relay, made on first use from whatever URL is current
 * then (SMTP_URL, or the capture server's once it listens). Campaigns and system mail share it.
 */
export type Relay = {
  /** null while no relay URL is known. */
  transport(): MailTransport | null;
  close(): void;
};

export function createRelay(
  url: () => string | null,
  sending: Pick<SendingConfig, 'concurrency' | 'ratePerSecond'>,
): Relay {
  let current: { url: string; transport: MailTransport } | null = null;
  return {
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

/** System mail (password resets, contact notifications) through the relay, from MAIL_FROM. */
export function relaySystemMailer(relay: Relay, from: string): SystemMailer {
  return {
    async send(mail) {
      const transport = relay.transport();
      if (!transport) throw new Error('no mail transport is configured (SMTP_URL)');
      const outcome = await transport.send({ from, ...mail });
      if (outcome.kind !== 'sent') throw new Error(`the relay refused the message: ${outcome.response}`);
    },
  };
}
