import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './support/admin-api.ts';
import { useAppAndBrowser } from './support/app-and-browser.ts';
import { freePort } from './support/app-server.ts';
import { journeyById, prepare, unwalkable, walkedIn, walkJourney } from './qa-journeys/runner.ts';

/**
 * QA's printed journeys (npm run test:paths -- --machine journeys), walked in Chromium against
 * the real server step by step (tests/e2e/qa-journeys/runner.ts):
 * the sends to each source, the log, Mailbox and the recipient's pages (the others: qa-journeys.e2e.ts).
 */
const WALKED = walkedIn['qa-journeys-send.e2e.ts']!;

// PUBLIC_URL (where e-mailed links point) is this very server, so the survey and unsubscribe links open here.
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;

describe('QA journeys walked in Chromium (Arabic): sends to one, a list, a group and an Excel file', () => {
  const run = useAppAndBrowser({ PORT: String(port), PUBLIC_URL: baseUrl, ADMIN_EMAIL: 'admin@example.com' });
  let token = '';
  beforeAll(async () => {
    token = await adminToken(run.app);
  });

  it('has an action for every step of its journeys, and a check for every state that can be seen', () => {
    expect(WALKED.flatMap((id) => unwalkable(journeyById(id)))).toEqual([]);
  });

  it.each(WALKED)('walks the journey %s step by step', { timeout: 120_000 }, async (id) => {
    const who = await prepare(id, run.app, token);
    const page = await run.newPage(900);
    await walkJourney(journeyById(id), {
      page,
      app: run.app,
      token,
      ...who,
      newPage: () => run.newPage(900),
      found: {},
    });
    await page.close();
  });
});
