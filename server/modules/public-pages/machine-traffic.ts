/**
 * Who fetched a message's open pixel or one of its tracked links: a person, or a machine acting
 * on its own (a link scanner, a proxy that prefetches every image on delivery, a link preview).
 * Machines' opens and clicks are counted apart, so the figures a sender reads are people's.
 *
 * The signs, in order (the first that holds decides):
 * - `head`: a HEAD request. Browsers and mail clients GET; link checkers ask HEAD.
 * - `no_user_agent`: no User-Agent, or a blank one. Every mail client and browser sends one.
 * - `too_soon`: within MACHINE_WINDOW_MS of the message's delivery (`sent_at`), or before the
 *   delivery was even written. Security gateways (Microsoft Defender Safe Links, Mimecast,
 *   Proofpoint, Barracuda) fetch a message's links and images as it arrives, before any person
 *   could have read it; their user agents often look like an ordinary browser, so the time is
 *   the surest sign they leave.
 * - `prefetch`: Apple Mail Privacy Protection, which loads every image of a message on delivery
 *   to the device whether or not it is ever read, with the bare User-Agent `Mozilla/5.0`.
 * - `scanner`: a User-Agent naming a scanner, gateway, crawler, link preview or HTTP library.
 *
 * Proxies that fetch images when the person OPENS the message are people: Gmail's image proxy
 * (`GoogleImageProxy`, `via ggpht.com`), Yahoo's (`YahooMailProxy`) and Outlook's own fetches.
 * They hide the reader's address and device, not the open itself, so they are counted as opens.
 * Addresses (IP ranges) are not used: behind a proxy they are the proxy's, and the ranges of the
 * gateways change without notice.
 */
export const MACHINE_WINDOW_MS = 10_000;

export type MachineSign = 'head' | 'no_user_agent' | 'too_soon' | 'prefetch' | 'scanner';

/** Fetch at open time, on behalf of the person reading: a person's open. */
const PERSON_PROXIES = /GoogleImageProxy|via ggpht\.com|YahooMailProxy/i;

/** Apple Mail Privacy Protection: exactly `Mozilla/5.0`, nothing after it. */
const APPLE_PRIVACY_PROTECTION = /^Mozilla\/5\.0$/;

const SCANNERS = new RegExp(
  [
    // Mail security gateways and URL rewriters.
    'barracuda',
    'mimecast',
    'proofpoint',
    'urldefense',
    'safelinks',
    'safe links',
    'symantec',
    'messagelabs',
    'forcepoint',
    'websense',
    'trend ?micro',
    'sophos',
    'fireeye',
    'trellix',
    'ironport',
    'cisco',
    'zscaler',
    'check ?point',
    'fortinet',
    'fortiguard',
    'palo ?alto',
    'cloudmark',
    'spamtitan',
    'hornetsecurity',
    'vadesecure',
    'microsoft office existence discovery',
    'ms-office.*discovery',
    // Previews, crawlers and headless browsers.
    'bot\\b',
    'bot/',
    'crawler',
    'spider',
    'slurp',
    'scanner',
    'preview',
    'facebookexternalhit',
    'whatsapp',
    'headlesschrome',
    'phantomjs',
    'lighthouse',
    // HTTP libraries: nothing a person reads mail with.
    'python-requests',
    'python-urllib',
    'aiohttp',
    'curl/',
    'wget',
    'go-http-client',
    'okhttp',
    '^java/',
    'libwww',
    'httpclient',
    'axios/',
    'node-fetch',
    'undici',
  ].join('|'),
  'i',
);

export type Fetch = { method: string; userAgent: string | undefined };

/** Why this fetch is a machine's, or null for a person's. */
export function machineSign(fetch: Fetch, sentAt: string | null, now: Date): MachineSign | null {
  if (fetch.method === 'HEAD') return 'head';
  const agent = (fetch.userAgent ?? '').trim();
  if (agent === '') return 'no_user_agent';
  if (sentAt === null || now.getTime() - Date.parse(sentAt) < MACHINE_WINDOW_MS) return 'too_soon';
  if (PERSON_PROXIES.test(agent)) return null;
  if (APPLE_PRIVACY_PROTECTION.test(agent)) return 'prefetch';
  if (SCANNERS.test(agent)) return 'scanner';
  return null;
}
