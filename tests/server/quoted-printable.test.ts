import * as qp from 'nodemailer/lib/qp';
import { describe, expect, it } from 'vitest';
import { encodeQuotedPrintable } from '../../server/mail/quoted-printable.ts';

/**
 * The message writer's quoted-printable encoder replaces nodemailer's encode and wrap for speed;
 * a mail reader (and a DKIM body hash) must see the very same characters, so for every input it
 * has to return exactly what nodemailer returns.
 */
const nodemailer = (text: string) => qp.wrap(qp.encode(Buffer.from(text, 'utf8')), 76);

const arabic = 'مرحبا دانة، يسعدنا أن نشاركك آخر الأخبار والعروض الخاصة لهذا الشهر.';

const html = `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<title>Newsletter - نشرة أخبار شهر مايو</title>
<style>body { font-family: Tajawal, Arial, sans-serif; color: #333333; } .btn { background: #1a73e8; color: #ffffff; padding: 12px 24px; }</style>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f4;">
  <tr>
    <td align="center" style="padding:24px 12px;">
      <table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff;border-radius:8px;">
        <tr><td style="padding:32px 40px;font-size:22px;font-weight:bold;">Hello Dana, welcome to our May newsletter!</td></tr>
        <tr><td style="padding:0 40px 16px;font-size:16px;line-height:24px;">${arabic}</td></tr>
        <tr><td style="padding:0 40px 16px;font-size:16px;line-height:24px;">This month we launched a brand new dashboard that makes it easier than ever to follow your campaigns, see who opened your messages and which links were clicked the most. We also improved deliverability for large lists.</td></tr>
        <tr><td style="padding:0 40px 16px;font-size:16px;line-height:24px;">Coming next: scheduled sends in your own time zone, templates you can share with your team, and reports you can export to a spreadsheet with one click.</td></tr>
        <tr><td style="padding:0 40px 24px;"><a class="btn" href="https://example.test/c/tok_ABCdef123/dashboard?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=may">Open the dashboard</a></td></tr>
        <tr><td style="padding:0 40px 16px;font-size:14px;color:#666666;">Questions? Just reply to this e-mail, our team reads every message. Thanks for being with us since 2021.</td></tr>
        <tr><td style="padding:16px 40px;font-size:12px;color:#999999;border-top:1px solid #eeeeee;">You receive this e-mail because you subscribed at example.test. <a href="https://example.test/u/tok_ABCdef123" style="color:#999999;">Unsubscribe</a> | <a href="https://example.test/p/tok_ABCdef123" style="color:#999999;">Preferences</a><br>Example Ltd., 12 Market Street, Springfield</td></tr>
        <tr><td style="padding:16px 40px;font-size:12px;color:#999999;">وصلتك هذه الرسالة لأنك مشترك في نشرتنا البريدية. لإلغاء الاشتراك اضغط على الرابط أعلاه.</td></tr>
      </table>
    </td>
  </tr>
</table>
<img src="https://example.test/o/tok_ABCdef123.gif" width="1" height="1" alt="" style="display:block;border:0;">
</body>
</html>
`;

