import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailKey } from '../../contract/email.contract.ts';
import { readReport } from '../../server/mail/feedback/reports.ts';
import { bounceAddress } from '../../server/mail/verp.ts';
import { grantCredits } from '../../server/modules/credits/ledger.ts';
import { messagesOf, waitForCampaign } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { deliverSmtp } from './helpers/smtp-client.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 32's "done when": every real report of tests/fixtures/bounces (Sisimai's set-of-emails,
 * with what Sisimai reads from each in expected.json) is rewritten to answer a message the
 * product really sent (each named recipient gets an address of its own, tagged with the file's
 * number, so one file's suppression cannot hide another's) and delivered by SMTP to that
 * message's VERP address. What each message then shows decides the file: bounced and suppressed
 * (hard), complained and suppressed (complaint), counted without suppression (soft), untouched
 * (ignore). The figures per mail system are printed; the files still read wrongly are listed in
 * docs/deliverability.md.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/bounces');
type Fact = { recipient: string; reason: string };
type Expected = {
  file: string;
  mta: string;
  expected: string;
  reason: string;
  recipient: string;
  facts: Fact[];
};
const corpus = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Expected[];

/** `kijitora@example.jp` of file 17 -> `kijitora+f17@example.jp`. */
const tagged = (address: string, index: number) => {
  const at = address.lastIndexOf('@');
  // A quoted local part ("neko....nyaan....") becomes a plain one the send form accepts.
  const local = address
    .slice(0, at)
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local || 'x'}+f${index}@${address.slice(at + 1)}`;
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Case = Expected & { index: number; addresses: Map<string, string>; primary: string };
const cases: Case[] = corpus.map((entry, index) => {
  const named = [entry.recipient, ...entry.facts.map((fact) => fact.recipient)].filter((address) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address ?? ''),
  );
  const addresses = new Map<string, string>();
  for (const address of named) addresses.set(address.toLowerCase(), tagged(address.toLowerCase(), index));
  const primary = addresses.get(entry.recipient?.toLowerCase() ?? '') ?? `nobody+f${index}@example.org`;
  if (addresses.size === 0) addresses.set('', primary);
  return { ...entry, index, addresses, primary };
});

/** The report with each named recipient's address replaced by its tagged one, bytes kept. */
function rewritten(entry: Case): Buffer {
  let text = readFileSync(join(FIXTURES, 'maildir', entry.file)).toString('latin1');
  for (const [original, address] of entry.addresses)
    if (original) text = text.replace(new RegExp(escape(original), 'gi'), address);
  return Buffer.from(text, 'latin1');
}

describe(`the real bounce corpus through the inbound SMTP receiver (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let sender: Session;
  let campaignId: string;
  const api = sendApi(() => t);

  beforeAll(async () => {
    sink = await startSmtpSink();
    // No pause: the corpus is mostly failures, and every one of them must be read.
    t = await createTestApp({
      smtpUrl: sink.url,
      bounceDomain: 'bounces.example.test',
      feedback: {
        inbound: { port: 0, host: '127.0.0.1', maxMessageBytes: 256 * 1024 },
        reportsMax: 1000,
        pausePercent: 5,
        pauseAfter: 1_000_000,
        sendgridPublicKey: null,
      },
    });
    sender = await api.session();
    await grantCredits(t.app.db, {
      userId: sender.id,
      amount: 1_000,
      reason: null,
      createdBy: null,
      now: new Date().toISOString(),
    });
    const rows = cases.flatMap((entry) =>
      [...new Set(entry.addresses.values())].map((email) => ({ email, name: `File ${entry.index}` })),
    );
    const response = await api.send(sender, api.body(sender, { source: { type: 'rows', rows } } as never));
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    campaignId = response.json<{ id: string }>().id;
    await waitForCampaign(t.app.db, campaignId, 'completed', 60_000);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('decides at least 97 % of the files as expected, suppresses every hard one and no soft one', async () => {
    const port = t.app.inboundSmtpPort!;
    const sent = await messagesOf(t.app.db, campaignId);
    expect(sink.received.length).toBe(sent.length);
    const tokens = new Map(sent.map((row) => [row.email_key, row.token]));
    // Four connections at a time, as a provider's MTAs deliver: the corpus takes seconds.
    const queue = [...cases];
    const deliver = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const token = tokens.get(emailKey(entry.primary));
        expect(token, entry.file).toBeTruthy();
        const to = bounceAddress(token!, 'bounces.example.test');
        const answer = await deliverSmtp(port, { from: '', to: [to], raw: rewritten(entry) });
        expect(answer.data, entry.file).toBe(250);
      }
    };
    await Promise.all([deliver(), deliver(), deliver(), deliver()]);

    const messages = new Map((await messagesOf(t.app.db, campaignId)).map((row) => [row.email_key, row]));
    const suppressed = new Map(
      (
        await t.app.db
          .selectFrom('suppressions')
          .select(['email_key', 'reason'])
          .where('scope', '=', sender.id)
          .execute()
      ).map((row) => [row.email_key, row.reason]),
    );
    // What the receiver read from a file that left nothing on its message (auto-replies).
    const readingOf = async (entry: Case) => {
      const report = await readReport(rewritten(entry), { nullSender: true });
      const own = report.bounces.find((bounce) => bounce.recipient?.toLowerCase() === entry.primary);
      return (own ?? report.bounces[0])?.reason ?? 'none';
    };
    const decisionOf = (address: string) => {
      const row = messages.get(emailKey(address))!;
      if (row.complained_at) return 'complaint';
      if (row.bounced_at) return 'hard';
      if (row.soft_bounce_count > 0) return 'soft';
      return 'ignore';
    };

    type Figures = { files: number; decision: number; reason: number };
    const perMta = new Map<string, Figures>();
    const wrong: string[] = [];
    const softSuppressed: string[] = [];
    const hardNotSuppressed: string[] = [];
    let decisions = 0;
    let reasons = 0;
    for (const entry of cases) {
      const row = messages.get(emailKey(entry.primary))!;
      const decision = decisionOf(entry.primary);
      const reason = row.bounce_reason ?? (row.complained_at ? 'feedback' : await readingOf(entry));
      const suppression = suppressed.get(emailKey(entry.primary));
      if (entry.expected === 'soft' && suppression) softSuppressed.push(entry.file);
      if (entry.expected === 'hard' && suppression !== 'hard_bounce') hardNotSuppressed.push(entry.file);
      const figures = perMta.get(entry.mta) ?? { files: 0, decision: 0, reason: 0 };
      figures.files += 1;
      if (decision === entry.expected) {
        decisions += 1;
        figures.decision += 1;
      }
      if (reason === entry.reason) {
        reasons += 1;
        figures.reason += 1;
      }
      perMta.set(entry.mta, figures);
      if (decision !== entry.expected || reason !== entry.reason)
        wrong.push(`${entry.file}: ${entry.expected}/${entry.reason} read as ${decision}/${reason}`);
    }

    // A report naming several recipients decides each one: the other recipients' messages.
    let others = 0;
    let othersRight = 0;
    for (const entry of cases) {
      for (const fact of entry.facts) {
        const address = entry.addresses.get(fact.recipient.toLowerCase());
        if (!address || address === entry.primary) continue;
        others += 1;
        const expected = ['userunknown', 'hostunknown', 'hasmoved', 'notaccept'].includes(fact.reason)
          ? 'hard'
          : fact.reason === 'feedback'
            ? 'complaint'
            : 'soft';
        if (decisionOf(address) === expected) othersRight += 1;
        else
          wrong.push(
            `${entry.file} (${fact.recipient}): ${expected}/${fact.reason} read as ${decisionOf(address)}`,
          );
      }
    }

    const percent = (part: number, whole: number) => `${((part * 100) / whole).toFixed(1)} %`;
    const table = [...perMta.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([mta, figures]) =>
          `${mta.padEnd(16)} ${String(figures.files).padStart(3)} files  decision ${String(figures.decision).padStart(3)}  reason ${String(figures.reason).padStart(3)}`,
      );
    console.log(
      [
        `bounce corpus: ${cases.length} files, decision ${decisions} (${percent(decisions, cases.length)}), reason ${reasons} (${percent(reasons, cases.length)}), other recipients ${othersRight}/${others}`,
        ...table,
        'read differently from Sisimai:',
        ...wrong.map((line) => `  ${line}`),
      ].join('\n'),
    );

    expect(decisions / cases.length).toBeGreaterThanOrEqual(0.97);
    expect(reasons / cases.length).toBeGreaterThanOrEqual(0.9);
    expect(hardNotSuppressed).toEqual([]);
    expect(softSuppressed).toEqual(KNOWN_SOFT_READ_AS_HARD);
    // 16 further recipients in 14 files; the four still missed are listed in docs/deliverability.md.
    expect(othersRight / others).toBeGreaterThanOrEqual(0.75);
  }, 120_000);
});

/**
 * Files Sisimai calls "filtered" (the receiver's filter refused the recipient) whose words say
 * nothing but "user unknown", with no sign of the command or the filtering system: read as a bad
 * address (docs/deliverability.md says why). Kept in sight here so the list can only shrink.
 */
const KNOWN_SOFT_READ_AS_HARD: string[] = ['lhost-postfix-07.eml', 'lhost-x2-01.eml'];
