import iconv from 'iconv-lite';
import * as XLSX from 'xlsx';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  recipientEndpoints as api,
  type ImportResult,
  type ImportRow,
  type Recipient,
} from '../../contract/recipients.contract.ts';
import {
  recipientImportMachine,
  unstoredRows,
  type RecipientImportActorRef,
  type RecipientImportContext,
} from '../../src/machines/recipient-import.machine.ts';
import { parseRecipientFile } from '../../src/services/recipient-import/parse-file.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { caller } from './recipients-support.ts';

/**
 * Real-world files (issue 21, "Done when"): each file is made here byte for byte the way Excel or
 * LibreOffice in an Arabic locale writes it, then imported exactly as the browser does it: the
 * worker's parser (parseRecipientFile), the import machine (sheet and header choices, mapping,
 * duplicates, chunks) and the real import route. Every stored value is then read back.
 */
describe('importing the files people really have, on the engine under test', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let alice: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    alice = (await t.signInAs('sender')).access;
  });
  afterAll(() => t.close());

  const toArrayBuffer = (buffer: Uint8Array) =>
    buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

  /** Picks `name` in the import machine, lets `choose` act in the mapping step, imports, reads back. */
  async function importFile(
    name: string,
    bytes: Uint8Array,
    choose: (actor: RecipientImportActorRef) => void = () => {},
    chunkSize = 5_000,
  ): Promise<{ context: RecipientImportContext; stored: Recipient[] }> {
    const list = (
      await call(alice, api.createList, { body: { name: `ملف ${name} ${Math.random()}` } })
    ).json<{
      id: string;
    }>();
    const actor = createActor(
      recipientImportMachine.provide({
        actors: {
          parseFile: fromPromise(async ({ input }: { input: { file: File } }) =>
            parseRecipientFile(input.file.name, await input.file.arrayBuffer()),
          ),
          uploadChunk: fromPromise(async ({ input }: { input: { listId: string; rows: ImportRow[] } }) => {
            const response = await call(alice, api.importChunk, {
              params: { id: input.listId },
              body: { rows: input.rows },
            });
            if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}`);
            return response.json<ImportResult>();
          }),
        },
      }),
      { input: { listId: list.id, chunkSize } },
    ).start();
    actor.send({ type: 'import.pick', file: new File([toArrayBuffer(bytes)], name) });
    await waitFor(actor, (state) => !state.matches('parsing'));
    expect(actor.getSnapshot().value).toBe('mapping');
    choose(actor);
    actor.send({ type: 'import.start' });
    const done = await waitFor(actor, (state) => state.matches('summary'));
    const page = await call(alice, api.recipients, {
      query: { list: list.id, ordering: 'created_at', page_size: 100 },
    });
    return { context: done.context, stored: page.json<{ results: Recipient[] }>().results };
  }

  const fields = (recipient: Recipient) => ({
    email: recipient.email,
    name: recipient.name,
    phone: recipient.phone,
    extra: recipient.extra,
  });

  const xlsxOf = (sheets: Array<[string, unknown[][]]>, bookType: XLSX.BookType = 'xlsx') => {
    const book = XLSX.utils.book_new();
    for (const [name, rows] of sheets)
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType }) as Buffer);
  };

  it('reads a 3-row Windows-1256 CSV with `;` and an Excel `sep=` line', async () => {
    const text =
      'sep=;\r\nالبريد الإلكتروني;الاسم;المدينة\r\nali@example.com;علي الأحمد;جدة\r\n' +
      'mona@example.com;منى;الرياض\r\n"huda@example.com";"هدى; الابنة";مكة\r\n';
    const { context, stored } = await importFile('small.csv', iconv.encode(text, 'cp1256'));
    expect(context.headers).toEqual(['البريد الإلكتروني', 'الاسم', 'المدينة']);
    expect(context).toMatchObject({ added: 3, updated: 0, rejected: [], failed: [] });
    expect(stored.map(fields)).toEqual([
      { email: 'ali@example.com', name: 'علي الأحمد', phone: '', extra: [{ name: 'المدينة', value: 'جدة' }] },
      { email: 'mona@example.com', name: 'منى', phone: '', extra: [{ name: 'المدينة', value: 'الرياض' }] },
      {
        email: 'huda@example.com',
        name: 'هدى; الابنة',
        phone: '',
        extra: [{ name: 'المدينة', value: 'مكة' }],
      },
    ]);
  });

  it('reads a 3-row semicolon CSV without a `sep=` line (UTF-8, CRLF)', async () => {
    const text = 'البريد الإلكتروني;الاسم\r\na@example.com;أ\r\nb@example.com;ب\r\nc@example.com;ج\r\n';
    const { context, stored } = await importFile('semi.csv', new TextEncoder().encode(text));
    expect(context).toMatchObject({ added: 3, rejected: [] });
    expect(stored.map((r) => [r.email, r.name])).toEqual([
      ['a@example.com', 'أ'],
      ['b@example.com', 'ب'],
      ['c@example.com', 'ج'],
    ]);
  });

  it.each([
    ['with its byte-order mark', true],
    ['without one (told by the NUL bytes)', false],
  ])('reads Excel\'s "Unicode text" (UTF-16LE, tab-separated) saved as .csv, %s', async (_, bom) => {
    const text =
      'البريد الإلكتروني\tالاسم\tالجوال\r\nsara@example.com\tسارة\t0551234567\r\nlama@example.sa\tلمى\t+966 50 000 0000\r\n';
    const bytes = iconv.encode(text, 'utf16le', { addBOM: bom });
    expect(bytes[0] === 0xff && bytes[1] === 0xfe).toBe(bom);
    const { context, stored } = await importFile('unicode.csv', bytes);
    expect(context).toMatchObject({ added: 2, rejected: [] });
    expect(stored.map(fields)).toEqual([
      { email: 'sara@example.com', name: 'سارة', phone: '0551234567', extra: [] },
      { email: 'lama@example.sa', name: 'لمى', phone: '+966 50 000 0000', extra: [] },
    ]);
  });

  it('lets the user pick the header row under a title (the first non-empty row by default)', async () => {
    const bytes = xlsxOf([
      [
        'عملاء',
        [
          ['قائمة العملاء لعام 2026'],
          [],
          ['الاسم', 'البريد الإلكتروني', 'الجوال'],
          ['خالد', 'khalid@example.com', '0501111111'],
          ['ريم', 'reem@example.com', '0502222222'],
        ],
      ],
    ]);
    const { context, stored } = await importFile('title.xlsx', bytes, (actor) => {
      // The default: the title is the header, and no column is the e-mail.
      expect(actor.getSnapshot().context.headers[0]).toBe('قائمة العملاء لعام 2026');
      expect(actor.getSnapshot().context.mapping).not.toContain('email');
      actor.send({ type: 'import.header', index: 1 });
      expect(actor.getSnapshot().context.mapping).toEqual(['name', 'email', 'phone']);
    });
    expect(context).toMatchObject({ added: 2, rejected: [] });
    expect(stored.map(fields)).toEqual([
      { email: 'khalid@example.com', name: 'خالد', phone: '0501111111', extra: [] },
      { email: 'reem@example.com', name: 'ريم', phone: '0502222222', extra: [] },
    ]);
  });

  it('lets the user pick the sheet of a workbook with several', async () => {
    const bytes = xlsxOf([
      ['ملاحظات', [['اقرأ هذا أولًا'], ['البيانات في الورقة التالية']]],
      [
        'المستلمون',
        [
          ['E-mail', 'Name'],
          ['one@example.com', 'واحد'],
          ['two@example.com', 'اثنان'],
        ],
      ],
    ]);
    const { context, stored } = await importFile('two-sheets.xlsx', bytes, (actor) => {
      expect(actor.getSnapshot().context.sheets.map((sheet) => sheet.name)).toEqual(['ملاحظات', 'المستلمون']);
      actor.send({ type: 'import.sheet', index: 1 });
    });
    expect(context).toMatchObject({ added: 2, rejected: [] });
    expect(stored.map((r) => [r.email, r.name])).toEqual([
      ['one@example.com', 'واحد'],
      ['two@example.com', 'اثنان'],
    ]);
  });

  it.each([
    ['numbers.xlsx', 'xlsx'],
    ['numbers.xls', 'biff8'],
  ] as const)('keeps every digit of 12 to 15 digit numbers in %s', async (name, bookType) => {
    const bytes = xlsxOf(
      [
        [
          'Sheet1',
          [
            ['email', 'phone', 'رقم الهوية', 'المبلغ'],
            ['a@example.com', 966501234567, 123456789012345, 1250.5],
            ['b@example.com', 966512345678, 12345678901234, 7],
            ['c@example.com', 1234567890123, 100000000000, 0.25],
          ],
        ],
      ],
      bookType,
    );
    const { stored } = await importFile(name, bytes);
    expect(stored.map(fields)).toEqual([
      {
        email: 'a@example.com',
        name: '',
        phone: '966501234567',
        extra: [
          { name: 'رقم الهوية', value: '123456789012345' },
          { name: 'المبلغ', value: '1250.5' },
        ],
      },
      {
        email: 'b@example.com',
        name: '',
        phone: '966512345678',
        extra: [
          { name: 'رقم الهوية', value: '12345678901234' },
          { name: 'المبلغ', value: '7' },
        ],
      },
      {
        email: 'c@example.com',
        name: '',
        phone: '1234567890123',
        extra: [
          { name: 'رقم الهوية', value: '100000000000' },
          { name: 'المبلغ', value: '0.25' },
        ],
      },
    ]);
  });

  it('stores Arabic-Indic digits as ASCII in phone-like columns only when the user chooses it', async () => {
    const text =
      'email,الجوال,الرقم الوظيفي,الاسم\n' +
      'x@example.com,٠٥٠١٢٣٤٥٦٧,۱۲۳۴,محمد ٣\n' +
      'y@example.com,+٩٦٦ ٥٥ ١٢٣,٤٥,سلمى\n';
    const bytes = new TextEncoder().encode(text);
    const typed = await importFile('digits.csv', bytes);
    expect(typed.context.asciiDigits).toBe(false);
    expect(typed.stored.map((r) => [r.phone, r.extra[0]?.value, r.name])).toEqual([
      ['٠٥٠١٢٣٤٥٦٧', '۱۲۳۴', 'محمد ٣'],
      ['+٩٦٦ ٥٥ ١٢٣', '٤٥', 'سلمى'],
    ]);
    const ascii = await importFile('digits.csv', bytes, (actor) =>
      actor.send({ type: 'import.digits', on: true }),
    );
    // The name column is not a number column: its digit stays as typed.
    expect(ascii.stored.map((r) => [r.phone, r.extra[0]?.value, r.name])).toEqual([
      ['0501234567', '1234', 'محمد ٣'],
      ['+966 55 123', '45', 'سلمى'],
    ]);
  });

  it('refuses later rows of an address across chunks with both row numbers; the first row wins', async () => {
    const text = [
      'email,name',
      'user1@example.com,الأول',
      'other@example.com,آخر',
      'third@example.com,ثالث',
      'USER1@EXAMPLE.COM,المكرر',
      'x\u200B@example.com,خفي',
      'clean@example.com\u200F,نظيف',
    ].join('\r\n');
    const { context, stored } = await importFile('dups.csv', new TextEncoder().encode(text), () => {}, 2);
    expect(context).toMatchObject({ added: 4, updated: 0, cleaned: 1, failed: [] });
    expect(unstoredRows(context)).toEqual([
      { row: 5, reason: 'validation.duplicate', first_row: 2 },
      { row: 6, reason: 'validation.emailInvisible' },
    ]);
    expect(stored.map((r) => [r.email, r.name])).toEqual([
      ['user1@example.com', 'الأول'],
      ['other@example.com', 'آخر'],
      ['third@example.com', 'ثالث'],
      ['clean@example.com', 'نظيف'],
    ]);
  });
});
