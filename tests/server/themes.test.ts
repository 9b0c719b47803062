import { themeListSchema, themeSchema, type Theme } from '../../contract/theme.contract.ts';
import { DEFAULT_NEW_THEME } from '../../contract/theme.defaults.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const newTheme = (name: string) => ({ ...DEFAULT_NEW_THEME, name });

describe('themes API', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let sender: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await t.signInAs('admin')).access);
    sender = bearer((await t.signInAs('sender')).access);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db.deleteFrom('themes').execute();
  });

  const create = (body: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: '/api/control/theme/', headers, payload: body });
  const createOk = async (name: string) => {
    const response = await create(newTheme(name));
    expect(response.statusCode).toBe(201);
    return themeSchema.parse(response.json());
  };
  const list = async (url = '/api/control/theme/', headers = admin) => {
    const response = await t.app.inject({ url, headers });
    expect(response.statusCode).toBe(200);
    return themeListSchema.parse(response.json());
  };
  const activate = (id: string, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api/control/theme/${id}/activate/`, headers });
  const activeNames = (themes: Theme[]) =>
    themes.filter((theme) => theme.is_active).map((theme) => theme.name);

  it('creates an inactive theme and lists it, in creation order', async () => {
    const created = await createOk('Ocean');
    expect(created).toEqual({ id: expect.any(String), ...newTheme('Ocean'), is_active: false });
    await createOk('Forest');
    expect((await list()).map((theme) => theme.name)).toEqual(['Ocean', 'Forest']);
  });

  it('answers GET /control/theme (no slash) with the same array, without redirecting', async () => {
    await createOk('Ocean');
    const response = await t.app.inject({ url: '/api/control/theme', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(themeListSchema.parse(response.json())).toEqual(await list());
  });

  it('lets a sender read themes but not change them', async () => {
    const theme = await createOk('Ocean');
    expect(await list('/api/control/theme/', sender)).toHaveLength(1);
    expect(await list('/api/control/theme', sender)).toHaveLength(1);
    const attempts = [
      create(newTheme('Mine'), sender),
      t.app.inject({
        method: 'PATCH',
        url: `/api/control/theme/${theme.id}/`,
        headers: sender,
        payload: { name: 'x' },
      }),
      t.app.inject({ method: 'DELETE', url: `/api/control/theme/${theme.id}/`, headers: sender }),
      activate(theme.id, sender),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ statusCode: 403, code: 'errors.forbidden' });
    }
    expect(await list()).toEqual([theme]);
  });

  it('refuses anonymous reads and writes with 401', async () => {
    expect((await t.app.inject({ url: '/api/control/theme/' })).statusCode).toBe(401);
    expect((await create(newTheme('Anon'), { authorization: '' })).statusCode).toBe(401);
  });

  it.each([
    [{ ...newTheme('') }, { name: 'validation.required' }],
    [{ ...newTheme('   ') }, { name: 'validation.required' }],
    [{ ...newTheme('x'.repeat(65)) }, { name: 'validation.tooLong' }],
    [{ ...newTheme('Bad'), primary_color: 'red' }, { primary_color: 'validation.hexColor' }],
    [{ ...newTheme('Bad'), secondary_color: '#12345' }, { secondary_color: 'validation.hexColor' }],
    [{ ...newTheme('Bad'), primary_color: '#be27ce33' }, { primary_color: 'validation.hexColor' }],
    [{ ...newTheme('Bad'), accent_color: '#be27ce3' }, { accent_color: 'validation.hexColorAlpha' }],
    [
      { name: 'Bad' },
      {
        primary_color: 'validation.required',
        secondary_color: 'validation.required',
        accent_color: 'validation.required',
      },
    ],
  ])('refuses %j with 400 and field keys', async (body, fields) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'errors.validation',
      message: expect.any(String),
      fields,
    });
    expect(await list()).toEqual([]);
  });

  it('accepts an alpha suffix on the accent colour and a name of 64 characters', async () => {
    const response = await create({ ...newTheme('y'.repeat(64)), accent_color: '#AABBCCDD' });
    expect(response.statusCode).toBe(201);
    expect(response.json().accent_color).toBe('#AABBCCDD');
  });

  it('trims the name', async () => {
    expect((await createOk('  Padded  ')).name).toBe('Padded');
  });

  it('refuses a duplicate name in any letter case with 409', async () => {
    await createOk('Ocean');
    const response = await create(newTheme('OCEAN'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'errors.conflict',
      fields: { name: 'validation.nameTaken' },
    });
    expect(await list()).toHaveLength(1);
  });

  it('refuses duplicates even when the requests race past the check', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(newTheme('Race'))));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await list()).toHaveLength(1);
  });

  it('activates one theme at a time', async () => {
    const ocean = await createOk('Ocean');
    const forest = await createOk('Forest');
    const first = await activate(ocean.id);
    expect(first.statusCode).toBe(200);
    expect(themeSchema.parse(first.json())).toEqual({ ...ocean, is_active: true });
    expect(activeNames(await list())).toEqual(['Ocean']);
    expect((await activate(forest.id)).statusCode).toBe(200);
    expect(activeNames(await list())).toEqual(['Forest']);
    // Activating the active theme again changes nothing.
    expect((await activate(forest.id)).statusCode).toBe(200);
    expect(activeNames(await list())).toEqual(['Forest']);
  });

  it('leaves the active theme alone when activating an unknown id', async () => {
    const ocean = await createOk('Ocean');
    await activate(ocean.id);
    const response = await activate('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('errors.notFound');
    expect(activeNames(await list())).toEqual(['Ocean']);
  });

  it('deletes a theme; deleting the active one leaves none active', async () => {
    const ocean = await createOk('Ocean');
    await createOk('Forest');
    await activate(ocean.id);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/control/theme/${ocean.id}/`,
      headers: admin,
    });
    expect(response.statusCode).toBe(204);
    const remaining = await list();
    expect(remaining.map((theme) => theme.name)).toEqual(['Forest']);
    expect(activeNames(remaining)).toEqual([]);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/control/theme/${ocean.id}/`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });

  it('updates only the fields sent with PATCH', async () => {
    const ocean = await createOk('Ocean');
    await activate(ocean.id);
    const patch = (payload: object, id = ocean.id) =>
      t.app.inject({ method: 'PATCH', url: `/api/control/theme/${id}/`, headers: admin, payload });

    const renamed = await patch({ name: 'Deep Ocean' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...ocean, name: 'Deep Ocean', is_active: true });
    const recoloured = await patch({ accent_color: '#00000080' });
    expect(recoloured.json()).toEqual({
      ...ocean,
      name: 'Deep Ocean',
      accent_color: '#00000080',
      is_active: true,
    });
    // Renaming to its own name in another case is not a conflict with itself.
    expect((await patch({ name: 'DEEP OCEAN' })).statusCode).toBe(200);

    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ body: 'validation.atLeastOneField' });
    expect((await patch({ primary_color: 'blue' })).json().fields).toEqual({
      primary_color: 'validation.hexColor',
    });

    await createOk('Forest');
    const taken = await patch({ name: 'forest' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: 'validation.nameTaken' });

    expect((await patch({ name: 'Nowhere' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('keeps at most one active row even for writes that bypass the API', async () => {
    const ocean = await createOk('Ocean');
    const forest = await createOk('Forest');
    await t.app.db.updateTable('themes').set({ is_active: 1 }).where('id', '=', ocean.id).execute();
    await expect(
      t.app.db.updateTable('themes').set({ is_active: 1 }).where('id', '=', forest.id).execute(),
    ).rejects.toThrow();
  });
});
