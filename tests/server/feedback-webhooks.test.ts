import { execFileSync } from 'node:child_process';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackWebhookEndpoints as api } from '../../contract/feedback-webhooks.contract.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { snsStringToSign, type SnsMessage } from '../../server/mail/feedback/providers.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { messagesOf, waitForCampaign } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000.pem';
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';

/** A self-signed certificate and its key, as SNS's signing certificate stands in for in tests. */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sns-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
        ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
        ...['-subj', '/CN=sns.amazonaws.com'],
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The provider webhooks end to end: a campaign goes out through the sink, then Amazon SES (via
 * SNS, signed with a test certificate the app fetches through an injected fetcher) and SendGrid
 * (signed event webhook, test ECDSA key) report bounces and complaints in their documented shapes.
 */
describe(`provider webhooks, from the sink to the next send (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let sender: Session;
  let campaignId: string;
  const fetched: string[] = [];
  const sns = selfSignedCertificate();
  const sendgrid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const send = sendApi(() => t);
  const rows = ['ses-gone', 'ses-angry', 'sg-gone', 'sg-angry', 'fine'].map((name) => ({
    email: `${name}@example.org`,
    name,
  }));

  const signSns = (message: Omit<SnsMessage, 'Signature'>): SnsMessage => ({
    ...message,
    Signature: createSign(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
      .update(snsStringToSign(message as SnsMessage))
      .sign(sns.key, 'base64'),
  });
  const notification = (messageId: string, ses: object, version: '1' | '2' = '1', at = t.app.now()) =>
    signSns({
      Type: 'Notification',
      MessageId: messageId,
      TopicArn: TOPIC,
      Message: JSON.stringify(ses),
      Timestamp: at.toISOString(),
      SignatureVersion: version,
      SigningCertURL: CERT_URL,
    });
  const postSns = (message: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api${pathOf(api.ses)}`,
      headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
      payload: JSON.stringify(message),
    });
  const postSendgrid = (events: object[], sign = true, at = t.app.now()) => {
    const body = JSON.stringify(events);
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const signature = createSign('sha256')
      .update(timestamp + body)
      .sign(sendgrid.privateKey, 'base64');
    return t.app.inject({
      method: 'POST',
      url: `/api${pathOf(api.sendgrid)}`,
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-signature': sign ? signature : Buffer.from('forged').toString('base64'),
        'x-twilio-email-event-webhook-timestamp': timestamp,
      },
      payload: body,
    });
  };
  const messageIdOf = async (email: string) => (await sink.parsed(email)).messageId!;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const feedback = {
      inbound: null,
      reportsMax: 1000,
      pausePercent: 5,
      pauseAfter: 500,
      // As SendGrid shows it: the base64 of the key's DER.
      sendgridPublicKey: sendgrid.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    };
    t = await createTestApp(
      { smtpUrl: sink.url, feedback },
      {
        setup: (app) => {
          app.snsFetchText = async (url) => {
            fetched.push(url);
            if (url === CERT_URL) return sns.cert;
            return '<ConfirmSubscriptionResponse/>';
          };
        },
      },
    );
    sender = await send.session();
    const response = await send.send(sender, send.body(sender, { source: { type: 'rows', rows } } as never));
    campaignId = response.json<{ id: string }>().id;
    await waitForCampaign(t.app.db, campaignId, 'completed');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('confirms an SNS subscription on SNS’s own host, and refuses forged or foreign messages', async () => {
    const subscribeUrl = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=abc`;
    const confirmation = signSns({
      Type: 'SubscriptionConfirmation',
      MessageId: 'sub-1',
      TopicArn: TOPIC,
      Message: 'You have chosen to subscribe to the topic.',
      SubscribeURL: subscribeUrl,
      Token: 'abc',
      Timestamp: new Date(t.app.now().getTime() - 60_000).toISOString(),
      SignatureVersion: '1',
      SigningCertURL: CERT_URL,
    });
    expect((await postSns(confirmation)).statusCode).toBe(200);
    expect(fetched).toEqual([CERT_URL, subscribeUrl]);

    const genuine = notification('forged-1', { notificationType: 'Bounce' });
    const tampered = { ...genuine, Message: JSON.stringify({ notificationType: 'Complaint' }) };
    expect((await postSns(tampered)).statusCode).toBe(403);
    const foreign = {
      ...genuine,
      SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem',
    };
    expect((await postSns(foreign)).statusCode).toBe(403);
    const plainHttp = { ...genuine, SigningCertURL: CERT_URL.replace('https:', 'http:') };
    expect((await postSns(plainHttp)).statusCode).toBe(403);
    expect((await postSns({ hello: 'world' })).statusCode).toBe(400);
    // Signed, but older than the hour SNS retries take: a replay, refused.
    const stale = notification(
      'stale-1',
      { notificationType: 'Bounce' },
      '1',
      new Date(t.app.now().getTime() - 2 * 3_600_000),
    );
    expect((await postSns(stale)).statusCode).toBe(400);
    // The certificate was fetched once and kept; no other host was ever asked.
    expect(fetched).toEqual([CERT_URL, subscribeUrl]);
  });

  it('applies SES bounces and complaints (signature versions 1 and 2), once each', async () => {
    const balance = await balanceOf(t.app.db, sender.id);
    const bounce = notification(
      'sns-bounce-1',
      {
        notificationType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            {
              emailAddress: 'ses-gone@example.org',
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: 'smtp; 550 5.1.1 user unknown',
            },
          ],
          timestamp: '2026-11-26T14:00:00.000Z',
          feedbackId: '0100018c-bounce',
        },
        mail: {
          timestamp: '2026-11-26T13:59:00.000Z',
          source: sink.received.find((item) => item.to === 'ses-gone@example.org')!.from,
          messageId: '0100018c-ses-id',
          destination: ['ses-gone@example.org'],
          commonHeaders: { messageId: await messageIdOf('ses-gone@example.org'), subject: 'Hello' },
        },
      },
      '1',
    );
    const complaint = notification(
      'sns-complaint-1',
      {
        notificationType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: 'ses-angry@example.org' }],
          complaintFeedbackType: 'abuse',
          feedbackId: '0100018c-complaint',
          timestamp: '2026-11-26T14:01:00.000Z',
        },
        mail: {
          source: 'someone-else@example.test',
          messageId: '0100018c-ses-id-2',
          headers: [{ name: 'Message-ID', value: await messageIdOf('ses-angry@example.org') }],
        },
      },
      '2',
    );
    for (const [message, applied] of [
      [bounce, 1],
      [complaint, 1],
      [bounce, 0],
      [complaint, 0],
    ] as const) {
      const response = await postSns(message);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ applied });
    }
    const rowsNow = await messagesOf(t.app.db, campaignId);
    const row = (email: string) => rowsNow.find((message) => message.email === email)!;
    expect(row('ses-gone@example.org')).toMatchObject({ bounce_code: '5.1.1', complained_at: null });
    expect(row('ses-gone@example.org').bounced_at).not.toBeNull();
    expect(row('ses-angry@example.org').complained_at).not.toBeNull();
    expect(await balanceOf(t.app.db, sender.id)).toBe(balance);
  });

  it('applies SendGrid bounce, dropped and spamreport events only with a valid signature', async () => {
    const balance = await balanceOf(t.app.db, sender.id);
    const events = [
      {
        email: 'sg-gone@example.org',
        timestamp: 1764165600,
        'smtp-id': await messageIdOf('sg-gone@example.org'),
        event: 'bounce',
        category: ['newsletter'],
        sg_event_id: 'sg-evt-bounce-1',
        sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
        reason: '500 unknown recipient',
        status: '5.0.0',
        type: 'bounce',
      },
      {
        email: 'sg-angry@example.org',
        timestamp: 1764165601,
        'smtp-id': await messageIdOf('sg-angry@example.org'),
        event: 'spamreport',
        sg_event_id: 'sg-evt-spam-1',
        sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.1',
      },
      {
        email: 'fine@example.org',
        timestamp: 1764165602,
        'smtp-id': await messageIdOf('fine@example.org'),
        event: 'delivered',
        sg_event_id: 'sg-evt-delivered-1',
        response: '250 OK',
      },
    ];
    expect((await postSendgrid(events, false)).statusCode).toBe(403);
    // Validly signed, but dated past SendGrid's five minutes (a replay): refused, nothing applied.
    const weekAgo = new Date(t.app.now().getTime() - 7 * 86_400_000);
    expect((await postSendgrid(events, true, weekAgo)).statusCode).toBe(400);
    expect((await postSendgrid(events, true, new Date(t.app.now().getTime() - 6 * 60_000))).statusCode).toBe(
      400,
    );
    expect((await postSendgrid(events)).json()).toEqual({ applied: 2 });
    expect((await postSendgrid(events)).json()).toEqual({ applied: 0 });
    const rowsNow = await messagesOf(t.app.db, campaignId);
    const row = (email: string) => rowsNow.find((message) => message.email === email)!;
    expect(row('sg-gone@example.org')).toMatchObject({
      bounce_code: '5.0.0',
      bounce_diagnostic: '500 unknown recipient',
    });
    expect(row('sg-angry@example.org').complained_at).not.toBeNull();
    expect(row('fine@example.org')).toMatchObject({ bounced_at: null, complained_at: null });
    expect(await balanceOf(t.app.db, sender.id)).toBe(balance);
  });

  it('suppresses those addresses for the sender, so the next send blocks them', async () => {
    const suppressions = await t.app.db
      .selectFrom('suppressions')
      .select(['email_key', 'reason'])
      .where('scope', '=', sender.id)
      .orderBy('email_key')
      .execute();
    expect(suppressions).toEqual([
      { email_key: 'ses-angry@example.org', reason: 'complaint' },
      { email_key: 'ses-gone@example.org', reason: 'hard_bounce' },
      { email_key: 'sg-angry@example.org', reason: 'complaint' },
      { email_key: 'sg-gone@example.org', reason: 'hard_bounce' },
    ]);
    const next = await send.send(sender, send.body(sender, { source: { type: 'rows', rows } } as never));
    const nextRows = await messagesOf(t.app.db, next.json<{ id: string }>().id);
    expect(
      nextRows.map((row) => [row.email, row.status === 'blocked' ? row.blocked_reason : 'queued']),
    ).toEqual([
      ['ses-gone@example.org', 'hard_bounce'],
      ['ses-angry@example.org', 'complaint'],
      ['sg-gone@example.org', 'hard_bounce'],
      ['sg-angry@example.org', 'complaint'],
      ['fine@example.org', 'queued'],
    ]);
  });

  it('answers 404 for the SendGrid webhook when no key is configured', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: `/api${pathOf(api.sendgrid)}`,
        headers: { 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
