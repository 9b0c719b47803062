import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../../db/schema.ts';
import {
  insertCapturedMail,
  mailboxRoot,
  pruneCapturedMail,
  storedFile,
} from './captured-mail.repository.ts';

export type CaptureServerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Raw messages go to DATA_DIR/mailbox. */
  dataDir: string;
  /** 0 or undefined picks a free port. */
  port?: number;
  maxMessageBytes?: number;
  maxMessages?: number;
  now?: () => Date;
};

export type CaptureServer = {
  /** smtp://127.0.0.1:PORT: give it to nodemailer like any relay. */
  url: string;
  close(): Promise<void>;
};

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
const DEFAULT_MAX_MESSAGES = 10_000;

let sequence = 0;
/** Sorts by arrival (time, then a process counter), so "newest first" is exact within a millisecond. */
function sortableId(at: Date): string {
  sequence = (sequence + 1) % 0x1000000;
  return (
    at.getTime().toString(16).padStart(12, '0') +
    sequence.toString(16).padStart(6, '0') +
    randomBytes(7).toString('hex')
  );
}

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((entry) => entry.text).join(', ');
}

/** An SMTP reply error: smtp-server sends `responseCode` and the message to the client. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The relay used when no SMTP_URL is configured: it accepts every message on loopback, without
 * authentication, and keeps it for the dashboard's Mailbox. The dispatcher sends to it through the
 * same SMTP path as to a real relay, so what administrators see is exactly what would go out.
 */
export async function startCaptureServer(options: CaptureServerOptions): Promise<CaptureServer> {
  const { db, log, dataDir } = options;
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_BYTES;
  const maxMessages = options.maxMessages ?? DEFAULT_MAX_MESSAGES;
  const now = options.now ?? (() => new Date());
  await mkdir(mailboxRoot(dataDir), { recursive: true });

  // Pruning takes one ordered scan; once per 1% of the cap keeps it cheap under bulk sending
  // while the mailbox never holds more than 1% over its cap. Runs are chained, never parallel.
  const pruneEvery = Math.max(1, Math.ceil(maxMessages / 100));
  let sincePrune = 0;
  let pruning: Promise<void> = Promise.resolve();
  const schedulePrune = () => {
    pruning = pruning
      .then(() => pruneCapturedMail(db, dataDir, maxMessages))
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'pruning the mailbox failed'),
      );
    return pruning;
  };

  async function store(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const receivedAt = now();
    const id = sortableId(receivedAt);
    const storagePath = `${id}.eml`;
    const file = storedFile(dataDir, storagePath);
    try {
      // Past the cap the rest is read (SMTP needs the whole DATA) but never reaches the disk.
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          done(null, stream.sizeExceeded ? undefined : chunk);
        },
      });
      await pipeline(stream, capped, createWriteStream(file, { flags: 'wx' }));
      if (stream.sizeExceeded) throw smtpError(552, 'Message exceeds the fixed maximum message size');
      // Attachments are not kept in memory beyond this parse; the file is the message of record.
      const parsed = await simpleParser(createReadStream(file), {
        skipHtmlToText: true,
        skipTextToHtml: true,
      });
      const { size } = await stat(file);
      const mailFrom = session.envelope.mailFrom;
      await insertCapturedMail(db, {
        id,
        envelope_from: mailFrom ? mailFrom.address : '',
        envelope_to: JSON.stringify(session.envelope.rcptTo.map((rcpt) => rcpt.address)),
        subject: parsed.subject ?? '',
        from_header: addressText(parsed.from),
        to_header: addressText(parsed.to),
        message_id: parsed.messageId ?? null,
        size,
        has_attachments: parsed.attachments.length > 0 ? 1 : 0,
        received_at: receivedAt.toISOString(),
        storage_path: storagePath,
      });
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    sincePrune += 1;
    if (sincePrune >= pruneEvery) {
      sincePrune = 0;
      await schedulePrune();
    }
  }

  const server = new SMTPServer({
    // Loopback only and no credentials: nothing outside this machine can reach it.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBytes,
    rejectOversized: true,
    logger: false,
    banner: 'El Namer capture server',
    onData(stream, session, callback) {
      store(stream, session).then(
        () => callback(),
        (error: unknown) => {
          const code = (error as { responseCode?: number }).responseCode;
          if (code) return callback(error as Error);
          log.error({ err: error }, 'the capture server could not keep a message');
          // Stream errors and database failures are temporary for the sender: it may retry.
          callback(smtpError(451, 'Could not store the message, try again later'));
        },
      );
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'capture SMTP server error'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  // A restart with a lower cap trims what an earlier run kept.
  await schedulePrune();
  log.info({ port }, 'capture SMTP server listening (no SMTP_URL set): mail is kept in the Mailbox');

  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pruning;
    },
  };
}
