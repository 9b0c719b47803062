/**
 * HTML to text without a DOM, shared by the renderer (the plain-text part of every e-mail) and
 * the content rules (visible characters). Everything here is a single left-to-right pass with no
 * backtracking patterns over the whole content: a template is user input, and a hostile one (a
 * million `<script` openers, say) must cost time proportional to its length, on the server too.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// Linear: each `&` scans one run of name characters up to its `;`, and runs never overlap.
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** What the HTML scanner reports: decoded text, and tags by lower-case name. */
export interface HtmlScanHandlers {
  text(text: string): void;
  tag(name: string, closing: boolean, attributes: string): void;
}

// Elements whose content is never visible text; an unterminated one hides the rest, as in a browser.
const RAW_TEXT = new Set(['script', 'style', 'head', 'title', 'textarea', 'template', 'noscript']);

function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

/** Where `</name` (any case) next starts at or after `from`, or -1. */
function closingTagAt(html: string, name: string, from: number): number {
  let at = html.indexOf('</', from);
  while (at !== -1) {
    const candidate = html.slice(at + 2, at + 2 + name.length).toLowerCase();
    if (candidate === name && !isNameChar(html.charCodeAt(at + 2 + name.length))) return at;
    at = html.indexOf('</', at + 2);
  }
  return -1;
}

/**
 * One left-to-right pass over HTML (no backtracking patterns over the whole content), so a
 * hostile template of any shape costs time proportional to its length. Not a full HTML parser:
 * it is enough to find the visible text and the block structure of an e-mail body.
 */
export function scanHtml(html: string, on: HtmlScanHandlers): void {
  let i = 0;
  let textStart = 0;
  // Once no `>` follows some position, none follows any later one: stop looking.
  let noMoreTagEnds = false;
  const flushText = (end: number) => {
    if (end > textStart) on.text(decodeEntities(html.slice(textStart, end)));
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1 || noMoreTagEnds) break;
    const next = html.charCodeAt(lt + 1);
    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const end = html.indexOf('-->', lt + 4);
      i = textStart = end === -1 ? html.length : end + 3;
      continue;
    }
    const closing = next === 47; // '/'
    const nameStart = closing ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    while (nameEnd < html.length && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const isMarkup = nameEnd > nameStart || next === 33 || next === 63 || closing; // '!', '?'
    if (!isMarkup) {
      i = lt + 1;
      continue;
    }
    const gt = html.indexOf('>', nameEnd);
    if (gt === -1) {
      noMoreTagEnds = true;
      break;
    }
    flushText(lt);
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    on.tag(name, closing, html.slice(nameEnd, gt));
    i = textStart = gt + 1;
    if (!closing && RAW_TEXT.has(name)) {
      const end = closingTagAt(html, name, i);
      const endGt = end === -1 ? -1 : html.indexOf('>', end);
      i = textStart = endGt === -1 ? html.length : endGt + 1;
    }
  }
  flushText(html.length);
}

/** The value of attribute `name` in a tag's attribute text, if quoted or bare. */
export function attributeOf(attributes: string, name: string): string | undefined {
  const lower = attributes.toLowerCase();
  let at = lower.indexOf(name);
  while (at !== -1) {
    const before = lower.charCodeAt(at - 1);
    let j = at + name.length;
    if (at === 0 || before === 32 || before === 9 || before === 10 || before === 13 || before === 47) {
      while (j < attributes.length && /\s/.test(attributes[j] as string)) j++;
      if (attributes[j] === '=') {
        j++;
        while (j < attributes.length && /\s/.test(attributes[j] as string)) j++;
        const quote = attributes[j];
        if (quote === '"' || quote === "'") {
          const end = attributes.indexOf(quote, j + 1);
          return decodeEntities(attributes.slice(j + 1, end === -1 ? attributes.length : end));
        }
        let end = j;
        while (end < attributes.length && !/[\s>]/.test(attributes[end] as string)) end++;
        return decodeEntities(attributes.slice(j, end));
      }
    }
    at = lower.indexOf(name, at + name.length);
  }
  return undefined;
}

const BLOCK_OPEN = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'tr', 'blockquote']);
const BLOCK_CLOSE = new Set([...BLOCK_OPEN, 'ul', 'ol', 'section', 'article', 'header', 'footer']);

/** Spaces collapse, spaces around line breaks go, at most one empty line in a row. */
function tidyWhitespace(text: string): string {
  // Linear: after the first pass no two blanks are adjacent, so the second cannot backtrack.
  return text
    .replace(/[ \t\u00a0]+/g, (run) => (run.includes('\t') ? '\t' : ' '))
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The plain-text alternative of an HTML body: block ends become line breaks, links keep their
 * address, list items get a dash. Placeholders are plain text, so they survive and are filled
 * later with raw values.
 */
export function htmlToText(html: string): string {
  // Pieces, not one growing string: a link's label is replaced without copying what came before.
  const pieces: string[] = [];
  let link: { start: number; href: string } | undefined;
  scanHtml(html, {
    text: (text) => void pieces.push(text),
    tag: (name, closing, attributes) => {
      if (name === 'a') {
        if (!closing) {
          const href = attributeOf(attributes, 'href');
          link = href === undefined ? undefined : { start: pieces.length, href };
        } else if (link) {
          const { start, href } = link;
          const text = pieces.splice(start).join('').trim();
          pieces.push(
            text && text !== href && !href.startsWith('mailto:') ? `${text} (${href})` : text || href,
          );
          link = undefined;
        }
      } else if (name === 'br') pieces.push('\n');
      else if (name === 'li' && !closing) pieces.push('\n- ');
      else if (closing ? BLOCK_CLOSE.has(name) : BLOCK_OPEN.has(name)) pieces.push('\n');
      else if (closing && (name === 'td' || name === 'th')) pieces.push('\t');
    },
  });
  return tidyWhitespace(pieces.join(''));
}

/** Characters a reader sees: the text of the HTML without markup, white space not counted. */
export function visibleTextLength(html: string): number {
  let count = 0;
  scanHtml(html, {
    text: (text) => {
      for (const char of text) if (char.trim() !== '') count++;
    },
    tag: () => {},
  });
  return count;
}
