/**
 * Quoted-printable for a message's text and HTML parts, byte for byte what nodemailer writes:
 * `encodeQuotedPrintable(text) === qp.wrap(qp.encode(Buffer.from(text, 'utf8')), 76)` for every
 * string (nodemailer/lib/qp). tests/server/quoted-printable.test.ts compares the two on fixed and
 * generated inputs, lone surrogates and lone CRs included; no input needs nodemailer's own call.
 *
 * It exists because nodemailer's way (a Buffer of the UTF-8 bytes, a string of escapes, then
 * wrap's regular expressions and string concatenation line by line) was about a sixth of the CPU
 * spent building each personalised message. Here V8 writes the UTF-8 bytes into a reused buffer
 * (faster than a loop over the char codes, measured on Latin text with some Arabic, which is
 * what gets quoted-printable), one loop escapes them into a second buffer, noting where the CRs
 * and LFs are, and wrap's rules are replayed on that by index, moving each line down to close the
 * gap its soft breaks take. No regular expression, no string but the result.
 *
 * nodemailer's rules, as replayed here. encode: bytes 09, 0A, 0D, 20-3C and 3E-7E stay as they
 * are, unless a space or tab is followed by CR, LF or the end of the input; any other byte is
 * `=XX` (upper-case hex). wrap (76 characters a line, a margin of 25): a result of 76 characters
 * or fewer stays as it is; otherwise, taking the next 76 characters each time, a line ends after
 * their first CRLF, or after their last character if that is an LF, or after the last LF of their
 * final 25 characters if no CR follows it. Failing those, it ends after the last space, tab, `.`,
 * `,`, `!` or `?` of their final 25 characters (when there are more than 51), or else it leaves
 * out an escape cut short at its end and, unless the line is the rest of the input, the escapes
 * of a UTF-8 sequence there. A line that ends neither the input nor with an LF gets a soft break
 * `=\r\n`, first losing its last escape or character if it is 76 characters long.
 */

const LINE = 76;
const MARGIN = Math.floor(LINE / 3);

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const EQUALS = 0x3d;

/** Where wrap may break a line: after a space, tab, `.`, `,`, `!` or `?`. */
const BREAK_AFTER = new Uint8Array(256);
for (const char of ' \t.,!?') BREAK_AFTER[char.charCodeAt(0)] = 1;

const HEX = Uint8Array.from('0123456789ABCDEF', (char) => char.charCodeAt(0));

/** A hex digit's value, either case, or -1 (as wrap's /[\da-f]/i). */
const HEX_VALUE = new Int8Array(256).fill(-1);
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

// Buffers reused from call to call (the encoder never yields) up to KEEP bytes; a larger input
// gets buffers of its own, so one huge part does not pin its memory for good.
const KEEP = 1024 * 1024;
let utf8Buffer = Buffer.allocUnsafeSlow(16 * 1024);
let workBuffer = Buffer.allocUnsafeSlow(64 * 1024);
let breaksBuffer = new Int32Array(4 * 1024);

export function encodeQuotedPrintable(text: string): string {
  // The UTF-8 bytes, as Buffer.from writes them (lone surrogates as EF BF BD); a UTF-16 unit is
  // at most 3 of them (a surrogate pair 4 for 2 units).
  let bytes = utf8Buffer;
  if (text.length * 3 > bytes.length) {
    bytes = Buffer.allocUnsafeSlow(text.length * 3);
    if (bytes.length <= KEEP) utf8Buffer = bytes;
  }
  const count = bytes.write(text, 0, 'utf8');

  // The escaped characters (3 a byte at most) go from `start` of the work buffer on, and the lines
  // move down to its beginning as they are settled, each soft break taking 3 characters of the
  // gap. A soft break follows at least 27 characters (at least 52 but in the last two lines).
  const start = 3 * (Math.floor((count * 3) / 27) + 2);
  let e = workBuffer;
  if (start + count * 3 > e.length) {
    e = Buffer.allocUnsafeSlow(start + count * 3);
    if (e.length <= KEEP) workBuffer = e;
  }
  let lineBreaks = breaksBuffer;
  if (count > lineBreaks.length) {
    lineBreaks = new Int32Array(count);
    if (count * 4 <= KEEP) breaksBuffer = lineBreaks;
  }

  let found = 0;
  let o = start;
  for (let i = 0; i < count; i++) {
    const byte = bytes[i]!;
    if (byte > SPACE && byte < 0x7f && byte !== EQUALS) e[o++] = byte;
    else if (byte === SPACE || byte === TAB) {
      // A space or tab before CR, LF or the end is escaped.
      const next = i + 1 < count ? bytes[i + 1] : CR;
      if (next === CR || next === LF) o = escape(e, o, byte);
      else e[o++] = byte;
    } else if (byte === LF || byte === CR) {
      lineBreaks[found++] = o;
      e[o++] = byte;
    } else o = escape(e, o, byte);
  }
  const n = o;
  if (n - start <= LINE) return e.toString('latin1', start, n);

  o = 0;
  let pos = start;
  let next = 0;
  while (pos < n) {
    while (next < found && lineBreaks[next]! < pos) next++;
    const cut = lineEnd(e, pos, n, lineBreaks, next, found);
    const end = cut >> 1;
    e.copyWithin(o, pos, end);
    o += end - pos;
    pos = end;
    if (cut & 1) {
      if (o + 3 > pos) throw new Error('quoted-printable: no room left for a soft break');
      e[o] = EQUALS;
      e[o + 1] = CR;
      e[o + 2] = LF;
      o += 3;
    }
  }
  return e.toString('latin1', 0, o);
}

