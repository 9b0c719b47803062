import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities, redirectTarget } from '../../server/mail/click-tracking.ts';
import { waitForCampaign } from './helpers/campaigns.ts';
import { sendApi } from './helpers/send-api.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { createTestApp, engine, type TestApp } from './helpers/test-app.ts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * A tracked link personalised with a name (issue 32): whatever the variable holds, the click
 * redirects with a valid Location, and a link that cannot be followed is neither followed nor
 * counted.
 */
const HTML =
  '<p><a href="https://x.test/?n={{name}}">hello</a> <a href="https://{{company}}.x.test/">our site</a></p>';

describe(`tracked links filled with any name (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  const api = sendApi(() => t);
  const tag = Math.random().toString(36).slice(2, 8);
  const arabic = `arabic-${tag}@example.test`;
  const spaced = `spaced-${tag}@example.test`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url });
    const who = await api.session();
    const response = await api.send(
      who,
      api.body(who, {
        html: HTML,
        source: {
          type: 'rows',
          rows: [
            { email: arabic, name: 'أحمد', company: 'شركة' },
            { email: spaced, name: 'Sara Lee', company: 'bad host' },
          ],
        },
        language: 'en',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    await waitForCampaign(t.app.db, response.json<{ id: string }>().id, 'completed');
    // Clicks this long after delivery are a person's, not a scanner's.
    t.advanceClock(60_000);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const clickPath = async (email: string, number: number) => {
    const html = String((await sink.parsed(email)).html);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
    const url = new URL(hrefs.find((href) => href.endsWith(`/c/${number}`))!);
    return url.pathname;
  };
  const click = async (email: string, number: number) =>
    t.app.inject({ method: 'GET', url: await clickPath(email, number), headers: { 'user-agent': BROWSER } });
  const counts = (email: string) =>
    t.app.db
      .selectFrom('messages')
      .select(['click_count', 'machine_click_count'])
      .where('email_key', '=', email)
      .executeTakeFirstOrThrow();

  it.each([
    ['an Arabic name', () => arabic, `https://x.test/?n=${encodeURIComponent('أحمد')}`],
    ['a name with a space', () => spaced, 'https://x.test/?n=Sara%20Lee'],
  ])('redirects %s to the percent-encoded address and counts the click', async (_name, email, location) => {
    const response = await click(email(), 1);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(await counts(email())).toEqual({ click_count: 1, machine_click_count: 0 });
  });

  it('follows an Arabic host name as its punycode form', async () => {
    const response = await click(arabic, 2);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${new URL(`https://شركة.x.test/`).href}`);
    expect(response.headers.location).toMatch(/^https:\/\/xn--/);
  });

  it('answers the link page without counting a click on a link that cannot be followed', async () => {
    const before = await counts(spaced);
    const link2 = () =>
      t.app.db.selectFrom('campaign_links').selectAll().where('link_number', '=', 2).execute();
    const linkBefore = await link2();
    const response = await click(spaced, 2);
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('Link not found');
    expect(await counts(spaced)).toEqual(before);
    // Only the Arabic recipient's click on that link is in the report.
    expect(await link2()).toEqual(linkBefore);
    expect(linkBefore).toMatchObject([{ url: 'https://{{company}}.x.test/', click_count: 1 }]);
  });

  it('gives only valid http(s) addresses as a Location', () => {
    expect(redirectTarget('https://x.test/a b?n=أحمد#c d')).toBe(
      `https://x.test/a%20b?n=${encodeURIComponent('أحمد')}#c%20d`,
    );
    expect(redirectTarget('https://bad%20host.x.test/')).toBeNull();
    expect(redirectTarget('javascript:alert(1)')).toBeNull();
    expect(redirectTarget(undefined)).toBeNull();
  });
});
