import { themeListSchema, themeSchema } from '../../contract/theme.contract.ts';
import { DEFAULT_NEW_THEME } from '../../contract/theme.defaults.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`theme activation under concurrency (${engine})`, () => {
  let t: TestApp;
  let admin: { authorization: string };
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer((await t.signInAs('admin')).access);
    ids = [];
    for (let i = 0; i < 10; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/control/theme/',
        headers: admin,
        payload: { ...DEFAULT_NEW_THEME, name: `Theme ${i}` },
      });
      ids.push(themeSchema.parse(response.json()).id);
    }
  });
  afterAll(() => t.close());

  const activate = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/control/theme/${id}/activate/`, headers: admin });

  it.each([1, 2, 3])('parallel activations all succeed and leave exactly one active (round %i)', async () => {
    const responses = await Promise.all(ids.map(activate));
    expect(responses.map((response) => response.statusCode)).toEqual(ids.map(() => 200));

    const themes = themeListSchema.parse(
      (await t.app.inject({ url: '/api/control/theme/', headers: admin })).json(),
    );
    expect(themes.filter((theme) => theme.is_active)).toHaveLength(1);
    const rows = await t.app.db.selectFrom('themes').select('id').where('is_active', '=', 1).execute();
    expect(rows).toHaveLength(1);
  });

  it('parallel activations mixed with deletes never leave two active', async () => {
    const extra = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/control/theme/',
          headers: admin,
          payload: { ...DEFAULT_NEW_THEME, name: `Doomed ${i}` },
        });
        return themeSchema.parse(response.json()).id;
      }),
    );
    const responses = await Promise.all([
      ...ids.map(activate),
      ...extra.map(activate),
      ...extra.map((id) =>
        t.app.inject({ method: 'DELETE', url: `/api/control/theme/${id}/`, headers: admin }),
      ),
    ]);
    for (const response of responses) expect([200, 204, 404]).toContain(response.statusCode);
    const rows = await t.app.db.selectFrom('themes').select('id').where('is_active', '=', 1).execute();
    expect(rows.length).toBeLessThanOrEqual(1);
  });
});
