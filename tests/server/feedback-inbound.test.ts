import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { sendEndpoints } from '../../contract/send.contract.ts';
import type { AppConfig } from '../../server/config.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { parseVerpAddress } from '../../server/mail/verp.ts';
import { messagesOf, waitForCampaign } from './helpers/campaigns.ts';
import { plainBounce, rfc3464Dsn, rfc5965Arf } from './helpers/feedback-reports.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { deliverSmtp } from './helpers/smtp-client.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

const BOUNCE_DOMAIN = 'bounces.example.test';

export const feedbackConfig = (overrides: Partial<AppConfig['feedback']> = {}): AppConfig['feedback'] => ({
  inbound: { port: 0, host: '127.0.0.1', maxMessageBytes: 256 * 1024 },
  reportsMax: 1000,
  pausePercent: 5,
  pauseAfter: 500,
  sendgridPublicKey: null,
  ...overrides,
});

/**
 * Issue 16's "done when": a campaign goes out through an SMTP sink; then a real RFC 3464 DSN and
 * an RFC 5965 ARF report come back over SMTP to the inbound receiver, at the VERP addresses the
 * sink saw as envelope senders. The messages turn bounced / complained, the addresses are
 * suppressed for that sender, no credit comes back, and the next send blocks them.
 */
