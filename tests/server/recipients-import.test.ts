import * as XLSX from 'xlsx';
import { MAX_IMPORT_CHUNK, recipientEndpoints as api } from '../../contract/recipients.contract.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { caller } from './recipients-support.ts';

describe('importing recipients in chunks and exporting a list', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    alice = (await t.signInAs('sender')).access;
  });
  afterAll(() => t.close());

  const newList = async () =>
    (
      await call(alice, api.createList, { body: { name: `قائمة ${Math.random().toString(36).slice(2)}` } })
    ).json<{
      id: string;
      name: string;
    }>();
  const importRows = (listId: string, rows: unknown[]) =>
    call(alice, api.importChunk, { params: { id: listId }, body: { rows } });
  const countOf = async (listId: string) =>
    (await call(alice, api.getList, { params: { id: listId } })).json().recipients_count;

  it('adds good rows, names each bad row with an i18n reason, and the first row of an address wins', async () => {
    const list = await newList();
    const response = await importRows(list.id, [
      { row: 2, email: ' Ali@Example.COM ', name: 'علي', extra: [{ name: 'المدينة', value: 'جدة' }] },
      { row: 3, email: 'not an address', name: 'x' },
      { row: 4, email: '', name: 'no address' },
      { row: 5, email: 'mona@example.com', extra: [{ name: '', value: 'orphan value' }] },
      { row: 6, email: 'long@example.com', name: 'n'.repeat(201) },
      { row: 7, email: 'ALI@example.com', phone: '0500000000' },
      { row: 8, email: 'huda@example.com', extra: [{ name: 'empty column', value: '' }] },
    ]);
    expect(response.statusCode).toBe(200);
    // A new list: nothing is "updated", and row 7 (ali@ again) is a duplicate of row 2.
    expect(response.json()).toEqual({
      added: 2,
      updated: 0,
      cleaned: 0,
      rejected: [
        { row: 3, reason: 'validation.email' },
        { row: 4, reason: 'validation.required' },
        { row: 5, reason: 'validation.extraIncomplete' },
        { row: 6, reason: 'validation.tooLong' },
        { row: 7, reason: 'validation.duplicate', first_row: 2 },
      ],
    });
    const page = (await call(alice, api.recipients, { query: { list: list.id, ordering: 'email' } })).json();
    expect(page.count).toBe(2);
    expect(page.results[0]).toMatchObject({
      email: 'Ali@example.com',
      name: 'علي',
      phone: '',
      extra: [{ name: 'المدينة', value: 'جدة' }],
    });
    expect(page.results[1]).toMatchObject({ email: 'huda@example.com', extra: [] });
  });

  it('updates a stored recipient from a later file, keeping the address as it was first written', async () => {
    const list = await newList();
    await importRows(list.id, [{ row: 2, email: 'user1@example.com', name: 'الأول' }]);
    const later = await importRows(list.id, [
      { row: 1500, email: 'USER1@example.com', phone: '0500000000' },
      { row: 1501, email: 'user1@EXAMPLE.com', phone: '0599999999' },
    ]);
    expect(later.json()).toEqual({
      added: 0,
      updated: 1,
      cleaned: 0,
      rejected: [{ row: 1501, reason: 'validation.duplicate', first_row: 1500 }],
    });
    const page = (await call(alice, api.recipients, { query: { list: list.id } })).json();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ email: 'user1@example.com', name: 'الأول', phone: '0500000000' });
  });

  it('strips invisible characters at the ends of cells, counts them, and refuses them inside an address', async () => {
    const list = await newList();
    const response = await importRows(list.id, [
      { row: 2, email: 'lama@example.sa\u200F', name: '\u200Fلمى\u00A0' },
      { row: 3, email: '\uFEFF\u202Bomar@example.sa\u202C', name: 'عمر' },
      { row: 4, email: 'x\u200B@example.sa', name: 'x' },
      { row: 5, email: 'ya\u2066sir@example.sa' },
      { row: 6, email: 'nbsp\u00A0in@example.sa' },
      { row: 7, email: 'plain@example.sa ', name: ' مسافة ' },
    ]);
    expect(response.json()).toEqual({
      added: 3,
      updated: 0,
      cleaned: 3,
      rejected: [
        { row: 4, reason: 'validation.emailInvisible' },
        { row: 5, reason: 'validation.emailInvisible' },
        { row: 6, reason: 'validation.emailInvisible' },
      ],
    });
    const page = (await call(alice, api.recipients, { query: { list: list.id, ordering: 'email' } })).json();
    expect(page.results.map((r: { email: string; name: string }) => [r.email, r.name])).toEqual([
      ['lama@example.sa', 'لمى'],
      ['omar@example.sa', 'عمر'],
      ['plain@example.sa', 'مسافة'],
    ]);
  });

  it('can run the same chunks again after an interruption without duplicates or lost fields', async () => {
    const list = await newList();
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      row: i + 2,
      email: `user${i}@example.com`,
      name: `اسم ${i}`,
    }));
    expect((await importRows(list.id, rows.slice(0, 600))).json()).toMatchObject({ added: 600, updated: 0 });
    // "The tab closed": the whole file is sent again from the start.
    const again = await importRows(
      list.id,
      rows.map((row) => ({ ...row, name: '' })),
    );
    expect(again.json()).toEqual({ added: 600, updated: 600, rejected: [], cleaned: 0 });
    expect(await countOf(list.id)).toBe(1200);
    const first = (await call(alice, api.recipients, { query: { list: list.id, search: 'user0@' } })).json();
    expect(first.results[0].name).toBe('اسم 0');
  });

  it('refuses a chunk over the row limit with 400 and a too-large body with 413, storing nothing', async () => {
    const list = await newList();
    const tooMany = Array.from({ length: MAX_IMPORT_CHUNK + 1 }, (_, i) => ({ email: `u${i}@example.com` }));
    const response = await importRows(list.id, tooMany);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ rows: 'validation.tooManyRows' });
    const huge = Array.from({ length: 1700 }, (_, i) => ({
      email: `u${i}@example.com`,
      name: 'x'.repeat(9_999),
    }));
    const tooLarge = await importRows(list.id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('errors.payloadTooLarge');
    expect((await importRows(list.id, [])).statusCode).toBe(400);
    expect(await countOf(list.id)).toBe(0);
  });

  it('takes a full chunk of 5,000 rows', async () => {
    const list = await newList();
    const rows = Array.from({ length: MAX_IMPORT_CHUNK }, (_, i) => ({
      email: `full${i}@example.com`,
      name: `Name ${i}`,
      organization: 'شركة',
      country: 'SA',
      extra: [{ name: 'code', value: String(i) }],
    }));
    expect((await importRows(list.id, rows)).json()).toMatchObject({ added: MAX_IMPORT_CHUNK, rejected: [] });
    expect(await countOf(list.id)).toBe(MAX_IMPORT_CHUNK);
  });

  it('exports a list as CSV (UTF-8 with BOM, formulas defused) and as a real XLSX workbook', async () => {
    const list = await newList();
    await importRows(list.id, [
      {
        email: 'a@example.com',
        name: 'أحمد, "الأول"',
        phone: '+966 50 123 4567',
        extra: [{ name: 'city', value: 'Riyadh' }],
      },
      { email: 'b@example.com', name: '=HYPERLINK("http://evil")', extra: [{ name: 'team', value: 'Blue' }] },
    ]);
    const csv = await call(alice, api.exportList, { params: { id: list.id }, query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''");
    const text = csv.rawPayload.toString('utf8');
    expect(
      text.startsWith('\uFEFFemail,name,job_title,phone,organization,country,attachment,city,team\r\n'),
    ).toBe(true);
    expect(text).toContain('a@example.com,"أحمد, ""الأول""",,+966 50 123 4567,,,,Riyadh,\r\n');
    expect(text).toContain(`b@example.com,"'=HYPERLINK(""http://evil"")",`);

    const xlsx = await call(alice, api.exportList, { params: { id: list.id }, query: { format: 'xlsx' } });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      defval: '',
    });
    expect(rows[0]).toEqual([
      'email',
      'name',
      'job_title',
      'phone',
      'organization',
      'country',
      'attachment',
      'city',
      'team',
    ]);
    expect(rows[1]).toEqual([
      'a@example.com',
      'أحمد, "الأول"',
      '',
      '+966 50 123 4567',
      '',
      '',
      '',
      'Riyadh',
      '',
    ]);
    expect(rows[2]![1]).toBe('=HYPERLINK("http://evil")');
    expect(book.SheetNames[0]).toBe(list.name);
  });
});
