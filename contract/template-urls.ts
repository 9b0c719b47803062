/**
 * Where a `{{variable}}` of an HTML template fills part of an address (`href`, `src`), its value
 * is percent-encoded, so whatever it holds (`أحمد`, `Sara Lee`, `a&b=c`) makes a valid address:
 * the link in the e-mail, the redirect of a tracked link and the page in a browser all stay
 * well-formed. Two ways, by where the placeholder stands:
 * - `component`: after the host of an http(s) address (path, query, fragment): the value is data
 *   and every reserved character is encoded (`encodeURIComponent`);
 * - `text`: the address itself or its start (`href="{{link}}"`, `https://{{host}}/`, `mailto:`):
 *   only what can never appear in an address is encoded (spaces, non-ASCII, quotes, a `%` that
 *   starts no escape), so a whole URL in a variable keeps working.
 * Pure and dependency-free: the browser's preview renders with it too.
 */

import { readAttributes } from './html-attributes.ts';

export type UrlMode = 'component' | 'text';

const TAG = /<!--[\s\S]*?(?:-->|$)|<[A-Za-z][^\s/>]*/g;
const URL_ATTRIBUTES = new Set(['href', 'src']);

/** The [start, end) positions of every href/src value of the tags of `html`. */
export function urlValueSpans(html: string): [number, number][] {
  const spans: [number, number][] = [];
  const tags = new RegExp(TAG.source, TAG.flags);
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[0].startsWith('<!--')) continue;
    const at = readAttributes(html, match.index + match[0].length, (name, value, start, end) => {
      if (value !== undefined && URL_ATTRIBUTES.has(name.toLowerCase())) spans.push([start, end]);
    });
    tags.lastIndex = at;
  }
  return spans;
}

/** How a placeholder whose address so far reads `before` is encoded. */
export function urlModeAfter(before: string): UrlMode {
  return /^\s*https?:\/\/[^/?#]*[/?#]/i.test(before) ? 'component' : 'text';
}

const NEVER_IN_URL = /[^\x21-\x7e]|["<>\\^`{|}]|%(?![0-9A-Fa-f]{2})/gu;

export function encodeUrlValue(value: string, mode: UrlMode): string {
  // A lone surrogate has no UTF-8 form (encodeURIComponent would throw): it becomes U+FFFD.
  const wellFormed = value.replace(/\p{Cs}/gu, '\ufffd');
  if (mode === 'component') return encodeURIComponent(wellFormed);
  return wellFormed.replace(NEVER_IN_URL, (char) => encodeURIComponent(char));
}