function escape(e: Buffer, o: number, byte: number): number {
  e[o] = EQUALS;
  e[o + 1] = HEX[byte >> 4]!;
  e[o + 2] = HEX[byte & 15]!;
  return o + 3;
}

/**
 * Where nodemailer's wrap ends the line that starts at `pos` of the characters before `n`, as twice
 * the position, plus 1 when a soft break follows. `lineBreaks[next..found)` are where the CRs and
 * LFs are from `pos` on.
 */
function lineEnd(
  e: Buffer,
  pos: number,
  n: number,
  lineBreaks: Int32Array,
  next: number,
  found: number,
): number {
  const end = pos + LINE < n ? pos + LINE : n;
  // The first CRLF, the last LF and the last CR of the line.
  let lastLf = -1;
  let lastCr = -1;
  for (let j = next; j < found; j++) {
    const k = lineBreaks[j]!;
    if (k >= end) break;
    if (e[k] === CR) {
      if (k + 1 < end && e[k + 1] === LF) return (k + 2) * 2;
      lastCr = k;
    } else lastLf = k;
  }
  if (lastLf >= 0) {
    if (lastLf === end - 1) return end * 2;
    if (lastLf >= end - MARGIN && lastCr < lastLf) return (lastLf + 1) * 2;
  }

  let cut = end;
  let punctuation = false;
  if (end - pos > LINE - MARGIN) {
    for (let k = end - 1; k >= end - MARGIN; k--)
      if (BREAK_AFTER[e[k]!] === 1) {
        cut = k + 1;
        punctuation = true;
        break;
      }
  }
  if (!punctuation) {
    // An escape cut short goes to the next line, and so do a UTF-8 sequence's escapes (unless
    // this is the rest of the input): its continuation bytes here and its lead byte.
    const short =
      e[end - 1] === EQUALS
        ? 1
        : end - pos >= 2 && e[end - 2] === EQUALS && HEX_VALUE[e[end - 1]!]! >= 0
          ? 2
          : 0;
    if (short > 0 || escapeEndsAt(e, pos, end)) {
      cut = end - short;
      while (cut - pos > 3 && cut < n && !onlyEscapes(e, pos, cut) && escapeEndsAt(e, pos, cut)) {
        const byte = HEX_VALUE[e[cut - 2]!]! * 16 + HEX_VALUE[e[cut - 1]!]!;
        if (byte < 0x80) break;
        cut -= 3;
        if (byte >= 0xc0) break;
      }
    }
  }
  if (cut === pos) cut = end;
  if (cut === n || e[cut - 1] === LF) return cut * 2;
  if (cut - pos === LINE) cut -= escapeEndsAt(e, pos, cut) ? 3 : 1;
  return cut * 2 + 1;
}

/** `=XX` ends at `end` (wrap's /[=][\da-f]{2}$/i). */
function escapeEndsAt(e: Buffer, start: number, end: number): boolean {
  return (
    end - start >= 3 && e[end - 3] === EQUALS && HEX_VALUE[e[end - 2]!]! >= 0 && HEX_VALUE[e[end - 1]!]! >= 0
  );
}

/** The line is one to four escapes and nothing else (wrap's /^(?:=[\da-f]{2}){1,4}$/i). */
function onlyEscapes(e: Buffer, start: number, end: number): boolean {
  const size = end - start;
  if (size > 12 || size === 0 || size % 3 !== 0) return false;
  for (let k = start; k < end; k += 3) if (!escapeEndsAt(e, k, k + 3)) return false;
  return true;
}
