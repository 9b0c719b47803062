import { apiErrorSchema } from '../../contract/api-error.contract.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe('health check', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers 200 without a token while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: engine });
  });

  it('answers 503 with the contract error body when the database is gone', async () => {
    await t.app.db.destroy();

    const response = await t.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('errors.unavailable');
  });
});
