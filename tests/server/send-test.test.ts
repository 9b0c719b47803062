import { balanceOf } from '../../server/modules/credits/ledger.ts';
import { TEST_SEND_LIMIT } from '../../server/modules/campaigns/test-send.ts';
import { sendApi } from './helpers/send-api.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/** Issue 22: a test send from the review, as listmonk and Mailchimp have it. */
describe(`test send (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const { session, body, post } = sendApi(() => t);
  const test = (who: Awaited<ReturnType<typeof session>>, payload: unknown) =>
    post('/send/test/', who, payload);

  it('renders for the first recipient, marks the subject, sends to the test addresses only, for free', async () => {
    const sender = await session();
    const before = await balanceOf(t.app.db, sender.id);
    const response = await test(sender, {
      ...body(sender, {
        subject: 'مرحبًا {{name}}',
        html: '<p>عزيزي {{name}}، عقدك {{contract_no}}</p>',
        language: 'ar',
        source: {
          type: 'rows',
          rows: [
            { email: 'first@example.com', name: 'Sara', contract_no: 'C-1' },
            { email: 'second@example.com', name: 'Omar', contract_no: 'C-2' },
          ],
        },
      }),
      to: ['me@example.com', 'boss@example.com'],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent_to: ['me@example.com', 'boss@example.com'] });
    const mail = t.systemMail.at(-1)!;
    expect(mail.to).toEqual(['me@example.com', 'boss@example.com']);
    expect(mail.subject).toBe('[رسالة تجريبية] مرحبًا Sara');
    expect(mail.html).toContain('عزيزي Sara، عقدك C-1');
    expect(mail.html).toMatch(/<body dir="rtl" lang="ar">/);
    expect(mail.from).toEqual({ name: 'El Namer', address: sender.email });
    // Nothing written, nothing charged.
    expect(await balanceOf(t.app.db, sender.id)).toBe(before);
    const campaigns = await t.app.db
      .selectFrom('campaigns')
      .select('id')
      .where('user_id', '=', sender.id)
      .execute();
    expect(campaigns).toEqual([]);
  });

  it('takes one to five addresses and the send rules (own from address)', async () => {
    const sender = await session();
    const six = Array.from({ length: 6 }, (_, i) => `t${i}@example.com`);
    expect((await test(sender, { ...body(sender), to: six })).statusCode).toBe(400);
    expect((await test(sender, { ...body(sender), to: [] })).statusCode).toBe(400);
    const wrongFrom = await test(sender, {
      ...body(sender, { from_email: 'someone@else.example' }),
      to: ['a@example.com'],
    });
    expect(wrongFrom.statusCode).toBe(400);
    expect(wrongFrom.json().fields).toEqual({ from_email: 'validation.fromNotAllowed' });
  });

  it('is rate-limited per user', async () => {
    const sender = await session('admin');
    const statuses: number[] = [];
    for (let i = 0; i <= TEST_SEND_LIMIT.max; i += 1)
      statuses.push((await test(sender, { ...body(sender), to: ['me@example.com'] })).statusCode);
    expect(statuses.slice(0, TEST_SEND_LIMIT.max).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
