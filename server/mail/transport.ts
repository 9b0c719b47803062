import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { DkimSigners } from './dkim-signers.ts';
import {
  buildRawMessageSignedBy,
  rawMessageOf,
  signed,
  type DkimInputs,
  type RawMessage,
} from './raw-message.ts';
import { NOT_STARTED, type MayStart, type NotStarted, type SendOutcome } from './send-outcome.ts';
import { SmtpClient } from './smtp-client.ts';

// The one way e-mail leaves the process: a pooled nodemailer SMTP transport to the relay
// (SMTP_URL, or the built-in capture server). Campaigns and system mail share it. Every outcome
// is turned into one of three answers the dispatcher acts on (./send-outcome.ts), so it never
// reads SMTP errors itself.
export { NOT_STARTED, type MayStart, type NotStarted, type SendOutcome };

/** A message built elsewhere (a compose thread): its pieces, and what signing it needs, if anything. */
export type BuiltMessage = {
  message: Pick<RawMessage, 'envelope' | 'messageId' | 'chunks'>;
  dkim: DkimInputs | null;
};

export interface MailTransport {
  send(mail: Mail.Options, mayStart?: MayStart): Promise<SendOutcome | NotStarted>;
  /**
   * Sends a message already built (signed here first when it carries DKIM inputs). Only the fast
   * engine without a rate limit has it; the dispatcher composes and calls `send` otherwise.
   */
  sendBuilt?(built: BuiltMessage, mayStart?: MayStart): Promise<SendOutcome | NotStarted>;
  /** Waits for nothing: in-flight sends are the dispatcher's to drain before closing. */
  close(): void;
}

export type TransportOptions = {
  /** Connections in the pool (messages in flight at once). */
  concurrency: number;
  /** Messages per second handed to the relay; 0 means no limit. */
  ratePerSecond: number;
  /** The host name given in EHLO (SMTP_EHLO_NAME); nodemailer's default is the OS host name. */
  ehloName?: string;
  /**
   * `fast` (default): messages are built by raw-message.ts (no MIME streams) and handed to the
   * pool as finished bytes; `nodemailer`: nodemailer builds every message itself (SEND_ENGINE).
   */
  engine?: SendEngine;
};

export type SendEngine = 'fast' | 'nodemailer';

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

// 550 mailbox unavailable, 551 user not local, 553 mailbox name not allowed: the address is bad,
// not the message; mailing it again would only hurt the sender's reputation.
const USER_UNKNOWN = new Set([550, 551, 553]);

export function classifySmtpError(error: unknown): Exclude<SendOutcome, { kind: 'sent' }> {
  const smtp = error as SmtpError;
  const code = typeof smtp?.responseCode === 'number' ? smtp.responseCode : undefined;
  const response = (smtp?.response ?? (error instanceof Error ? error.message : String(error))).slice(
    0,
    1000,
  );
  if (code !== undefined && code >= 500 && code < 600) {
    return { kind: 'permanent', response, userUnknown: USER_UNKNOWN.has(code) };
  }
  // 4xx, and everything without an SMTP reply (ECONNECTION, ETIMEDOUT, ESOCKET): the relay did not
  // refuse this message, so it is tried again.
  return { kind: 'temporary', response };
}

export function createSmtpTransport(url: string, options: TransportOptions): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    pool: true,
    ...(options.ehloName ? { name: options.ehloName } : {}),
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    maxConnections: options.concurrency,
    // A connection is reused for many messages: a new TLS handshake per 100 messages costs more
    // than it protects against.
    maxMessages: 1000,
    ...(options.ratePerSecond > 0 ? { rateDelta: 1000, rateLimit: options.ratePerSecond } : {}),
    // Loopback relays (the capture server, tests) use self-signed certificates when they use any.
    tls: { rejectUnauthorized: !isLoopback(parsed.hostname) },
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  // nodemailer queues what its pool cannot take at once, out of sight of MayStart: at most a
  // connection's worth is handed to it, and each waiting message is asked when a slot frees.
  const slots = new Slots(options.concurrency);
  const viaNodemailer = async (
    mail: Mail.Options | null,
    built: RawMessage | null,
    mayStart?: MayStart,
  ): Promise<SendOutcome | NotStarted> => {
    await slots.take();
    try {
      if (mayStart && !mayStart()) return NOT_STARTED;
      const info = (await transporter.sendMail(
        built ? { envelope: built.envelope, raw: built.data } : (mail ?? {}),
      )) as { response?: string; messageId?: string };
      return {
        kind: 'sent',
        response: (info.response ?? '').slice(0, 1000),
        messageId: built?.messageId ?? info.messageId ?? '',
      };
    } catch (error) {
      return classifySmtpError(error);
    } finally {
      slots.give();
    }
  };
  const fast = (options.engine ?? 'fast') === 'fast';
  const signers = new DkimSigners();
  // The pipelining client has no rate limit; a limited relay keeps nodemailer's pool (raw bytes).
  let client: SmtpClient | null =
    fast && options.ratePerSecond === 0
      ? new SmtpClient({ url, connections: options.concurrency, ehloName: options.ehloName })
      : null;
  const sendRaw = async (
    mail: Mail.Options | null,
    built: RawMessage,
    mayStart?: MayStart,
  ): Promise<SendOutcome | NotStarted> => {
    if (!client) return viaNodemailer(mail, built, mayStart);
    const outcome = await client.send(built.envelope, built.chunks, mayStart);
    if (outcome.kind === 'unsupported') {
      // The relay needs what the client does not do (another AUTH mechanism): nodemailer from now on.
      if (client) {
        client.close();
        client = null;
      }
      return viaNodemailer(mail, built, mayStart);
    }
    return outcome.kind === 'sent' ? { ...outcome, messageId: built.messageId } : outcome;
  };
  return {
    async send(mail, mayStart) {
      let built: RawMessage | null;
      try {
        // A message the fast builder does not handle (see raw-message.ts) goes as it always did.
        // DKIM's RSA work runs on the signer threads (dkim-signers.ts).
        built = fast ? await buildRawMessageSignedBy(mail, (inputs) => signers.sign(inputs)) : null;
      } catch (error) {
        return classifySmtpError(error);
      }
      return built ? sendRaw(mail, built, mayStart) : viaNodemailer(mail, null, mayStart);
    },
    ...(fast && client
      ? {
          async sendBuilt({ message, dkim }: BuiltMessage, mayStart?: MayStart) {
            let built: RawMessage;
            try {
              built = dkim ? signed(message, await signers.sign(dkim)) : rawMessageOf(message);
            } catch (error) {
              return classifySmtpError(error);
            }
            return sendRaw(null, built, mayStart);
          },
        }
      : {}),
    close: () => {
      client?.close();
      signers.close();
      transporter.close();
    },
  };
}

/** A counting semaphore: `take` waits while every slot is taken. */
class Slots {
  private waiters: (() => void)[] = [];
  constructor(private free: number) {}
  async take(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  give(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.free += 1;
  }
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}
