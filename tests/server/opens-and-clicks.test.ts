import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignLinks, CampaignLog, MessageLog } from '../../contract/logs.contract.ts';
import { decodeEntities } from '../../server/mail/click-tracking.ts';
import { waitForCampaign } from './helpers/campaigns.ts';
import { sendApi, type Session } from './helpers/send-api.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

/**
 * Links and opens that people, not scanners, make (issue 16): a campaign goes out through a real
 * SMTP sink, and the test then behaves as a link scanner (fetching every address of a captured
 * message), as a person (clicking later, with a browser) and as an attacker (other link numbers).
 */
const SCANNER = 'Mimecast-URL-Protect/1.0';
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const HTML =
  '<p>Dear {{name}}, see <a href="https://shop.example/offer?id={{code}}&amp;src=mail">the offer</a>,' +
  ' the <a class="x" href=\'https://docs.example/guide\'>guide</a>,' +
  ' <a href="mailto:help@example.test">write to us</a> or <a href="/relative">this</a>.</p>';

describe(`opens, clicks and scanner-proof links (${engine})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  let who: Session;
  let campaignId: string;
  const api = sendApi(() => t);
  const tag = Math.random().toString(36).slice(2, 8);
  const one = `one-${tag}@example.test`;
  const two = `two-${tag}@example.test`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url });
    who = await api.session();
    const response = await api.send(
      who,
      api.body(who, {
        html: HTML,
        source: {
          type: 'rows',
          rows: [
            { email: one, name: 'One', code: 'K-1' },
            { email: two, name: 'Two', code: 'K-2' },
          ],
        },
        survey: { type: 'yes_no', question: 'Will you come?' },
        language: 'en',
      }),
    );
    expect(response.statusCode).toBe(201);
    campaignId = response.json<{ id: string }>().id;
    await waitForCampaign(t.app.db, campaignId, 'completed');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const row = (email: string) =>
    t.app.db.selectFrom('messages').selectAll().where('email_key', '=', email).executeTakeFirstOrThrow();
  /** Our own addresses as paths app.inject takes; anything else is not ours to fetch. */
  const ownPath = (url: string) => {
    expect(url.startsWith(t.config.publicUrl)).toBe(true);
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  const fetch = (url: string, userAgent: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: ownPath(url), headers: { 'user-agent': userAgent } });
  const logs = <T>(path: string) =>
    t.app
      .inject({ method: 'GET', url: `/api/logs/email/${path}`, headers: bearer(who.access) })
      .then((response) => response.json<T>());

  /** Every address a scanner would take from the message: hrefs, image sources, List-Unsubscribe. */
  async function addressesIn(email: string) {
    const parsed = await sink.parsed(email);
    const html = String(parsed.html);
    const attributes = [...html.matchAll(/\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map(
      (match) => decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''),
    );
    const header = parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    const unsubscribe = [...header.matchAll(/<(https?:[^>]+)>/g)].map((match) => match[1]!);
    return { html, text: String(parsed.text), attributes, unsubscribe };
  }

  it('rewrites the campaign’s http(s) links to the click address and leaves the rest alone', async () => {
    const { html, text, attributes } = await addressesIn(one);
    const clicks = attributes.filter((url) => /\/api\/public\/m\/[^/]+\/c\/\d+$/.test(url));
    expect(clicks.map((url) => url.slice(url.lastIndexOf('/') + 1))).toEqual(['1', '2']);
    expect(attributes).toContain('mailto:help@example.test');
    expect(attributes).toContain('/relative');
    // Nothing external is left in the HTML; the survey and unsubscribe links are not tracked.
    expect(attributes.filter((url) => /^https?:/.test(url) && !url.startsWith(t.config.publicUrl))).toEqual(
      [],
    );
    expect(attributes.some((url) => url.endsWith('/answer?value=yes'))).toBe(true);
    expect(attributes.some((url) => url.endsWith('/unsubscribe'))).toBe(true);
    expect(html).not.toContain('shop.example');
    // The plain-text part keeps the original addresses (docs/deliverability.md).
    expect(text).not.toContain('/c/1');
  });

  it('a scanner fetching every address of a message records no answer, no unsubscribe, no person’s open or click', async () => {
    const { attributes, unsubscribe } = await addressesIn(one);
    const ours = [...attributes, ...unsubscribe].filter((url) => url.startsWith(t.config.publicUrl));
    expect(ours.length).toBeGreaterThanOrEqual(6); // 2 clicks, yes, no, unsubscribe, pixel, header
    for (const url of ours) {
      for (const [agent, method] of [
        [SCANNER, 'GET'],
        ['', 'GET'],
        [BROWSER, 'HEAD'],
      ] as const) {
        const response = await fetch(url, agent, method);
        expect([200, 302]).toContain(response.statusCode);
      }
    }
    const message = await row(one);
    expect(message).toMatchObject({
      survey_answer: null,
      unsubscribed_at: null,
      opened_at: null,
      open_count: 0,
      clicked_at: null,
      click_count: 0,
      machine_open_count: 3,
      machine_click_count: 6,
    });
    const suppressions = await t.app.db
      .selectFrom('suppressions')
      .selectAll()
      .where('email_key', '=', one)
      .execute();
    expect(suppressions).toEqual([]);
  });

  it('counts even a browser’s open and click right after delivery as a machine’s', async () => {
    const now = t.app.now().toISOString();
    await t.app.db.updateTable('messages').set({ sent_at: now }).where('email_key', '=', two).execute();
    const { attributes } = await addressesIn(two);
    const pixel = attributes.find((url) => url.endsWith('/open'))!;
    const click = attributes.find((url) => url.endsWith('/c/2'))!;
    expect((await fetch(pixel, BROWSER)).statusCode).toBe(200);
    expect((await fetch(click, BROWSER)).statusCode).toBe(302);
    expect(await row(two)).toMatchObject({
      open_count: 0,
      machine_open_count: 1,
      click_count: 0,
      machine_click_count: 1,
    });
  });

  it('sends a person’s click to that recipient’s own link, and counts it as theirs', async () => {
    t.advanceClock(60_000);
    const first = (await addressesIn(one)).attributes.find((url) => url.endsWith('/c/1'))!;
    const response = await fetch(first, BROWSER);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://shop.example/offer?id=K-1&src=mail');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toContain('no-store');
    await fetch(first, BROWSER);
    const other = (await addressesIn(two)).attributes.find((url) => url.endsWith('/c/1'))!;
    expect((await fetch(other, BROWSER)).headers.location).toBe('https://shop.example/offer?id=K-2&src=mail');
    const guide = (await addressesIn(two)).attributes.find((url) => url.endsWith('/c/2'))!;
    expect((await fetch(guide, BROWSER)).headers.location).toBe('https://docs.example/guide');

    const message = await row(one);
    expect(message).toMatchObject({ click_count: 2, machine_click_count: 6 });
    expect(message.clicked_at).not.toBeNull();
    // The pixel a person's mail client loads later is the person's open.
    const pixel = (await addressesIn(one)).attributes.find((url) => url.endsWith('/open'))!;
    await fetch(pixel, BROWSER);
    expect(await row(one)).toMatchObject({ open_count: 1, machine_open_count: 3 });
  });

  it('refuses to redirect anywhere the message does not link to', async () => {
    const first = (await addressesIn(one)).attributes.find((url) => url.endsWith('/c/1'))!;
    const base = ownPath(first).replace(/\/c\/1$/, '/c/');
    for (const number of [
      '3',
      '0',
      '-1',
      '01',
      'abc',
      '99999999',
      '1.5',
      encodeURIComponent('https://evil.example'),
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: base + number,
        headers: { 'user-agent': BROWSER },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Link not found');
      expect(response.body).toContain('الرابط غير موجود');
    }
    // A destination in the query is simply ignored: the number alone decides.
    const sneaky = await t.app.inject({
      method: 'GET',
      url: `${base}1?url=https%3A%2F%2Fevil.example%2F&to=https://evil.example/`,
      headers: { 'user-agent': BROWSER },
    });
    expect(sneaky.headers.location).toBe('https://shop.example/offer?id=K-1&src=mail');
    const unknownToken = await t.app.inject({
      method: 'GET',
      url: '/api/public/m/AAAAAAAAAAAAAAAAAAAAAAAA/c/1',
    });
    expect(unknownToken.statusCode).toBe(404);
  });

  it('reports clicks per link, people and machines apart, and the opens and clicks in the log', async () => {
    const links = await logs<CampaignLinks>(`${campaignId}/links/`);
    expect(links).toEqual({
      tracked: true,
      results: [
        {
          number: 1,
          url: 'https://shop.example/offer?id={{code}}&src=mail',
          clicks: 4,
          machine_clicks: 3,
          unique_clickers: 2,
        },
        { number: 2, url: 'https://docs.example/guide', clicks: 1, machine_clicks: 4, unique_clickers: 1 },
      ],
    });
    const campaign = await logs<CampaignLog>(`${campaignId}/`);
    expect(campaign.counts).toMatchObject({ opened: 1, machine_opened: 2, clicked: 2, machine_clicked: 2 });
    expect(campaign).toMatchObject({ track_clicks: true });
    const messages = await logs<{ results: MessageLog[] }>(`${campaignId}/messages/`);
    expect(messages.results.find((message) => message.email === one)).toMatchObject({
      open_count: 1,
      machine_open_count: 3,
      // Two clicks of its own, and the one that came with a destination in its query.
      click_count: 3,
      machine_click_count: 6,
    });
    const timeline = await logs<{ opens: unknown[]; machine_opens: unknown[]; clicks: { count: number }[] }>(
      `${campaignId}/timeline/`,
    );
    expect(timeline.opens).toHaveLength(1);
    expect(timeline.machine_opens).toHaveLength(1);
    expect(timeline.clicks.reduce((sum, point) => sum + point.count, 0)).toBe(2);
  });

  it('the RFC 8058 one-click POST and the confirm page’s button still unsubscribe', async () => {
    const { unsubscribe } = await addressesIn(two);
    const response = await t.app.inject({
      method: 'POST',
      url: ownPath(unsubscribe[0]!),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await row(two)).unsubscribed_at).not.toBeNull();
  });

  it('with track_clicks false keeps every link as written and has no click address', async () => {
    const three = `three-${tag}@example.test`;
    const response = await api.send(
      who,
      api.body(who, {
        html: HTML,
        source: { type: 'rows', rows: [{ email: three, name: 'Three', code: 'K-3' }] },
        track_clicks: false,
      }),
    );
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: string }>().id;
    await waitForCampaign(t.app.db, id, 'completed');
    const campaign = await t.app.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign.track_clicks).toBe(0);
    const { html, attributes } = await addressesIn(three);
    expect(attributes).toContain('https://shop.example/offer?id=K-3&src=mail');
    expect(attributes).toContain('https://docs.example/guide');
    expect(html).not.toMatch(/\/c\/\d/);
    const message = await row(three);
    const click = await t.app.inject({ method: 'GET', url: `/api/public/m/${message.token}/c/1` });
    expect(click.statusCode).toBe(404);
    expect(await logs<CampaignLinks>(`${id}/links/`)).toEqual({ tracked: false, results: [] });
  });
});
