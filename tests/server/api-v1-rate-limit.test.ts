import type { CreatedApiKey } from '../../contract/api-keys.contract.ts';
import { sendApi } from './helpers/send-api.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

describe(`HTTP v1 rate limits per API key (${engine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ api: { rateLimitPerMinute: 3 } });
  });
  afterAll(() => t.close());

  const { session } = sendApi(() => t);
  const newKey = async (access: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/keys/',
      headers: bearer(access),
      payload: { name: 'CRM', scopes: ['read'] },
    });
    return response.json<CreatedApiKey>().key;
  };
  const read = (key: string, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/logs/email/',
      headers: { ...bearer(key), 'accept-language': language },
    });

  it('states the policy and what is left on every answer, then refuses with 429 and Retry-After', async () => {
    const sender = await session();
    const key = await newKey(sender.access);
    const other = await newKey(sender.access);
    const answers = [await read(key), await read(key), await read(key)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers[0]!.headers['ratelimit-policy']).toBe('"per-key";q=3;w=60');
    expect(answers.map((answer) => String(answer.headers.ratelimit).split(';t=')[0])).toEqual([
      '"per-key";r=2',
      '"per-key";r=1',
      '"per-key";r=0',
    ]);
    const refused = await read(key, 'ar');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(refused.json()).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(refused.json().detail).toMatch(/[\u0600-\u06FF]/);

    // Each key has its own budget.
    expect((await read(other)).statusCode).toBe(200);
    // A new window starts once the minute is over.
    t.advanceClock(61_000);
    const later = await read(key);
    expect(later.statusCode).toBe(200);
    expect(String(later.headers.ratelimit)).toMatch(/^"per-key";r=2;t=\d+$/);
  });

  it('leaves the dashboard API and the public reference out of the per-key limits', async () => {
    const sender = await session();
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/logs/email/',
        headers: bearer(sender.access),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers.ratelimit).toBeUndefined();
    }
  });
});
