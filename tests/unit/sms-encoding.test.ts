import { describe, expect, it } from 'vitest';
import { analyseSms, encodeSms, gsmSeptets, isGsmText, SMS_LIMITS } from '../../contract/sms-encoding.ts';
import { decodeGsm7, decodeUcs2, packSeptets, readUserData } from '../../contract/sms-decoding.ts';

const ARABIC_WORDS = 'مرحبا بكم في خدمة النامر للرسائل ';

function arabic(length: number): string {
  return ARABIC_WORDS.repeat(Math.ceil(length / ARABIC_WORDS.length)).slice(0, length);
}

/** What a phone shows: every part decoded on its own, ordered by its header, joined. */
function joined(text: string, reference = 7): string {
  const { analysis, parts } = encodeSms(text, { reference });
  const read = parts.map((part) =>
    readUserData(part.userData, { dataCoding: analysis.dataCoding, udhi: part.udh.length > 0 }),
  );
  for (const [i, part] of read.entries()) {
    if (parts.length > 1) expect(part.concat).toEqual({ reference, total: parts.length, index: i + 1 });
    else expect(part.concat).toBeNull();
  }
  return read.map((part) => part.text).join('');
}

describe('SMS encoding', () => {
  it('sends an Arabic message of 150 characters as three UCS-2 parts that join back to it', () => {
    const text = arabic(150);
    expect([...text]).toHaveLength(150);
    const { analysis, parts } = encodeSms(text, { reference: 42 });
    expect(analysis).toMatchObject({
      encoding: 'ucs2',
      dataCoding: 8,
      parts: 3,
      units: 150,
      unitsPerPart: 67,
    });
    expect(parts.map((part) => part.units)).toEqual([67, 67, 16]);
    expect(parts.map((part) => part.payload.length)).toEqual([134, 134, 32]);
    expect([...(parts[0]?.udh ?? [])]).toEqual([0x05, 0x00, 0x03, 42, 3, 1]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(joined(text)).toBe(text);
  });

  it('writes UCS-2 big-endian', () => {
    const { parts } = encodeSms('سلام', { reference: 0 });
    expect([...(parts[0]?.payload ?? [])]).toEqual([0x06, 0x33, 0x06, 0x44, 0x06, 0x27, 0x06, 0x45]);
    expect(decodeUcs2(parts[0]?.payload ?? new Uint8Array())).toBe('سلام');
  });

  it('counts € and the other extension characters as two septets', () => {
    expect(gsmSeptets('€')).toEqual([0x1b, 0x65]);
    for (const char of '^{}[]~\\|€\f') expect(gsmSeptets(char)).toHaveLength(2);
    const analysis = analyseSms('Price: 5€');
    expect(analysis).toMatchObject({ encoding: 'gsm7', characters: 9, units: 10, parts: 1, unitsLeft: 150 });
    expect(joined('{[~]} ^|\\ €')).toBe('{[~]} ^|\\ €');
  });

  it('writes GSM as unpacked septets, one per octet', () => {
    const { analysis, parts } = encodeSms('@Hi£', { reference: 0 });
    expect(analysis.dataCoding).toBe(0);
    expect([...(parts[0]?.userData ?? [])]).toEqual([0x00, 0x48, 0x69, 0x01]);
    expect(decodeGsm7(Uint8Array.of(0x00, 0x1b, 0x65, 0x11))).toBe('@€_');
  });

  it('keeps 160 GSM septets in one part and splits 161 into two of 153 and 8', () => {
    expect(analyseSms('a'.repeat(160))).toMatchObject({ parts: 1, unitsLeft: 0, unitsPerPart: 160 });
    const { analysis, parts } = encodeSms('a'.repeat(161), { reference: 1 });
    expect(analysis).toMatchObject({ parts: 2, unitsPerPart: 153, unitsLeft: 145 });
    expect(parts.map((part) => part.units)).toEqual([153, 8]);
    expect(parts.every((part) => part.userData.length <= 159)).toBe(true);
    expect(joined('a'.repeat(161))).toBe('a'.repeat(161));
  });

  it('counts 159 letters and a € as 161 septets: two parts', () => {
    expect(analyseSms(`${'a'.repeat(159)}€`).parts).toBe(2);
    expect(analyseSms(`${'a'.repeat(158)}€`).parts).toBe(1);
  });

  it('never cuts an extension character between its escape and its septet', () => {
    const text = `${'a'.repeat(152)}€${'b'.repeat(10)}`;
    const { parts } = encodeSms(text, { reference: 3 });
    expect(parts.map((part) => part.units)).toEqual([152, 12]);
    expect(parts[0]?.payload.at(-1)).not.toBe(0x1b);
    expect(joined(text)).toBe(text);
  });

  it('keeps 70 UCS-2 characters in one part and splits 71 into 67 and 4', () => {
    expect(analyseSms(arabic(70))).toMatchObject({ encoding: 'ucs2', parts: 1, unitsLeft: 0 });
    const { parts } = encodeSms(arabic(71), { reference: 9 });
    expect(parts.map((part) => part.units)).toEqual([67, 4]);
    expect(joined(arabic(71))).toBe(arabic(71));
  });

  it('keeps an emoji surrogate pair in one part at a boundary', () => {
    // 66 code units then an emoji (two): 68 would not fit the first part's 67.
    const text = `${arabic(66)}😀${arabic(10)}`;
    const { analysis, parts } = encodeSms(text, { reference: 5 });
    expect(analysis).toMatchObject({ characters: 77, units: 78, parts: 2 });
    expect(parts.map((part) => part.units)).toEqual([66, 12]);
    expect(parts[1]?.text.startsWith('😀')).toBe(true);
    for (const part of parts) expect(part.payload.length % 2).toBe(0);
    expect(joined(text)).toBe(text);
  });

  it('counts an emoji as two units: 35 emoji fill one UCS-2 message, 36 need two parts', () => {
    expect(analyseSms('😀'.repeat(35))).toMatchObject({ characters: 35, units: 70, parts: 1 });
    const { parts } = encodeSms('😀'.repeat(36), { reference: 0 });
    expect(parts.map((part) => part.units)).toEqual([66, 6]);
  });

  it('names the character that forced UCS-2 when the rest is GSM', () => {
    expect(analyseSms('Hello ’world’ ok')).toMatchObject({ encoding: 'ucs2', forcedBy: ['’'] });
    expect(analyseSms('Hi 😀 and ✓ 😀').forcedBy).toEqual(['😀', '✓']);
    expect(analyseSms(arabic(40)).forcedBy).toEqual([]);
    expect(analyseSms('Hello').forcedBy).toEqual([]);
  });

  it('treats ç as outside GSM (the table has only Ç) and Ç as inside', () => {
    expect(isGsmText('Ç')).toBe(true);
    expect(isGsmText('ç')).toBe(false);
  });

  it('gives no parts for an empty text and refuses a reference that is not one octet', () => {
    expect(analyseSms('')).toMatchObject({ parts: 0, unitsLeft: SMS_LIMITS.gsm7.single });
    expect(() => encodeSms('x', { reference: 256 })).toThrow(RangeError);
  });

  it('packs septets seven bits at a time', () => {
    const septets = encodeSms('hellohello', { reference: 0 }).parts[0]?.payload ?? new Uint8Array();
    const hex = Buffer.from(packSeptets(septets)).toString('hex').toUpperCase();
    expect(hex).toBe('E8329BFD4697D9EC37');
  });
});
