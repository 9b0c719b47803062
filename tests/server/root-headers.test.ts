import type Mail from 'nodemailer/lib/mailer';
import { describe, expect, it } from 'vitest';
import { fastRecipientBlock, nodemailerRecipientBlock } from '../../server/mail/root-headers.ts';

/**
 * root-headers.ts writes a campaign message's recipient header lines without a MimeNode when the
 * values are plain (fastRecipientBlock). Whatever it writes must be what nodemailer's MimeNode
 * writes for the same values, byte for byte; what it does not handle it must leave (null).
 */

// A small seeded generator, so a failure names an input that can be replayed.
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAME_PIECES = [
  'Recipient',
  'سارة',
  'محمد بن سلمان',
  "O'Brien",
  'Smith, John',
  '"quoted"',
  'back\\slash',
  'Zoë',
  '😀',
  '(paren)',
  'a very long name that goes on and on past the point where a header line must fold',
  ' ',
  '',
  'ümlaut',
  '=?utf-8?q?x?=',
  'tab\there',
];
const SUBJECT_PIECES = [
  'Contract K-1',
  'عقدك رقم ١٢٣ يتجدد',
  'line\nbreak',
  'cr\r\nlf',
  'x'.repeat(90),
  '  spaced  ',
  'emoji 🎉',
  'ctrl\u0001char',
  '',
  'Re: [list] subject with (comments) and "quotes"',
];
const LOCALS = ['r0', 'first.last', 'a+tag', "o'neil", 'x_y-z', 'UPPER', '1234'];
const DOMAINS = [
  'bench.test',
  'example.com',
  'Example.COM',
  'sub.domain.example',
  'xn--bcher-kva.example',
  'bücher.example',
  'localhost',
];
const TYPES = ['multipart/alternative', 'multipart/mixed', 'multipart/related; type="text/html"'];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function options(next: () => number): {
  data: Mail.Options;
  list: Record<string, unknown> | undefined;
  contentType: string;
  boundary: string;
} {
  const address = () => `${pick(next, LOCALS)}@${pick(next, DOMAINS)}`;
  const name = Array.from({ length: Math.floor(next() * 3) }, () => pick(next, NAME_PIECES)).join(' ');
  const to = address();
  const token = Math.floor(next() * 1e9).toString(36);
  const data: Mail.Options = {
    to: next() < 0.1 ? { name: undefined as unknown as string, address: to } : { name, address: to },
    envelope: { from: `b+${token}@${pick(next, DOMAINS)}`, to: [to] },
    messageId: next() < 0.9 ? `<${token}@bench.test>` : `${token}@bench.test`,
    ...(next() < 0.9
      ? {
          subject: Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(next, SUBJECT_PIECES)).join(
            ' ',
          ),
        }
      : {}),
  };
  const list =
    next() < 0.8
      ? {
          unsubscribe: [[`https://mail.example/u/${token}/unsubscribe`, `mailto:u+${token}@bench.test`]],
          ...(next() < 0.3
            ? { help: { url: 'https://mail.example/help', comment: pick(next, NAME_PIECES) } }
            : {}),
        }
      : undefined;
  const boundary = `--_NmP-${token}${Math.floor(next() * 1e6).toString(16)}-Part_1`;
  return { data, list, contentType: pick(next, TYPES), boundary };
}

describe('a recipient header block without a MimeNode', () => {
  it('is byte for byte what the MimeNode writes, or left to it', () => {
    const next = random(20261128);
    const date = new Date('2026-11-28T10:00:00Z');
    let fast = 0;
    for (let i = 0; i < 3000; i++) {
      const { data, list, contentType, boundary } = options(next);
      const mine = fastRecipientBlock(data, list, contentType, boundary, date);
      if (!mine) continue;
      fast += 1;
      const theirs = nodemailerRecipientBlock(data, list, contentType, 'unused', boundary, date);
      expect({ input: data, list, block: mine.block }).toEqual({ input: data, list, block: theirs.block });
      expect(mine.envelope).toEqual(theirs.envelope);
      expect(mine.messageId).toBe(theirs.messageId);
    }
    // Most campaign messages take the fast path: the test must have compared many.
    expect(fast).toBeGreaterThan(1000);
  });

  it('leaves to the MimeNode what it does not write itself', () => {
    const base = {
      to: { name: 'R', address: 'r@bench.test' },
      envelope: { from: 'b@bench.test', to: ['r@bench.test'] },
      messageId: '<m@bench.test>',
    };
    const block = (data: Mail.Options) => fastRecipientBlock(data, undefined, 'multipart/alternative', 'b');
    expect(block(base)).not.toBeNull();
    expect(block({ ...base, envelope: undefined })).toBeNull();
    expect(block({ ...base, to: 'R <r@bench.test>' })).toBeNull();
    expect(block({ ...base, to: [{ name: 'R', address: 'r@bench.test' }] })).toBeNull();
    expect(block({ ...base, to: { name: 'R', address: 'رامي@bench.test' } })).toBeNull();
    expect(
      block({ ...base, envelope: { from: 'b@bench.test', to: ['r@bench.test'], size: 5 } as never }),
    ).toBeNull();
    expect(block({ ...base, envelope: { from: 'b@[127.0.0.1]', to: ['r@bench.test'] } })).toBeNull();
    expect(block({ ...base, messageId: undefined })).toBeNull();
    expect(block({ ...base, date: new Date() })).toBeNull();
    expect(fastRecipientBlock(base, undefined, 'text/plain', 'b')).toBeNull();
    expect(fastRecipientBlock(base, undefined, 'multipart/mixed; boundary="x"', 'b')).toBeNull();
  });
});