const fixed: Record<string, string> = {
  empty: '',
  'one space': ' ',
  'one tab': '\t',
  'short ASCII': 'Hello, world',
  arabic,
  'long Arabic': arabic.repeat(12),
  'emoji and other astral characters': '😀 Party 🎉🎉 time 𝒳𝒴𝒵 𠜎𠜱𠝹 '.repeat(8),
  'astral characters without spaces': '😀🎉𝒳𠜎'.repeat(40),
  'lone high surrogate': 'before \ud83d after',
  'lone low surrogate': 'before \ude00 after',
  'lone surrogates at the ends': '\ude00' + 'x'.repeat(80) + '\ud83d',
  'reversed surrogate pair': '\ude00\ud83d'.repeat(30),
  'line of 75': 'a'.repeat(75),
  'line of 76': 'a'.repeat(76),
  'line of 77': 'a'.repeat(77),
  'line of 200': 'a'.repeat(200),
  'lines of 75, 76, 77 with CRLF': ['a'.repeat(75), 'b'.repeat(76), 'c'.repeat(77), 'd'.repeat(74)].join(
    '\r\n',
  ),
  'lines of 75, 76, 77 with LF': ['a'.repeat(75), 'b'.repeat(76), 'c'.repeat(77), 'd'.repeat(74)].join('\n'),
  'words of 75, 76, 77 characters': ['a'.repeat(75), 'b'.repeat(76), 'c'.repeat(77)].join(' '),
  'long run without spaces': 'x'.repeat(1000),
  'long run of escapes': 'é'.repeat(300),
  'long run of = signs': '='.repeat(300),
  'equals signs': 'a=b == c =3D d=\r\n=',
  'trailing spaces and tabs': 'end of line   \nnext \t\r\nthird\t\t\n\nlast  \t ',
  'trailing space at the end': 'x'.repeat(100) + ' ',
  'trailing tab at the end': 'x'.repeat(100) + '\t',
  'spaces at a line boundary': ('a'.repeat(74) + '  ').repeat(5),
  'leading dots': '.\n.hidden\r\n..\n' + '.'.repeat(100),
  CRLF: 'one\r\ntwo\r\n\r\nthree\r\n',
  LF: 'one\ntwo\n\nthree\n',
  'lone CR': 'one\rtwo\r\rthree\r' + 'x'.repeat(90) + '\r' + 'y'.repeat(60),
  'mixed line breaks': 'a\r\nb\nc\rd\n\re\r\r\n\n' + ('w '.repeat(40) + '\r').repeat(3),
  'LF, CR at the end of a window': 'a'.repeat(75) + '\r\n' + 'b'.repeat(74) + '\n\r' + 'c'.repeat(80),
  'NUL and control characters': '\0\x01\x02\x07\b\x0b\x0c\x0e\x1b\x1f\x7f'.repeat(20),
  'Latin-1 and other BMP characters': 'café déjà vu – “quoted” € ß \u0080\u00ff\u07ff\u0800\uffff'.repeat(6),
  'HTML e-mail with Arabic': html,
  'HTML e-mail with CRLF': html.replace(/\n/g, '\r\n'),
};

describe('encodeQuotedPrintable', () => {
  it.each(Object.entries(fixed))('writes what nodemailer writes: %s', (_name, text) => {
    expect(encodeQuotedPrintable(text)).toBe(nodemailer(text));
  });

  it('wraps a typical HTML e-mail into soft-broken lines of 76 characters at most', () => {
    const encoded = encodeQuotedPrintable(html);
    expect(Buffer.byteLength(html)).toBeGreaterThan(2500);
    expect(encoded).toContain('=\r\n');
    expect(encoded).toContain('=D9=85');
    expect(Math.max(...encoded.split(/\r?\n/).map((line) => line.length))).toBeLessThanOrEqual(76);
  });

  it('writes what nodemailer writes for thousands of generated strings', () => {
    let seed = 20240611;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const ingredients = [
      'a',
      'Z',
      '0',
      'f',
      'word ',
      'Hello, world! ',
      'Why? ',
      ' ',
      '  ',
      '\t',
      '\r',
      '\n',
      '\r\n',
      ' \r\n',
      '\t\n',
      '.',
      '..',
      ',',
      '!',
      '?',
      '=',
      '=3D',
      '\0',
      '\x1b',
      '\x7f',
      'é',
      '€',
      'ع',
      'مرحبا ',
      '😀',
      '𠜎',
      '\ud83d',
      '\ude00',
      '\uffff',
      'x'.repeat(70),
      'y'.repeat(75),
      'é'.repeat(25),
      '<a href="https://example.test/c/tok">',
    ];
    const mismatches: string[] = [];
    for (let round = 0; round < 4000; round++) {
      let text = '';
      const pieces = random(random(160) + 1);
      // Some strings draw on a few ingredients only, so runs of one kind get long.
      const palette = round % 3 === 0 ? Array.from({ length: 3 }, () => random(ingredients.length)) : null;
      for (let i = 0; i < pieces; i++) {
        text += ingredients[palette ? palette[random(palette.length)]! : random(ingredients.length)];
      }
      if (encodeQuotedPrintable(text) !== nodemailer(text)) mismatches.push(text);
    }
    expect(mismatches.slice(0, 3).map((text) => JSON.stringify(text))).toEqual([]);
  });

  it('gives the same output again after a longer input (buffers are reused)', () => {
    const long = (arabic + ' Lorem ipsum dolor sit amet.\n').repeat(2000);
    expect(encodeQuotedPrintable(long)).toBe(nodemailer(long));
    expect(encodeQuotedPrintable(html)).toBe(nodemailer(html));
    expect(encodeQuotedPrintable('a '.repeat(50))).toBe(nodemailer('a '.repeat(50)));
  });
});
