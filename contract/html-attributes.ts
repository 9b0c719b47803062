// An attribute: its name, then an optional value "…", '…' or unquoted (sticky: read in place).
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const SPACE = /[\s/]*/y;

/** One attribute as written: its name, its value (none for a bare attribute) and where that is. */
export type AttributeVisit = (name: string, value: string | undefined, start: number, end: number) => void;

/**
 * Reads the attributes of the tag whose name ends at `at`, up to its closing '>' (a quoted value
 * may hold '>'), handing each to `visit` with its value's [start, end) position in `html`;
 * answers where the reading stopped (the '>', or the end of the text). Pure string work, no DOM:
 * the template renderer (template-urls.ts) and click tracking (server/mail/click-tracking.ts)
 * both read tags through it, so they agree on where every attribute value is.
 */
export function readAttributes(html: string, at: number, visit: AttributeVisit): number {
  for (;;) {
    SPACE.lastIndex = at;
    SPACE.exec(html);
    at = SPACE.lastIndex;
    if (at >= html.length || html[at] === '>') return at;
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(html);
    if (!match) {
      at += 1; // a stray quote or '=': skip it, as a browser would
      continue;
    }
    const value = match[2] ?? match[3] ?? match[4];
    // A quoted value ends one character before the match does (its closing quote).
    const end = ATTRIBUTE.lastIndex - (value !== undefined && match[4] === undefined ? 1 : 0);
    visit(match[1]!, value, value === undefined ? end : end - value.length, end);
    at = ATTRIBUTE.lastIndex;
  }
}
