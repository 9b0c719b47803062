import { randomUUID } from 'node:crypto';
import { pageSchema } from '../../contract/list.contract.ts';
import { templateSchema, templateSummarySchema } from '../../contract/templates.contract.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const suffix = () => randomUUID().slice(0, 8);

const newTemplate = (extra: object = {}) => ({
  name: `Welcome ${suffix()}`,
  subject: 'Hello {{name}}',
  content: '<p>Dear {{name}}, your code is {{code}}.</p>',
  editor: 'visual',
  variables: ['code'],
  ...extra,
});

describe('e-mail templates (email_forms)', () => {
  let t: TestApp;
  let sender: string;
  let other: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    sender = (await t.signInAs('sender')).access;
    other = (await t.signInAs('sender')).access;
    admin = (await t.signInAs('admin')).access;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, access: string, payload?: object) =>
    t.app.inject({ method, url: `/api/email_forms/${url}`, headers: bearer(access), payload });

  it('creates, reads, updates and deletes a template of its owner', async () => {
    const created = await call('POST', '', sender, newTemplate());
    expect(created.statusCode).toBe(201);
    const template = templateSchema.parse(created.json());
    expect(template).toMatchObject({ editor: 'visual', variables: ['code'], subject: 'Hello {{name}}' });

    const read = await call('GET', `${template.id}/`, sender);
    expect(read.json()).toEqual(template);

    const updated = await call('PATCH', `${template.id}/`, sender, {
      editor: 'html',
      content: '<h1>مرحبا {{name}}</h1><p>رمزك {{code}}</p>',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ editor: 'html', name: template.name, variables: ['code'] });

    expect((await call('DELETE', `${template.id}/`, sender)).statusCode).toBe(204);
    expect((await call('GET', `${template.id}/`, sender)).statusCode).toBe(404);
  });

  it.each([
    ['empty content', { content: '   ' }, 'content', 'validation.contentRequired'],
    [
      'only markup',
      { content: '<p><br></p><script>alert(1)</script>' },
      'content',
      'validation.contentRequired',
    ],
    ['too short', { content: '<p>Hi  there</p>' }, 'content', 'validation.contentTooShort'],
    ['an empty variable', { variables: ['code', ' '] }, 'variables.1', 'validation.variableRequired'],
    ['a non-English variable', { variables: ['code', 'مدينة'] }, 'variables.1', 'validation.variableEnglish'],
    [
      'a variable starting with a digit',
      { variables: ['code', '1st'] },
      'variables.1',
      'validation.variableEnglish',
    ],
    ['a duplicated variable', { variables: ['code', 'code'] }, 'variables', 'validation.variableDuplicate'],
    ['an undeclared variable', { variables: [] }, 'content', 'validation.undeclaredVariable'],
    ['a missing name', { name: '' }, 'name', 'validation.required'],
    ['an unknown editor', { editor: 'word' }, 'editor', 'validation.invalid'],
  ])('refuses %s with a translated field error', async (_, change, field, key) => {
    const response = await call('POST', '', sender, newTemplate(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: key });
  });

  it('reports an undeclared variable when an update removes its declaration', async () => {
    const { id } = (await call('POST', '', sender, newTemplate())).json();
    const response = await call('PATCH', `${id}/`, sender, { variables: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ content: 'validation.undeclaredVariable' });
    expect((await call('GET', `${id}/`, sender)).json().variables).toEqual(['code']);
  });

  it('keeps other senders out and lets administrators read but not change', async () => {
    const { id } = (await call('POST', '', sender, newTemplate())).json();
    expect((await call('GET', `${id}/`, other)).statusCode).toBe(404);
    expect((await call('PATCH', `${id}/`, other, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call('DELETE', `${id}/`, other)).statusCode).toBe(404);

    const asAdmin = await call('GET', `${id}/`, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().owner_username).toMatch(/^sender-/);
    expect((await call('PATCH', `${id}/`, admin, { name: 'Changed' })).statusCode).toBe(403);
    expect((await call('DELETE', `${id}/`, admin)).statusCode).toBe(403);
    expect((await call('GET', `${id}/`, sender)).json().name).not.toBe('Changed');
  });

  it('lists in the page shape with search and paging, own only for senders and all for admins', async () => {
    const tag = suffix();
    for (const name of [`Alpha ${tag}`, `Beta ${tag}`, `alphabet ${tag}`])
      await call('POST', '', sender, newTemplate({ name }));
    await call('POST', '', other, newTemplate({ name: `Alpha other ${tag}` }));

    const page = pageSchema(templateSummarySchema).parse(
      (await call('GET', `?search=ALPHA&page_size=1&ordering=name`, sender)).json(),
    );
    expect(page.count).toBe(2);
    expect(page.results.map((item) => item.name)).toEqual([`Alpha ${tag}`]);
    expect(page.results[0]).not.toHaveProperty('content');

    const second = (await call('GET', `?search=alpha&page_size=1&page=2&ordering=name`, sender)).json();
    expect(second.results.map((item: { name: string }) => item.name)).toEqual([`alphabet ${tag}`]);

    const all = (await call('GET', `?search=${tag}`, admin)).json();
    expect(all.count).toBe(4);
    const otherOnly = (await call('GET', `?search=${tag}`, other)).json();
    expect(otherOnly.count).toBe(1);
    expect((await call('GET', `?search=%25`, sender)).json().count).toBe(0);
  });

  it('needs a signed-in user and answers 404 for an unknown id', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/email_forms/' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('GET', `${randomUUID()}/`, sender)).statusCode).toBe(404);
  });
});
