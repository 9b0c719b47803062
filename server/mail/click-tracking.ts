import { readAttributes } from '../../contract/html-attributes.ts';
import { escapeHtml, type RenderedEmail } from '../../contract/template-render.ts';
import { PUBLIC_MESSAGE_PREFIX } from './public-links.ts';

/**
 * Click tracking: the http(s) links of a campaign's HTML, numbered in document order, and the
 * same HTML with each of them pointing at the message's click address
 * (`PUBLIC_URL/api/public/m/<token>/c/<number>`). The click route finds the destination by
 * running the very same function over the campaign's HTML rendered for that recipient, so a
 * click address can only ever lead to a link the sender put in that recipient's message: there
 * is no destination in the address to tamper with (no open redirect).
 *
 * Pure string work on purpose (no DOM): it runs once per message. What counts as a link:
 * - an `<a>` (or `<area>`) tag's `href`, double-quoted, single-quoted or unquoted, with its
 *   character references (`&amp;`, `&#38;`, `&#x26;`) decoded as a browser would;
 * - only absolute `http:` / `https:` addresses: `mailto:`, `tel:`, `#anchors` and relative
 *   addresses are left exactly as written, and so is a tag carrying `data-no-track`;
 * - never the product's own public pages (`/api/public/m/...`: unsubscribe, survey, view), even
 *   when a template spells one out; nothing inside an HTML comment (Outlook's conditional blocks).
 * The plain-text part is never rewritten (see docs/deliverability.md).
 */

export type LinkOptions = {
  /** PUBLIC_URL: addresses under its public message pages are never tracked. */
  publicUrl: string;
  /**
   * Reading the campaign's content rather than one recipient's message: an href that is a
   * `{{variable}}` counts as a link too, since it becomes one when filled in.
   */
  template?: boolean;
};

type Found = { url: string; start: number; end: number };

const TAG = /<!--[\s\S]*?(?:-->|$)|<(a|area)(?=[\s/>])/gi;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references as a browser decodes them in an attribute value (the common ones). */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([A-Za-z]+));?/g, (whole, dec, hex, name) => {
    if (dec || hex) {
      const code = Number.parseInt((dec ?? hex) as string, dec ? 10 : 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[(name as string).toLowerCase()] ?? whole;
  });
}

const isHttp = (url: string) => /^https?:\/\/\S/i.test(url);
const isPlaceholder = (url: string) => /^\{\{\s*[A-Za-z][A-Za-z0-9_]*\s*\}\}/.test(url);

function ownPage(url: string, publicUrl: string): boolean {
  const base = `${publicUrl.replace(/\/+$/, '')}${PUBLIC_MESSAGE_PREFIX}/`.toLowerCase();
  return url.toLowerCase().startsWith(base);
}

/**
 * Reads the attributes of the tag whose name ends at `at`, up to its closing '>' (a quoted value
 * may hold '>'); answers the tracked href's value position, if any, and where the tag ends.
 */
function readTag(html: string, at: number, options: LinkOptions): { href: Found | null; end: number } {
  // Assigned in the visit below: typed by hand, as narrowing cannot see into the callback.
  let href = null as Found | null;
  let noTrack = false;
  const stop = readAttributes(html, at, (written, value, start, end) => {
    const name = written.toLowerCase();
    if (name === 'data-no-track') noTrack = true;
    if (name === 'href' && href === null && value !== undefined) {
      href = { url: decodeEntities(value).trim(), start, end };
    }
  });
  const end = Math.min(stop + 1, html.length);
  if (!href || noTrack) return { href: null, end };
  const trackable = isHttp(href.url) || (options.template === true && isPlaceholder(href.url));
  return { href: trackable && !ownPage(href.url, options.publicUrl) ? href : null, end };
}

function findLinks(html: string, options: LinkOptions): Found[] {
  const found: Found[] = [];
  const tags = new RegExp(TAG.source, TAG.flags);
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[1] === undefined) continue; // a comment
    const { href, end } = readTag(html, match.index + match[0].length, options);
    if (href) found.push(href);
    tags.lastIndex = end;
  }
  return found;
}

/** The tracked links of `html`, in order: link number n is `linksOf(...)[n - 1]`. */
export function linksOf(html: string, options: LinkOptions): string[] {
  return findLinks(html, options).map((link) => link.url);
}

/** `html` with its tracked links pointing at `clickUrl(number)`, and those links in order. */
export function rewriteLinks(
  html: string,
  clickUrl: (number: number) => string,
  options: LinkOptions,
): { html: string; links: string[] } {
  const found = findLinks(html, options);
  let out = '';
  let last = 0;
  found.forEach((link, index) => {
    out += html.slice(last, link.start) + escapeHtml(clickUrl(index + 1));
    last = link.end;
  });
  return { html: out + html.slice(last), links: found.map((link) => link.url) };
}

/**
 * The address a click is sent on to, as a valid Location header, or null when the link is not a
 * usable http(s) address. Variables are percent-encoded when rendered (contract/template-urls.ts);
 * the WHATWG serialisation also encodes what the sender typed (a space, an Arabic word), so the
 * header never carries a character Node refuses (ERR_INVALID_CHAR).
 */
export function redirectTarget(link: string | undefined): string | null {
  if (link === undefined) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The click address of one link of one message. */
export const clickUrl = (publicUrl: string, token: string, number: number) =>
  `${publicUrl.replace(/\/+$/, '')}${PUBLIC_MESSAGE_PREFIX}/${encodeURIComponent(token)}/c/${number}`;

/**
 * What compose.ts calls: the recipient's rendered e-mail with its HTML links tracked when the
 * campaign tracks clicks. The text part keeps the original links.
 */
export function trackClicks(
  rendered: RenderedEmail,
  campaign: { track_clicks: number },
  publicUrl: string,
  token: string,
): RenderedEmail {
  if (campaign.track_clicks !== 1) return rendered;
  const { html } = rewriteLinks(rendered.html, (number) => clickUrl(publicUrl, token, number), { publicUrl });
  return { ...rendered, html };
}
