/**
 * How an SMS text is encoded and split into parts (issue 33). Shared by the browser's live part
 * counter and the server, which sends exactly the parts counted here, so the count a user sees
 * and the credits a send reserves can never disagree. No Buffer: the browser imports it.
 *
 * GSM 03.38 (3GPP TS 23.038) default alphabet with its extension table when every character has
 * a place there, UCS-2 (UTF-16 big-endian) otherwise. Bytes are what SMPP 3.4 carries in
 * `short_message`: GSM as unpacked septets, one per octet (`data_coding` 0x00, as SMSCs expect
 * over SMPP), UCS-2 as two octets per UTF-16 code unit (`data_coding` 0x08). A long text is sent
 * as parts each led by a 6-octet concatenation header (IEI 0x00, 8-bit reference), which leaves
 * 153 septets or 67 code units per part. See docs/sms.md.
 */

export type SmsEncoding = 'gsm7' | 'ucs2';

/** Units (septets for GSM, UTF-16 code units for UCS-2) in one whole message and in each part. */
export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const satisfies Record<SmsEncoding, { single: number; part: number }>;

/** SMPP `data_coding`: 0x00 the SMSC's default alphabet (GSM 03.38), 0x08 UCS-2. */
export const SMS_DATA_CODING = { gsm7: 0x00, ucs2: 0x08 } as const;

/** The escape septet that leads every extension-table character. */
const ESCAPE = 0x1b;

// The default alphabet by septet value; 0x1B is the escape, so it has no character here.
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u0000ÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// The extension table: each costs the escape plus this septet (two in all).
const EXTENSION: ReadonlyArray<readonly [string, number]> = [
  ['\f', 0x0a],
  ['^', 0x14],
  ['{', 0x28],
  ['}', 0x29],
  ['\\', 0x2f],
  ['[', 0x3c],
  ['~', 0x3d],
  [']', 0x3e],
  ['|', 0x40],
  ['€', 0x65],
];

const basicSeptet = new Map<string, number>();
for (let septet = 0; septet < BASIC.length; septet += 1) {
  if (septet !== ESCAPE) basicSeptet.set(BASIC.charAt(septet), septet);
}
const extensionSeptet = new Map(EXTENSION);

/** The septets of one character in the GSM 03.38 default alphabet, or null when it has none. */
export function gsmSeptets(char: string): readonly number[] | null {
  const basic = basicSeptet.get(char);
  if (basic !== undefined) return [basic];
  const extension = extensionSeptet.get(char);
  return extension === undefined ? null : [ESCAPE, extension];
}

export function isGsmText(text: string): boolean {
  for (const char of text) if (gsmSeptets(char) === null) return false;
  return true;
}

/** One part as it goes into `submit_sm`. */
export type SmsPart = {
  /** 1-based; `total` parts in all. */
  index: number;
  total: number;
  /** The characters of this part (joined, the parts give back the text). */
  text: string;
  /** Septets or UTF-16 code units this part uses. */
  units: number;
  /** The concatenation header (empty for a single-part message). */
  udh: Uint8Array;
  /** The encoded characters, without the header. */
  payload: Uint8Array;
  /** `udh` then `payload`: the `short_message` octets (esm_class gets 0x40 when udh is not empty). */
  userData: Uint8Array;
};

export type SmsAnalysis = {
  encoding: SmsEncoding;
  dataCoding: number;
  /** Characters as a person counts them (code points; an emoji is one). */
  characters: number;
  /** Septets (an extension character is two) or UTF-16 code units (an emoji is two). */
  units: number;
  /** 0 for an empty text. */
  parts: number;
  /** Units one part holds at this length: 160/70 for one part, 153/67 when split. */
  unitsPerPart: number;
  /** Units the last part can still take before another part is needed (or before splitting). */
  unitsLeft: number;
  /**
   * When the text is UCS-2 only because of a few characters: those characters (distinct, in the
   * order they first appear), so the screen can name them. Empty for GSM texts and for texts
   * written in another script (more than FORCED_LIST_MAX distinct characters outside GSM).
   */
  forcedBy: string[];
};

/** More distinct non-GSM characters than this means the text is simply in another script. */
export const FORCED_LIST_MAX = 5;

type Unit = { char: string; units: number };

