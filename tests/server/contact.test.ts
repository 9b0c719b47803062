import { contactMessageSchema } from '../../contract/contact.contract.ts';
import { pageSchema } from '../../contract/list.contract.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const message = {
  full_name: 'سارة أحمد',
  phone: '+20 100 123 4567',
  email: 'Sara@Example.com',
  company: 'شركة الأمل',
  message: 'نود معرفة الأسعار.',
  language: 'ar',
};

describe('contact form', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.signInAs('admin')).access;
  });
  afterAll(() => t.close());

  const send = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact/', payload, remoteAddress: ip });

  it('stores a message and e-mails the administrators with the visitor as Reply-To', async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(201);
    const mail = t.systemMail.at(-1)!;
    expect(mail.replyTo).toBe('Sara@example.com');
    expect(mail.text).toContain('نود معرفة الأسعار.');
    expect(Array.isArray(mail.to) && mail.to.length).toBeGreaterThan(0);

    const list = await t.app.inject({ url: '/api/contact/', headers: bearer(admin) });
    const page = pageSchema(contactMessageSchema).parse(list.json());
    expect(page.results[0]).toMatchObject({ full_name: 'سارة أحمد', read: false, email: 'Sara@example.com' });
  });

  it('needs every field ("Please fill in all fields"), each named', async () => {
    const response = await send(
      { full_name: ' ', phone: '', email: '', company: '', message: '' },
      '10.0.0.2',
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual([
      'company',
      'email',
      'full_name',
      'message',
      'phone',
    ]);
  });

  it('limits messages per address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send({ ...message, email: 'flood@example.com' }, `10.3.0.${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('keeps the message when mail is down', async () => {
    const failing = await createTestApp();
    failing.app.systemMailer.send = async () => {
      throw new Error('smtp down');
    };
    const response = await failing.app.inject({ method: 'POST', url: '/api/contact/', payload: message });
    expect(response.statusCode).toBe(201);
    const rows = await failing.app.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    await failing.close();
  });

  it('lets administrators mark messages read and delete them; senders cannot read them', async () => {
    const sender = await t.signInAs('sender');
    expect((await t.app.inject({ url: '/api/contact/', headers: bearer(sender.access) })).statusCode).toBe(
      403,
    );
    const [first] = pageSchema(contactMessageSchema).parse(
      (await t.app.inject({ url: '/api/contact/', headers: bearer(admin) })).json(),
    ).results;
    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/contact/${first!.id}/`,
      headers: bearer(admin),
      payload: { read: true },
    });
    expect(read.json().read).toBe(true);
    const unread = await t.app.inject({ url: '/api/contact/?unread=true', headers: bearer(admin) });
    expect(unread.json().results.some((row: { id: string }) => row.id === first!.id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contact/${first!.id}/`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(204);
  });

  it('searches names, addresses, companies and messages, with % taken literally', async () => {
    await send(
      { ...message, full_name: 'Omar 100% Ready', email: 'omar@example.com', message: 'Pricing?' },
      '10.0.0.9',
    );
    const search = async (term: string) =>
      pageSchema(contactMessageSchema)
        .parse(
          (
            await t.app.inject({
              url: `/api/contact/?search=${encodeURIComponent(term)}`,
              headers: bearer(admin),
            })
          ).json(),
        )
        .results.map((row) => row.email);
    expect(await search('OMAR')).toEqual(['omar@example.com']);
    expect(await search('100%')).toEqual(['omar@example.com']);
    expect(await search('0% R')).toEqual(['omar@example.com']);
    expect(await search('%%')).toEqual([]);
    expect(await search('الأمل')).toContain('Sara@example.com');
  });
});
