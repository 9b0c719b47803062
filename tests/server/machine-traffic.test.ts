import { describe, expect, it } from 'vitest';
import { MACHINE_WINDOW_MS, machineSign } from '../../server/modules/public-pages/machine-traffic.ts';

/** Who fetched a pixel or a tracked link: the pure rules of machine-traffic.ts. */
const sentAt = '2026-11-26T10:00:00.000Z';
const later = new Date(Date.parse(sentAt) + 3_600_000);
const sign = (userAgent: string | undefined, method = 'GET', now = later, sent: string | null = sentAt) =>
  machineSign({ method, userAgent }, sent, now);

describe('machine opens and clicks', () => {
  it.each([
    ['Outlook for Windows', 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17928; Pro)'],
    ['Thunderbird', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.5.0'],
    [
      'an iPhone browser',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    ],
    [
      'Gmail’s image proxy',
      'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    ],
    ['Yahoo’s image proxy', 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html'],
  ])('takes %s for a person', (_, agent) => {
    expect(sign(agent)).toBeNull();
  });

  it.each([
    ['Apple Mail Privacy Protection', 'Mozilla/5.0', 'prefetch'],
    ['Microsoft Office link discovery', 'Microsoft Office Existence Discovery', 'scanner'],
    ['Barracuda', 'Mozilla/5.0 (compatible; Barracuda Sentinel)', 'scanner'],
    ['Proofpoint', 'ProofpointURLDefense/1.0', 'scanner'],
    ['a link preview', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'scanner'],
    [
      'a headless browser',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0',
      'scanner',
    ],
    ['curl', 'curl/8.5.0', 'scanner'],
    ['a blank User-Agent', '   ', 'no_user_agent'],
    ['no User-Agent', undefined, 'no_user_agent'],
  ])('takes %s for a machine', (_, agent, expected) => {
    expect(sign(agent)).toBe(expected);
  });

  it('takes a HEAD for a machine, whoever asks', () => {
    expect(sign('Microsoft Office/16.0 (Microsoft Outlook 16.0)', 'HEAD')).toBe('head');
  });

  it('takes anything within the window after delivery, or before it was written, for a machine', () => {
    const person = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0';
    const at = (ms: number) => new Date(Date.parse(sentAt) + ms);
    expect(sign(person, 'GET', at(0))).toBe('too_soon');
    expect(sign(person, 'GET', at(MACHINE_WINDOW_MS - 1))).toBe('too_soon');
    expect(sign(person, 'GET', at(MACHINE_WINDOW_MS))).toBeNull();
    expect(sign(person, 'GET', later, null)).toBe('too_soon');
    // Even Gmail's proxy: it fetches when the person opens, which no person does that fast.
    expect(sign('(via ggpht.com GoogleImageProxy)', 'GET', at(1_000))).toBe('too_soon');
    expect(MACHINE_WINDOW_MS).toBe(10_000);
  });
});