function unitsOf(text: string, encoding: SmsEncoding): Unit[] {
  const result: Unit[] = [];
  for (const char of text) {
    result.push({ char, units: encoding === 'gsm7' ? (gsmSeptets(char)?.length ?? 1) : char.length });
  }
  return result;
}

/**
 * Groups the characters into parts. A character is never cut: an extension character's escape
 * and septet, and an emoji's surrogate pair, always travel in the same part (phones and SMSCs
 * decode each part on its own; a split one shows as garbage).
 */
function split(chars: Unit[], encoding: SmsEncoding): Unit[][] {
  const total = chars.reduce((sum, unit) => sum + unit.units, 0);
  const limits = SMS_LIMITS[encoding];
  if (total <= limits.single) return total === 0 ? [] : [chars];
  const parts: Unit[][] = [];
  let current: Unit[] = [];
  let used = 0;
  for (const unit of chars) {
    if (used + unit.units > limits.part) {
      parts.push(current);
      current = [];
      used = 0;
    }
    current.push(unit);
    used += unit.units;
  }
  parts.push(current);
  return parts;
}

function nonGsmCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const char of text) {
    if (gsmSeptets(char) === null) {
      found.add(char);
      if (found.size > FORCED_LIST_MAX) return [];
    }
  }
  return [...found];
}

function encodingOf(text: string): SmsEncoding {
  return isGsmText(text) ? 'gsm7' : 'ucs2';
}

function analyse(text: string, encoding: SmsEncoding, parts: Unit[][], chars: Unit[]): SmsAnalysis {
  const limits = SMS_LIMITS[encoding];
  const units = chars.reduce((sum, unit) => sum + unit.units, 0);
  const unitsPerPart = parts.length > 1 ? limits.part : limits.single;
  const last = parts.at(-1) ?? [];
  const lastUnits = last.reduce((sum, unit) => sum + unit.units, 0);
  return {
    encoding,
    dataCoding: SMS_DATA_CODING[encoding],
    characters: chars.length,
    units,
    parts: parts.length,
    unitsPerPart,
    unitsLeft: unitsPerPart - lastUnits,
    forcedBy: encoding === 'ucs2' ? nonGsmCharacters(text) : [],
  };
}

/** Encoding, length and parts of `text`: what the live counter and the credit check show. */
export function analyseSms(text: string): SmsAnalysis {
  const encoding = encodingOf(text);
  const chars = unitsOf(text, encoding);
  return analyse(text, encoding, split(chars, encoding), chars);
}

function encodeChars(chars: Unit[], encoding: SmsEncoding): Uint8Array {
  const units = chars.reduce((sum, unit) => sum + unit.units, 0);
  const bytes = new Uint8Array(encoding === 'gsm7' ? units : units * 2);
  let at = 0;
  for (const { char } of chars) {
    if (encoding === 'gsm7') {
      for (const septet of gsmSeptets(char) ?? []) bytes[at++] = septet;
    } else {
      for (let i = 0; i < char.length; i += 1) {
        const code = char.charCodeAt(i);
        bytes[at++] = code >> 8;
        bytes[at++] = code & 0xff;
      }
    }
  }
  return bytes;
}

/**
 * The parts of `text`, ready for `submit_sm`. `reference` (0-255) ties the parts of one message
 * together on the phone: the caller picks a different one for each multi-part message it sends
 * to the same number.
 */
export function encodeSms(
  text: string,
  { reference }: { reference: number },
): { analysis: SmsAnalysis; parts: SmsPart[] } {
  if (!Number.isInteger(reference) || reference < 0 || reference > 255) {
    throw new RangeError('the concatenation reference is one octet (0-255)');
  }
  const encoding = encodingOf(text);
  const chars = unitsOf(text, encoding);
  const groups = split(chars, encoding);
  const total = groups.length;
  const parts = groups.map((group, i): SmsPart => {
    const udh = total > 1 ? Uint8Array.of(0x05, 0x00, 0x03, reference, total, i + 1) : new Uint8Array(0);
    const payload = encodeChars(group, encoding);
    const userData = new Uint8Array(udh.length + payload.length);
    userData.set(udh, 0);
    userData.set(payload, udh.length);
    return {
      index: i + 1,
      total,
      text: group.map((unit) => unit.char).join(''),
      units: group.reduce((sum, unit) => sum + unit.units, 0),
      udh,
      payload,
      userData,
    };
  });
  return { analysis: analyse(text, encoding, groups, chars), parts };
}
