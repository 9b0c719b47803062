import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { FeedbackConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { domainOf, parseVerpAddress, type VerpTarget } from '../verp.ts';
import { applyFeedback, messageIdFromHeader, type FeedbackTarget } from './feedback.service.ts';
import { keepInboundReport } from './inbound-reports.repository.ts';
import { applyReport } from './apply-report.ts';
import { readReport, type ReadReport } from './reports.ts';

/**
 * The inbound SMTP receiver (INBOUND_SMTP_PORT): the MX of the bounce domain points here. It
 * takes mail only for the VERP addresses of messages we sent (`b+<token>@` for bounces and
 * complaints, `u+<token>@` for mailed unsubscribes) at the domains those messages used (the
 * BOUNCE_DOMAIN, or the message's From domain), plus postmaster@ and abuse@ of the BOUNCE_DOMAIN
 * where feedback loops send their reports. Every other recipient gets 550, so it is no open relay
 * and no mailbox. What it cannot apply is kept, bounded, for administrators.
 */
export type InboundServerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** BOUNCE_DOMAIN, or null when each From domain is its own bounce domain. */
  bounceDomain: string | null;
  feedback: Pick<FeedbackConfig, 'pausePercent' | 'pauseAfter' | 'reportsMax'>;
  port: number;
  host: string;
  maxMessageBytes: number;
  now: () => Date;
};

export type InboundServer = { port: number; close(): Promise<void> };

type Recipient = VerpTarget | { kind: 'postmaster' };

const MAX_RECIPIENTS = 20;
const EXCERPT_BYTES = 16 * 1024;
const ROLE_ADDRESSES = new Set(['postmaster', 'abuse']);

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

async function messageDomains(db: Db, token: string, bounceDomain: string | null): Promise<string[] | null> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('campaigns', 'campaigns.id', 'messages.campaign_id')
    .select('campaigns.from_email')
    .where('messages.token', '=', token)
    .executeTakeFirst();
  if (!row) return null;
  return [...(bounceDomain ? [bounceDomain] : []), domainOf(row.from_email)];
}

/** The recipient this address names, or null (550). Only tokens of existing messages count. */
export async function acceptRecipient(
  db: Db,
  address: string,
  bounceDomain: string | null,
): Promise<Recipient | null> {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  if (bounceDomain && domain === bounceDomain.toLowerCase() && ROLE_ADDRESSES.has(local))
    return { kind: 'postmaster' };
  // Any domain at first: the token decides which domains are ours for it.
  const loose = parseVerpAddress(address, [domain]);
  if (!loose) return null;
  const domains = await messageDomains(db, loose.token, bounceDomain);
  if (!domains) return null;
  return parseVerpAddress(address, domains);
}

/** The token of a VERP address at any domain (ARF Original-Mail-From), if it names one of ours. */
function tokenOfAddress(address: string | null): string | null {
  if (!address) return null;
  const domain = domainOf(address);
  const target = parseVerpAddress(address, [domain]);
  return target?.kind === 'bounce' ? target.token : null;
}

