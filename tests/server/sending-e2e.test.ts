import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../contract/endpoint.ts';
import { sendEndpoints, type CampaignState } from '../../contract/send.contract.ts';
import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { waitForCampaign } from './helpers/campaigns.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** From the API call to the relay: POST /api/send/ and the messages arriving at an SMTP server. */
describe(`a send from the API to the relay (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    sink.setReply((to) => (to.startsWith('gone-') ? { code: 550, message: 'no such user' } : 'accept'));
    t = await createTestApp({ smtpUrl: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('delivers every accepted row personalised, and refunds what the relay refused', async () => {
    const login = await t.signInAs('sender');
    const balance = await balanceOf(t.app.db, login.user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api${pathOf(sendEndpoints.create)}`,
      headers: bearer(login.access),
      payload: {
        subject: 'Contract {{contract_no}}',
        html: '<p>Dear {{name}}, contract {{contract_no}}</p>',
        from_email: login.user.email,
        sender_name: 'El Namer',
        source: {
          type: 'rows',
          rows: [
            { email: 'e2e-one@example.test', name: 'One', contract_no: 'K-1' },
            { email: 'E2E-two@example.test', name: 'Two', contract_no: 'K-2' },
            { email: 'gone-e2e@example.test', name: 'Gone', contract_no: 'K-3' },
          ],
        },
        survey: { type: 'yes_no', question: 'Renew?' },
      },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    await waitForCampaign(t.app.db, id, 'completed');

    const two = await sink.parsed('e2e-two@example.test');
    expect(two.subject).toBe('Contract K-2');
    expect(two.html).toContain('Dear Two, contract K-2');
    expect(two.html).toContain('Renew?');
    expect(sink.recipients().filter((to) => to.includes('e2e'))).toHaveLength(2);

    const state = await t.app.inject({
      method: 'GET',
      url: `/api${pathOf(sendEndpoints.get, { id })}`,
      headers: bearer(login.access),
    });
    expect(state.json<CampaignState>()).toMatchObject({
      status: 'completed',
      counts: { queued: 0, sending: 0, sent: 2, failed: 1 },
    });
    expect(await balanceOf(t.app.db, login.user.id)).toBe(balance - 2);
  });
});
