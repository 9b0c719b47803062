import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { writeZip } from '../../server/lib/zip-writer.ts';
import { extractZip, findZipEntry } from '../../server/modules/uploads/zip-extract.ts';
import { decodeLegacyName } from '../../server/modules/uploads/zip-names.ts';

/**
 * A zip as old Windows tools write it: entries whose names are raw bytes in the local code page,
 * without the UTF-8 flag (general purpose bit 11) and without a Unicode path extra field; a
 * name given as text is written as UTF-8 with the flag.
 */
const legacyZip = writeZip;

/** "كشف حساب.pdf" in CP864, which has only presentation forms: the bytes a DOS tool writes. */
const cp864Statement = Buffer.from([0xe3, 0xbd, 0xe1, 0x20, 0xcd, 0xd3, 0xc7, 0xc8, ...Buffer.from('.pdf')]);

describe('zip entry names in legacy code pages (no UTF-8 flag)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zip-names-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    ['CP720 (Windows compressed folders, 7-Zip in an Arabic locale)', 'cp720', 'فاتورة أحمد-7.pdf'],
    ['CP1256 (Windows ANSI)', 'cp1256', 'عقد سارة 2026.pdf'],
    ['CP720, in a folder', 'cp720', 'فواتير/نوفمبر/إيصال منى.pdf'],
  ])('reads names written in %s', (_, codePage, name) => {
    expect(decodeLegacyName(iconv.encode(name, codePage))).toBe(name);
  });

  it('reads CP864 names as the letters people type', () => {
    expect(decodeLegacyName(cp864Statement)).toBe('كشف حساب.pdf');
  });

  it('leaves names that read as no Arabic to the zip reader', () => {
    expect(decodeLegacyName(Buffer.from([0x52, 0x82, 0x73, 0x75, 0x6d, 0x82]))).toBeNull(); // "Résumé" in CP437
  });

  it('extracts a zip of legacy names so each recipient finds the file its attachment names', async () => {
    const files = [
      { name: iconv.encode('فاتورة أحمد-7.pdf', 'cp720'), data: Buffer.from('%PDF-1.4 ahmad') },
      { name: iconv.encode('عقود\\عقد سارة.pdf', 'cp1256'), data: Buffer.from('%PDF-1.4 sara') },
      { name: cp864Statement, data: Buffer.from('%PDF-1.4 statement') },
      { name: 'ملف منى.pdf', data: Buffer.from('%PDF-1.4 mona') },
      { name: Buffer.from('plain.pdf'), data: Buffer.from('%PDF-1.4 plain') },
    ];
    const zipPath = path.join(dir, 'legacy.zip');
    await writeFile(zipPath, legacyZip(files));
    const entries = await extractZip(zipPath, path.join(dir, 'out'), {
      maxEntries: 10,
      maxUnpackedBytes: 1024 * 1024,
    });
    expect(entries.map((entry) => entry.name)).toEqual([
      'فاتورة أحمد-7.pdf',
      'عقود/عقد سارة.pdf',
      'كشف حساب.pdf',
      'ملف منى.pdf',
      'plain.pdf',
    ]);
    for (const [wanted, content] of [
      ['فاتورة أحمد-7.pdf', 'ahmad'],
      ['عقد سارة.pdf', 'sara'],
      ['كشف حساب.pdf', 'statement'],
      ['ملف منى.pdf', 'mona'],
    ]) {
      const entry = findZipEntry(entries, wanted!);
      expect(entry, wanted).toBeDefined();
      expect(await readFile(path.join(dir, 'out', entry!.file), 'utf8')).toBe(`%PDF-1.4 ${content}`);
    }
  });

  it('still refuses a legacy name that escapes its folder', async () => {
    const zipPath = path.join(dir, 'slip.zip');
    await writeFile(
      zipPath,
      legacyZip([{ name: iconv.encode('../فاتورة.pdf', 'cp720'), data: Buffer.from('x') }]),
    );
    await expect(
      extractZip(zipPath, path.join(dir, 'slip'), { maxEntries: 10, maxUnpackedBytes: 1024 }),
    ).rejects.toMatchObject({ problem: 'unsafePath' });
  });
});
