import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { uploadSchema } from '../../contract/uploads.contract.ts';
import { readUploadFile, readZipEntry, uploadsRoot } from '../../server/modules/uploads/upload-storage.ts';
import { removeUnusedUploads } from '../../server/modules/uploads/uploads.cleanup.ts';
import { findUploads, markUploadsUsed } from '../../server/modules/uploads/uploads.repository.ts';
import { makeZip, makeZipSlip, multipartFile, tinyPng } from './helpers/files.ts';
import { bearer, createTestApp, type TestApp } from './helpers/test-app.ts';

const MB = 1024 * 1024;

describe('uploads for a send', () => {
  let t: TestApp;
  let sender: { id: string; access: string };
  beforeAll(async () => {
    t = await createTestApp({
      uploads: {
        maxBytes: { zip: 2 * MB, attachment: 1 * MB, image: 256 * 1024 },
        zipMaxEntries: 50,
        zipMaxUnpackedBytes: 4 * MB,
        unusedTtlMs: 3_600_000,
        quotaBytes: 64 * MB,
        minFreeBytes: 0,
      },
    });
    const session = await t.signInAs('sender');
    sender = { id: session.user.id, access: session.access };
  });
  afterAll(() => t.close());

  const upload = (kind: string, fileName: string, content: Buffer, access = sender.access, type?: string) => {
    const body = multipartFile(fileName, content, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/uploads/?kind=${kind}`,
      headers: { ...bearer(access), ...body.headers },
      payload: body.payload,
    });
  };
  const uploadedFiles = async () => readdir(uploadsRoot(t.config.dataDir)).catch((): string[] => []);

  it('stores a zip and lists the files inside it, ready to match recipients', async () => {
    const zip = await makeZip({
      'invoices/INV-001.pdf': '%PDF-1 one',
      'invoices/inv-002.pdf': '%PDF-1 two',
      '__MACOSX/._junk': 'x',
      'عقد.pdf': '%PDF-1 arabic',
    });
    const response = await upload('zip', 'invoices.zip', zip, sender.access, 'application/zip');
    expect(response.statusCode).toBe(201);
    const body = uploadSchema.parse(response.json());
    expect(body).toMatchObject({
      kind: 'zip',
      file_name: 'invoices.zip',
      entries_count: 3,
      campaign_id: null,
    });
    expect(body.entry_names).toEqual(['invoices/INV-001.pdf', 'invoices/inv-002.pdf', 'عقد.pdf']);

    const [row] = await findUploads(t.app.db, sender.id, [body.id]);
    expect((await readZipEntry(t.config.dataDir, row!, 'INV-002.PDF'))?.content.toString()).toBe(
      '%PDF-1 two',
    );
    expect((await readZipEntry(t.config.dataDir, row!, 'عقد.pdf'))?.name).toBe('عقد.pdf');
    expect(await readZipEntry(t.config.dataDir, row!, 'missing.pdf')).toBeNull();
  });

  it('refuses a zip bomb by counting the bytes as they inflate, and keeps nothing', async () => {
    const before = await uploadedFiles();
    const bomb = await makeZip({ 'zeros.bin': Buffer.alloc(20 * MB) });
    expect(bomb.length).toBeLessThan(100_000);
    const response = await upload('zip', 'bomb.zip', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ file: 'validation.zipTooLarge' });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('refuses a zip with an entry that escapes its folder (zip-slip)', async () => {
    const response = await upload('zip', 'slip.zip', await makeZipSlip());
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ file: 'validation.zipUnsafePath' });
    expect(existsSync(path.join(t.config.dataDir, 'evil.txt'))).toBe(false);
  });

  it('refuses a zip with more entries than allowed', async () => {
    const files = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}.txt`, 'x']));
    const response = await upload('zip', 'many.zip', await makeZip(files));
    expect(response.json().fields).toEqual({ file: 'validation.zipTooManyEntries' });
  });

  it('refuses a file that only claims to be a zip', async () => {
    const response = await upload('zip', 'fake.zip', Buffer.from('not a zip at all'));
    expect(response.json().fields).toEqual({ file: 'validation.zipInvalid' });
  });

  it('judges an image by its bytes, not its name or claimed type', async () => {
    const png = await upload('image', 'logo.jpg', tinyPng, sender.access, 'image/jpeg');
    expect(png.statusCode).toBe(201);
    expect(png.json().content_type).toBe('image/png');
    const svg = await upload(
      'image',
      'x.png',
      Buffer.from('<svg onload="alert(1)"/>'),
      sender.access,
      'image/png',
    );
    expect(svg.statusCode).toBe(400);
    expect(svg.json().fields).toEqual({ file: 'validation.imageType' });
  });

  it('answers 413 with a field key for a file over its kind limit, leaving nothing behind', async () => {
    const before = await uploadedFiles();
    const response = await upload('image', 'big.png', Buffer.concat([tinyPng, Buffer.alloc(300 * 1024)]));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'errors.payloadTooLarge',
      fields: { file: 'validation.fileTooLarge' },
    });
    expect(await uploadedFiles()).toEqual(before);
  });

  it('keeps a general attachment as sent, with a clean name, and refuses executables', async () => {
    const ok = await upload(
      'attachment',
      '../../etc/brochure\u0007.pdf',
      Buffer.from('%PDF-1.4'),
      sender.access,
      'application/pdf',
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ file_name: 'brochure.pdf', content_type: 'application/pdf' });
    const [row] = await findUploads(t.app.db, sender.id, [ok.json().id]);
    expect((await readUploadFile(t.config.dataDir, row!)).toString()).toBe('%PDF-1.4');
    const exe = await upload('attachment', 'setup.EXE', Buffer.from('MZ'));
    expect(exe.json().fields).toEqual({ file: 'validation.fileType' });
  });

  it('answers a request without a file part as a required file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/?kind=zip',
      headers: { ...bearer(sender.access), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ file: 'validation.fileRequired' });
  });

  it('refuses an unknown kind at the contract', async () => {
    const response = await upload('video', 'a.mp4', Buffer.from('x'));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ kind: 'validation.invalid' });
  });

  it('shows and deletes an upload only for its owner, and not while a campaign uses it', async () => {
    const created = (await upload('image', 'a.png', tinyPng)).json();
    const other = await t.signInAs('sender');
    const url = `/api/uploads/${created.id}/`;
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.access) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.access) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(sender.access) })).statusCode).toBe(200);

    await markUploadsUsed(t.app.db, [created.id], 'campaign-1');
    const busy = await t.app.inject({ method: 'DELETE', url, headers: bearer(sender.access) });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().fields).toEqual({ file: 'validation.inUse' });
  });

  it('removes uploads no campaign took up after the time limit, files included', async () => {
    const created = (await upload('image', 'old.png', tinyPng)).json();
    const later = new Date(Date.now() + 2 * 3_600_000);
    const removed = await removeUnusedUploads(t.app.db, t.config.dataDir, 3_600_000, later);
    expect(removed).toBeGreaterThan(0);
    expect(await findUploads(t.app.db, sender.id, [created.id])).toEqual([]);
    expect((await uploadedFiles()).includes(created.id)).toBe(false);
  });
});