describe(`bounces and complaints by mail, from the sink to the next send (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let sender: Session;
  let campaignId: string;
  let port: number;
  const api = sendApi(() => t);
  const rows = [
    { email: 'gone@example.org', name: 'Gone' },
    { email: 'angry@example.org', name: 'Angry' },
    { email: 'leaving@example.org', name: 'Leaving' },
    { email: 'fine@example.org', name: 'Fine' },
  ];
  const envelopeOf = (to: string) => {
    const message = sink.received.find((item) => item.to === to);
    if (!message) throw new Error(`the sink got nothing for ${to}`);
    return message.from;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, bounceDomain: BOUNCE_DOMAIN, feedback: feedbackConfig() });
    port = t.app.inboundSmtpPort!;
    sender = await api.session();
    const response = await api.send(sender, api.body(sender, { source: { type: 'rows', rows } } as never));
    expect(response.statusCode).toBe(201);
    campaignId = response.json<{ id: string }>().id;
    await waitForCampaign(t.app.db, campaignId, 'completed');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('listens, and the envelope sender of each message is its VERP address at the bounce domain', async () => {
    expect(port).toBeGreaterThan(0);
    const messages = await messagesOf(t.app.db, campaignId);
    for (const message of messages) {
      expect(parseVerpAddress(envelopeOf(message.email), [BOUNCE_DOMAIN])).toEqual({
        kind: 'bounce',
        token: message.token,
      });
    }
  });

  it('answers 550 for any recipient that is not a VERP address of a message it sent', async () => {
    const verp = envelopeOf('gone@example.org');
    const answer = await deliverSmtp(port, {
      from: 'someone@elsewhere.test',
      to: [
        'info@bounces.example.test',
        'b+AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA@bounces.example.test',
        verp.replace(BOUNCE_DOMAIN, 'other-domain.test'),
        'someone@gmail.example',
      ],
      raw: 'Subject: hello\r\n\r\nhi\r\n',
    });
    expect(answer).toEqual({ rcpt: [550, 550, 550, 550], data: null });
  });

  it('applies a DSN, an ARF complaint and a mailed unsubscribe; no refund; repeats change nothing', async () => {
    const balance = await balanceOf(t.app.db, sender.id);
    const messages = await messagesOf(t.app.db, campaignId);
    const byEmail = (email: string) => messages.find((message) => message.email === email)!;
    const gone = byEmail('gone@example.org');
    const angry = byEmail('angry@example.org');
    const leaving = byEmail('leaving@example.org');
    const goneMessageId = (await sink.parsed('gone@example.org')).messageId!;

    const dsn = rfc3464Dsn({
      to: envelopeOf('gone@example.org'),
      recipient: 'gone@example.org',
      status: '5.1.1',
      diagnostic: '550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
      originalMessageId: goneMessageId,
    });
    const arf = rfc5965Arf({
      to: envelopeOf('angry@example.org'),
      recipient: 'angry@example.org',
      originalMailFrom: envelopeOf('angry@example.org'),
      originalMessageId: (await sink.parsed('angry@example.org')).messageId!,
    });
    // The List-Unsubscribe mailto: of the message, as a mail client writes to it.
    const header = (await sink.parsed('leaving@example.org')).headerLines.find(
      (line) => line.key === 'list-unsubscribe',
    );
    const mailto = /mailto:([^>]+)>/.exec(header?.line ?? '')?.[1];
    expect(parseVerpAddress(mailto ?? '', [BOUNCE_DOMAIN])).toEqual({
      kind: 'unsubscribe',
      token: leaving.token,
    });

    for (let round = 0; round < 2; round++) {
      expect(await deliverSmtp(port, { from: '', to: [envelopeOf('gone@example.org')], raw: dsn })).toEqual({
        rcpt: [250],
        data: 250,
      });
      expect(await deliverSmtp(port, { from: '', to: [envelopeOf('angry@example.org')], raw: arf })).toEqual({
        rcpt: [250],
        data: 250,
      });
      expect(
        await deliverSmtp(port, {
          from: 'leaving@example.org',
          to: [mailto!],
          raw: 'From: leaving@example.org\r\nSubject: unsubscribe\r\n\r\nunsubscribe\r\n',
        }),
      ).toEqual({ rcpt: [250], data: 250 });
    }

    const after = await messagesOf(t.app.db, campaignId);
    const row = (id: string) => after.find((message) => message.id === id)!;
    expect(row(gone.id)).toMatchObject({
      status: 'sent',
      bounce_code: '5.1.1',
      bounce_diagnostic: '550 5.1.1 <gone@example.org>: Recipient address rejected: User unknown',
      complained_at: null,
    });
    expect(row(gone.id).bounced_at).not.toBeNull();
    expect(row(angry.id).complained_at).not.toBeNull();
    expect(row(angry.id).bounced_at).toBeNull();
    expect(row(leaving.id).unsubscribed_at).not.toBeNull();
    expect(after.find((message) => message.email === 'fine@example.org')).toMatchObject({
      bounced_at: null,
      complained_at: null,
      unsubscribed_at: null,
    });

    const suppressions = await t.app.db
      .selectFrom('suppressions')
      .select(['scope', 'email_key', 'reason', 'campaign_id', 'message_id'])
      .where('scope', '=', sender.id)
      .orderBy('email_key')
      .execute();
    expect(suppressions).toEqual([
      {
        scope: sender.id,
        email_key: 'angry@example.org',
        reason: 'complaint',
        campaign_id: campaignId,
        message_id: angry.id,
      },
      {
        scope: sender.id,
        email_key: 'gone@example.org',
        reason: 'hard_bounce',
        campaign_id: campaignId,
        message_id: gone.id,
      },
      {
        scope: sender.id,
        email_key: 'leaving@example.org',
        reason: 'unsubscribed',
        campaign_id: null,
        message_id: leaving.id,
      },
    ]);
    // A bounce after delivery gives no credit back, and the second delivery of each report did nothing.
    expect(await balanceOf(t.app.db, sender.id)).toBe(balance);
    const events = await t.app.db.selectFrom('feedback_events').select(['message_id', 'kind']).execute();
    expect(events).toHaveLength(2);
    expect(await t.app.db.selectFrom('inbound_reports').selectAll().execute()).toEqual([]);

    // The next send to the same people blocks the three and sends (and charges) the fourth only.
    const next = await api.send(sender, api.body(sender, { source: { type: 'rows', rows } } as never));
    expect(next.statusCode).toBe(201);
    const nextId = next.json<{ id: string }>().id;
    await waitForCampaign(t.app.db, nextId, 'completed');
    const blocked = (await messagesOf(t.app.db, nextId)).map((message) => [
      message.email,
      message.status,
      message.blocked_reason,
    ]);
    expect(blocked).toEqual([
      ['gone@example.org', 'blocked', 'hard_bounce'],
      ['angry@example.org', 'blocked', 'complaint'],
      ['leaving@example.org', 'blocked', 'unsubscribed'],
      ['fine@example.org', 'sent', null],
    ]);
    expect(await balanceOf(t.app.db, sender.id)).toBe(balance - 1);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api${pathOf(sendEndpoints.get, { id: nextId })}`,
      headers: { authorization: `Bearer ${sender.access}` },
    });
    expect(state.json()).toMatchObject({ counts: { sent: 1, blocked: 3 } });
  });

  it('shows bounced and complained in the e-mail log, its figures, charts and the overview', async () => {
    const get = (url: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api${url}`,
        headers: { authorization: `Bearer ${sender.access}` },
      });
    const page = (await get(`/logs/email/${campaignId}/messages/?ordering=seq`)).json<{
      results: {
        email: string;
        status: string;
        bounce_code: string | null;
        bounce_diagnostic: string | null;
      }[];
    }>();
    expect(page.results.map((row) => [row.email, row.status, row.bounce_code])).toEqual([
      ['gone@example.org', 'bounced', '5.1.1'],
      ['angry@example.org', 'complained', null],
      ['leaving@example.org', 'sent', null],
      ['fine@example.org', 'sent', null],
    ]);
    expect(page.results[0]!.bounce_diagnostic).toContain('User unknown');
    const bounced = (await get(`/logs/email/${campaignId}/messages/?status=bounced`)).json<{
      count: number;
    }>();
    const delivered = (await get(`/logs/email/${campaignId}/messages/?status=sent`)).json<{
      count: number;
    }>();
    expect([bounced.count, delivered.count]).toEqual([1, 2]);
    expect((await get(`/logs/email/${campaignId}/`)).json()).toMatchObject({
      counts: { sent: 4, bounced: 1, complained: 1 },
      pause_reason: null,
    });
    const timeline = (await get(`/logs/email/${campaignId}/timeline/`)).json<{
      bounces: { count: number }[];
      complaints: { count: number }[];
    }>();
    expect([
      timeline.bounces.map((point) => point.count),
      timeline.complaints.map((point) => point.count),
    ]).toEqual([[1], [1]]);
    const summary = (await get('/logs/summary/')).json<{ month: { bounced: number; complained: number } }>();
    expect(summary.month).toMatchObject({ bounced: 1, complained: 1 });
  });

  it('reads a non-standard plain-text bounce and a soft (4.x.x) DSN', async () => {
    const id = (
      await api.send(
        sender,
        api.body(sender, {
          source: {
            type: 'rows',
            rows: [
              { email: 'old-mx@example.org', name: 'Old' },
              { email: 'full@example.org', name: 'Full' },
            ],
          },
        } as never),
      )
    ).json<{ id: string }>().id;
    await waitForCampaign(t.app.db, id, 'completed');
    const plain = plainBounce({
      to: envelopeOf('old-mx@example.org'),
      recipient: 'old-mx@example.org',
      line: 'Remote host said: 550 5.1.1 <old-mx@example.org>... No such user here',
    });
    expect(
      (await deliverSmtp(port, { from: '', to: [envelopeOf('old-mx@example.org')], raw: plain })).data,
    ).toBe(250);
    const soft = rfc3464Dsn({
      to: envelopeOf('full@example.org'),
      recipient: 'full@example.org',
      status: '4.2.2',
      diagnostic: '452 4.2.2 Mailbox full',
      originalMessageId: '<unknown@example.test>',
      messageId: '<soft-1@mx.mailbox-provider.test>',
    });
    expect(
      (await deliverSmtp(port, { from: '', to: [envelopeOf('full@example.org')], raw: soft })).data,
    ).toBe(250);

    const rows = await messagesOf(t.app.db, id);
    expect(
      rows.map((row) => [
        row.email,
        row.bounce_code,
        row.bounced_at !== null,
        row.soft_bounce_count,
        row.bounce_type,
        row.bounce_reason,
      ]),
    ).toEqual([
      ['old-mx@example.org', '5.1.1', true, 0, 'hard', 'userunknown'],
      ['full@example.org', '4.2.2', false, 1, 'soft', 'mailboxfull'],
    ]);
    expect(rows[0]!.bounce_diagnostic).toContain('No such user here');
    // One soft bounce is only counted: no suppression yet.
    const softSuppressed = await t.app.db
      .selectFrom('suppressions')
      .select('reason')
      .where('email_key', '=', 'full@example.org')
      .execute();
    expect(softSuppressed).toEqual([]);
  });

  it('keeps what it cannot match for administrators', async () => {
    // postmaster@ of the bounce domain takes feedback-loop reports; this one names no message of ours.
    const dsn = rfc3464Dsn({
      to: `postmaster@${BOUNCE_DOMAIN}`,
      recipient: 'stranger@example.org',
      status: '5.1.1',
      diagnostic: '550 5.1.1 User unknown',
      originalMessageId: '<not-ours@example.net>',
      messageId: '<unmatched-1@mx.mailbox-provider.test>',
    });
    expect(await deliverSmtp(port, { from: '', to: [`postmaster@${BOUNCE_DOMAIN}`], raw: dsn })).toEqual({
      rcpt: [250],
      data: 250,
    });
    const kept = await t.app.db.selectFrom('inbound_reports').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      kind: 'delivery_status',
      problem: 'no_match',
      subject: 'Undelivered Mail Returned to Sender',
      envelope_to: JSON.stringify([`postmaster@${BOUNCE_DOMAIN}`]),
    });
    expect(kept[0]!.excerpt).toContain('Final-Recipient: rfc822; stranger@example.org');
  });
});
