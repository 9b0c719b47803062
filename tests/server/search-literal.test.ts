import type { LoginResponse } from '../../contract/auth.contract.ts';
import { insertList } from './helpers/sending.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Every list search takes the user's %, _ and \ literally, the same on both engines: SQLite has no
 * default LIKE escape character, so a search that escaped them without saying ESCAPE found
 * nothing there while PostgreSQL found the rows.
 */
describe(`searches take % and _ literally (${engine})`, () => {
  let t: TestApp;
  let sender: LoginResponse;
  let admin: LoginResponse;
  const tag = Math.random().toString(36).slice(2, 8);

  const request = (who: LoginResponse, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), payload });
  const found = async (who: LoginResponse, url: string, field: string) => {
    const response = await request(who, 'GET', url);
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: Record<string, unknown>[] }).results.map((row) => row[field]);
  };
  const q = (term: string) => encodeURIComponent(term);

  beforeAll(async () => {
    t = await createTestApp();
    [sender, admin] = await Promise.all([t.signInAs('sender'), t.signInAs('admin')]);
  });
  afterAll(() => t.close());

  it('in templates, by name', async () => {
    for (const name of [`${tag} sale 50% off`, `${tag} sale 500 off`, `${tag} sale 5_0`])
      expect(
        (
          await request(sender, 'POST', '/email_forms/', {
            name,
            content: '<p>Hello there, friend</p>',
            editor: 'visual',
            variables: [],
          })
        ).statusCode,
      ).toBe(201);
    expect(await found(sender, `/email_forms/?search=${q('50%')}`, 'name')).toEqual([`${tag} sale 50% off`]);
    expect(await found(sender, `/email_forms/?search=${q('5_0')}`, 'name')).toEqual([`${tag} sale 5_0`]);
  });

  it('in the users list and the balance log', async () => {
    const target = await t.createUser({ role: 'sender', username: `u_${tag}` });
    await t.createUser({ role: 'sender', username: `ux${tag}` });
    expect(await found(admin, `/auth/users/?search=${q(`u_${tag}`)}`, 'username')).toEqual([`u_${tag}`]);

    const topUp = await request(admin, 'POST', `/auth/users/${target.id}/quota/`, {
      amount: 5,
      reason: `${tag} 100% bonus`,
    });
    expect(topUp.statusCode).toBeLessThan(300);
    expect(await found(admin, `/auth/users/amount/?search=${q(`${tag} 100%`)}`, 'reason')).toEqual([
      `${tag} 100% bonus`,
    ]);
    expect(await found(admin, `/auth/users/amount/?search=${q(`${tag} 1000`)}`, 'reason')).toEqual([]);
  });

  it("in the e-mail log and a campaign's messages", async () => {
    const list = await insertList(t.app.db, sender.user.id, [
      { email: `a_b.${tag}@example.com`, name: 'First' },
      { email: `axb.${tag}@example.com`, name: 'Second' },
    ]);
    const accepted = await request(sender, 'POST', '/send/', {
      subject: `${tag} 20% off`,
      html: '<p>x</p>',
      from_email: sender.user.email,
      sender_name: 'n',
      source: { type: 'lists', ids: [list] },
    });
    expect(accepted.statusCode).toBe(201);
    const id = (accepted.json() as { id: string }).id;
    expect(await found(sender, `/logs/email/?search=${q(`${tag} 20%`)}`, 'subject')).toEqual([
      `${tag} 20% off`,
    ]);
    expect(await found(sender, `/logs/email/${id}/messages/?search=${q('a_b')}`, 'email')).toEqual([
      `a_b.${tag}@example.com`,
    ]);
  });
});