export async function startInboundServer(options: InboundServerOptions): Promise<InboundServer> {
  const { db, log } = options;
  const recipients = new Map<string, Recipient[]>();

  const keep = async (
    report: ReadReport | null,
    session: SMTPServerSession,
    raw: Buffer,
    problem: 'no_match' | 'unreadable',
    details: Record<string, unknown>,
  ) => {
    await keepInboundReport(
      db,
      {
        received_at: options.now().toISOString(),
        envelope_from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        envelope_to: JSON.stringify(session.envelope.rcptTo.map((rcpt) => rcpt.address)),
        subject: (report?.subject ?? '').slice(0, 500),
        kind: report?.kind === 'auto_reply' ? 'other' : (report?.kind ?? 'other'),
        problem,
        details: JSON.stringify(details),
        excerpt: raw.subarray(0, EXCERPT_BYTES).toString('utf8'),
      },
      options.feedback.reportsMax,
    );
  };

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const targets = recipients.get(session.id) ?? [];
    const feedbackOptions = { ...options.feedback, now: options.now() };
    for (const target of targets) {
      if (target.kind !== 'unsubscribe') continue;
      // A person (or their mail client) wrote to the List-Unsubscribe mailto:.
      await applyFeedback(
        db,
        { target: { token: target.token }, kind: 'unsubscribe', source: 'smtp', eventId: 'mailto' },
        feedbackOptions,
      );
    }
    const reportTargets = targets.filter((target) => target.kind !== 'unsubscribe');
    if (reportTargets.length === 0) return;

    const nullSender = !session.envelope.mailFrom || session.envelope.mailFrom.address === '';
    const report = await readReport(raw, { nullSender });
    const details = {
      mta: report.mta,
      original_message_id: report.originalMessageId,
      original_mail_from: report.originalMailFrom,
      bounces: report.bounces,
    };
    if (report.bounces.length === 0) return keep(report, session, raw, 'unreadable', details);
    // Auto-replies and delivery notices change nothing.
    if (report.bounces.every((bounce) => bounce.decision === 'ignore')) return;

    const matches: FeedbackTarget[] = reportTargets.flatMap((target) =>
      target.kind === 'bounce' ? [{ token: target.token }] : [],
    );
    if (matches.length === 0) {
      // A feedback loop's report to postmaster@/abuse@: the original names the message.
      const token = tokenOfAddress(report.originalMailFrom);
      const messageId = messageIdFromHeader(report.originalMessageId);
      if (token) matches.push({ token });
      else if (messageId) matches.push({ messageId });
    }
    let applied = false;
    for (const target of matches) {
      const outcomes = await applyReport(db, target, report, feedbackOptions);
      for (const result of outcomes) {
        if (result.outcome !== 'no_match') applied = true;
        if (result.outcome === 'applied' && result.paused)
          log.warn({ campaign: result.campaignId }, 'campaign paused: its hard-bounce rate passed the limit');
      }
    }
    if (!applied) await keep(report, session, raw, 'no_match', details);
  }

  async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
    if (stream.sizeExceeded) throw smtpError(552, 'Message exceeds the fixed maximum message size');
    return Buffer.concat(chunks);
  }

  const server = new SMTPServer({
    // Mailbox providers deliver reports without authentication, like any MX.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxMessageBytes,
    rejectOversized: true,
    disableReverseLookup: true,
    logger: false,
    banner: 'El Namer feedback receiver',
    onMailFrom(_address, session, callback) {
      // Each transaction starts with no recipients, whatever came before on the connection.
      recipients.delete(session.id);
      callback();
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS)
        return callback(smtpError(452, 'Too many recipients'));
      acceptRecipient(db, address.address, options.bounceDomain).then(
        (recipient) => {
          if (!recipient) return callback(smtpError(550, 'No such recipient here'));
          recipients.set(session.id, [...(recipients.get(session.id) ?? []), recipient]);
          callback();
        },
        (error: unknown) => {
          log.error({ err: error }, 'the inbound receiver could not check a recipient');
          callback(smtpError(451, 'Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then((raw) => receive(raw, session))
        .then(
          () => {
            // A new transaction on the same connection starts with its own recipients.
            recipients.delete(session.id);
            callback();
          },
          (error: unknown) => {
            recipients.delete(session.id);
            const code = (error as { responseCode?: number }).responseCode;
            if (code) return callback(error as Error);
            log.error({ err: error }, 'the inbound receiver could not handle a report');
            callback(smtpError(451, 'Could not handle the message, try again later'));
          },
        );
    },
    onClose(session) {
      recipients.delete(session.id);
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'inbound SMTP receiver error'));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  log.info({ port, host: options.host }, 'inbound SMTP receiver listening for bounces and complaints');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
