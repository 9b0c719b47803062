import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { sendEndpoints, type SendRequest } from '../../contract/send.contract.ts';
import { loadConfig } from '../../server/config.ts';
import { insertTestCampaign, waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SinkReply, type SmtpSink } from './helpers/smtp-sink.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Work accepted by this process wakes its dispatcher at once. The poll interval is an hour here,
 * so a campaign that completes was picked up by the wake signal, never by the poll.
 */
describe(`waking the dispatcher (${engine})`, () => {
  const HOUR = 3_600_000;
  let sink: SmtpSink;
  let t: TestApp;
  let sender: { id: string; access: string; email: string };
  // Messages to held-* addresses wait at RCPT TO until the test lets them through.
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));

  beforeAll(async () => {
    sink = await startSmtpSink();
    sink.setReply((to): SinkReply | Promise<SinkReply> =>
      to.startsWith('held-') ? held.then(() => 'accept' as const) : 'accept',
    );
    t = await createTestApp({ smtpUrl: sink.url, sending: { ...loadConfig({}).sending, pollMs: HOUR } });
    const login = await t.signInAs('sender');
    sender = { id: login.user.id, access: login.access, email: login.user.email };
  });
  afterAll(async () => {
    release();
    await t.close();
    await sink.close();
  });

  const body = (emails: string[]): SendRequest => ({
    subject: 'Hello {{name}}',
    html: '<p>Dear {{name}}, this is the wake test.</p>',
    from_email: sender.email,
    sender_name: 'El Namer',
    source: { type: 'rows', rows: emails.map((email) => ({ email, name: email.split('@')[0] ?? '' })) },
  });
  const post = async (path: string, payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: bearer(sender.access),
      payload,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: string; status: string }>();
  };
  const send = (emails: string[]) => post(pathOf(sendEndpoints.create), body(emails));

  it('uses the configured poll interval', () => {
    expect(t.config.sending.pollMs).toBe(HOUR);
    expect(loadConfig({}).sending.pollMs).toBe(250);
    expect(loadConfig({ SEND_POLL_MS: '1000' }).sending.pollMs).toBe(1000);
    expect(() => loadConfig({ SEND_POLL_MS: '5' })).toThrow(/SEND_POLL_MS/);
  });

  it('sends an accepted campaign at once, not at the next poll', async () => {
    const accepted = await send(['wake-1@example.test', 'wake-2@example.test']);
    expect(accepted.status).toBe('sending');
    await waitForCampaign(t.app.db, accepted.id, 'completed');
    expect(sink.recipients()).toEqual(expect.arrayContaining(['wake-1@example.test', 'wake-2@example.test']));
  });

  it('sends a resumed campaign at once', async () => {
    // Written straight to the database as paused: nothing signals it, and the poll is an hour away.
    const id = await insertTestCampaign(t.app.db, {
      userId: sender.id,
      status: 'paused',
      recipients: [{ email: 'resumed-1@example.test', name: 'Resumed' }],
    });
    expect((await post(`/send/${id}/resume/`, {})).status).toBe('sending');
    await waitForCampaign(t.app.db, id, 'completed');
    expect(sink.recipients()).toContain('resumed-1@example.test');
  });

  it('keeps a wake that arrives while the dispatcher is busy with another campaign', async () => {
    const first = await send(['held-1@example.test']);
    // The first campaign's message is in flight, so the dispatcher is inside a step, not idle.
    while (sink.attempts.get('held-1@example.test') !== 1) await new Promise((r) => setTimeout(r, 20));
    const second = await send(['after-1@example.test']);
    release();
    await waitForCampaign(t.app.db, first.id, 'completed');
    await waitForCampaign(t.app.db, second.id, 'completed');
    expect(sink.recipients()).toEqual(
      expect.arrayContaining(['held-1@example.test', 'after-1@example.test']),
    );
    held = Promise.resolve();
  });
});
