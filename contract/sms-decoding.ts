import { gsmSeptets } from './sms-encoding.ts';

/**
 * Reading SMS user data back (issue 33): what an SMSC receives in `submit_sm` and what a phone
 * sends in a mobile-originated `deliver_sm`. The built-in test SMSC joins parts with it, and
 * tests check that what `encodeSms` wrote reads back as the same text.
 */

const ESCAPE = 0x1b;
const BASIC: string[] = [];
const EXTENSION = new Map<number, string>();
for (let code = 0; code <= 0xffff; code += 1) {
  // Only the Basic Multilingual Plane holds GSM characters; walking it once builds both tables.
  const char = String.fromCharCode(code);
  const septets = gsmSeptets(char);
  if (septets?.length === 1) BASIC[septets[0] ?? 0] = char;
  else if (septets?.length === 2) EXTENSION.set(septets[1] ?? 0, char);
}

/**
 * Unpacked GSM septets (one per octet) as text. An escape followed by a septet the extension
 * table lacks shows that septet's default character, as 3GPP TS 23.038 asks.
 */
export function decodeGsm7(septets: Uint8Array): string {
  let text = '';
  for (let i = 0; i < septets.length; i += 1) {
    const septet = (septets[i] ?? 0) & 0x7f;
    if (septet === ESCAPE) {
      const next = septets[i + 1];
      if (next === undefined) break;
      i += 1;
      text += EXTENSION.get(next & 0x7f) ?? BASIC[next & 0x7f] ?? ' ';
    } else {
      text += BASIC[septet] ?? ' ';
    }
  }
  return text;
}

/** UCS-2 / UTF-16 big-endian octets as text; an odd last octet cannot be a character and is dropped. */
export function decodeUcs2(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    text += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  }
  return text;
}

function decodeLatin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/**
 * Text of `bytes` by SMPP 3.4 `data_coding`: 0x00 (and the GSM message classes 0xF0-0xF3) GSM,
 * 0x08 (and 0x18, UCS-2 with a class) UCS-2, 0x01 IA5/ASCII and 0x03 Latin-1 as Latin-1; 8-bit
 * binary codings are shown as Latin-1 too, so nothing received is thrown away.
 */
export function decodeSmsText(bytes: Uint8Array, dataCoding: number): string {
  if (dataCoding === 0x00 || (dataCoding & 0xf4) === 0xf0) return decodeGsm7(bytes);
  if (dataCoding === 0x08 || dataCoding === 0x18) return decodeUcs2(bytes);
  return decodeLatin1(bytes);
}

export type Concatenation = { reference: number; total: number; index: number };

/**
 * The concatenation element of a user data header (IEI 0x00 with an 8-bit reference, or 0x08
 * with a 16-bit one) and where the characters start, or null when `userData` has no header.
 */
export function readUdh(userData: Uint8Array): { concat: Concatenation | null; length: number } | null {
  const udhl = userData[0];
  if (udhl === undefined || udhl + 1 > userData.length) return null;
  let concat: Concatenation | null = null;
  for (let at = 1; at + 1 < udhl + 1;) {
    const iei = userData[at] ?? 0;
    const size = userData[at + 1] ?? 0;
    const value = userData.subarray(at + 2, at + 2 + size);
    if (iei === 0x00 && size === 3) {
      concat = { reference: value[0] ?? 0, total: value[1] ?? 0, index: value[2] ?? 0 };
    } else if (iei === 0x08 && size === 4) {
      concat = {
        reference: ((value[0] ?? 0) << 8) | (value[1] ?? 0),
        total: value[2] ?? 0,
        index: value[3] ?? 0,
      };
    }
    at += 2 + size;
  }
  return { concat, length: udhl + 1 };
}

/** One received part: its text and, for a part of a longer message, where it belongs. */
export function readUserData(
  userData: Uint8Array,
  { dataCoding, udhi }: { dataCoding: number; udhi: boolean },
): { text: string; concat: Concatenation | null } {
  const udh = udhi ? readUdh(userData) : null;
  const body = udh ? userData.subarray(udh.length) : userData;
  return { text: decodeSmsText(body, dataCoding), concat: udh?.concat ?? null };
}

/**
 * Septets packed 7 bits at a time, for links that carry GSM packed (SMPP carries it unpacked;
 * see docs/sms.md). `fillBits` pad the start so that, after a header of n octets, the first
 * septet begins on a septet boundary: (7 - (n * 8) % 7) % 7.
 */
export function packSeptets(septets: Uint8Array, fillBits = 0): Uint8Array {
  const bits = fillBits + septets.length * 7;
  const packed = new Uint8Array(Math.ceil(bits / 8));
  let at = fillBits;
  for (const septet of septets) {
    const value = septet & 0x7f;
    const byte = at >> 3;
    const shift = at & 7;
    packed[byte] = (packed[byte] ?? 0) | ((value << shift) & 0xff);
    if (shift > 1) packed[byte + 1] = (packed[byte + 1] ?? 0) | (value >> (8 - shift));
    at += 7;
  }
  return packed;
}
