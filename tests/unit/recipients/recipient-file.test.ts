import * as XLSX from 'xlsx';
import { parseRecipientFile } from '../../../src/services/recipient-import/parse-file.ts';
import { fileKindOf } from '../../../src/lib/recipient-import/sheet.ts';
import { autoMap, rejectedRowsCsv, toImportRows } from '../../../src/lib/recipient-import/columns.ts';

const toArrayBuffer = (buffer: Buffer | Uint8Array) =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

/** A real workbook as Excel would save it: Arabic headers, a blank row, formulas with cached values, dates. */
function workbook(bookType: 'xlsx' | 'biff8'): ArrayBuffer {
  const sheet = XLSX.utils.aoa_to_sheet(
    [
      ['الاسم', 'البريد الإلكتروني', 'رقم الجوال', 'تاريخ الميلاد', 'العدد', 'الضعف'],
      ['أحمد علي', 'Ahmad@Example.com', '0501234567', new Date(2026, 0, 15), 21, null],
      [],
      ['', '', '', '', '', ''],
      ['سارة', 'sara@example.com', '+966 55 000 0000', new Date(2025, 11, 31), 5, null],
    ],
    { cellDates: true },
  );
  sheet['F2'] = { t: 'n', f: 'E2*2', v: 42 };
  sheet['F5'] = { t: 'n', f: 'E5*2', v: 10 };
  // A cell whose text looks like markup stays text.
  sheet['G1'] = { t: 's', v: '<b>ملاحظة</b>' };
  sheet['G2'] = { t: 's', v: '<img src=x onerror=alert(1)>' };
  sheet['!ref'] = 'A1:G5';
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'المستلمون');
  return toArrayBuffer(XLSX.write(book, { type: 'buffer', bookType }));
}

describe('parsing a recipients file in the worker', () => {
  it.each([
    ['recipients.xlsx', 'xlsx'],
    ['recipients.xls', 'biff8'],
  ] as const)(
    'reads %s: header, values as text, blank rows skipped, formulas as values, dates formatted',
    (name, type) => {
      const sheet = parseRecipientFile(name, workbook(type));
      expect(sheet.headers).toEqual([
        'الاسم',
        'البريد الإلكتروني',
        'رقم الجوال',
        'تاريخ الميلاد',
        'العدد',
        'الضعف',
        '<b>ملاحظة</b>',
      ]);
      expect(sheet.rows).toEqual([
        {
          line: 2,
          cells: [
            'أحمد علي',
            'Ahmad@Example.com',
            '0501234567',
            '2026-01-15',
            '21',
            '42',
            '<img src=x onerror=alert(1)>',
          ],
        },
        { line: 5, cells: ['سارة', 'sara@example.com', '+966 55 000 0000', '2025-12-31', '5', '10', ''] },
      ]);
    },
  );

  it('reads a UTF-8 CSV with BOM, quoted commas and new lines, and blank lines', () => {
    const text =
      '\uFEFFالاسم,البريد الإلكتروني,الشركة\r\n"علي, الابن",ali@example.com,"شركة ""النمر"""\r\n\r\n,,\r\nمنى,mona@example.com,x\r\n';
    const sheet = parseRecipientFile('list.CSV', toArrayBuffer(new TextEncoder().encode(text)));
    expect(sheet.headers).toEqual(['الاسم', 'البريد الإلكتروني', 'الشركة']);
    expect(sheet.rows).toEqual([
      { line: 2, cells: ['علي, الابن', 'ali@example.com', 'شركة "النمر"'] },
      { line: 5, cells: ['منى', 'mona@example.com', 'x'] },
    ]);
  });

  it('reads an Arabic CSV saved by Excel in Windows-1256', () => {
    // "الاسم,email" then "سمر,s@example.com", byte for byte in code page 1256.
    const bytes = Uint8Array.from([
      0xc7,
      0xe1,
      0xc7,
      0xd3,
      0xe3,
      0x2c,
      ...new TextEncoder().encode('email\r\n'),
      0xd3,
      0xe3,
      0xd1,
      0x2c,
      ...new TextEncoder().encode('s@example.com\r\n'),
    ]);
    const sheet = parseRecipientFile('legacy.csv', toArrayBuffer(bytes));
    expect(sheet).toMatchObject({
      headers: ['الاسم', 'email'],
      rows: [{ line: 2, cells: ['سمر', 's@example.com'] }],
    });
  });

  it('reads a file of 200,000 rows, the most one import takes', () => {
    const csv = ['email,name', ...Array.from({ length: 200_000 }, (_, i) => `p${i}@example.com,اسم ${i}`)];
    const sheet = parseRecipientFile('big.csv', toArrayBuffer(new TextEncoder().encode(csv.join('\n'))));
    expect(sheet.rows).toHaveLength(200_000);
    expect(sheet.rows.at(-1)).toEqual({ line: 200_001, cells: ['p199999@example.com', 'اسم 199999'] });
  });

  it('tells supported files by extension', () => {
    expect(['a.xlsx', 'b.XLS', 'c.csv', 'd.pdf', 'e', 'f.xlsx.exe'].map(fileKindOf)).toEqual([
      'xlsx',
      'xls',
      'csv',
      null,
      null,
      null,
    ]);
  });

  it('maps Arabic and English headers to fields; the rest become extra fields', () => {
    expect(
      autoMap([
        'الاسم',
        'البريد الالكتروني',
        'الجوال',
        'المسمى الوظيفي',
        'الشركة',
        'الدولة',
        'المرفق',
        'المدينة',
        '',
      ]),
    ).toEqual([
      'name',
      'email',
      'phone',
      'job_title',
      'organization',
      'country',
      'attachment',
      'extra',
      'skip',
    ]);
    expect(autoMap(['E-Mail', 'Full Name', 'Company', 'Job Title', 'email'])).toEqual([
      'email',
      'name',
      'organization',
      'job_title',
      'extra',
    ]);
  });

  it('builds upload rows with file row numbers and extra fields, and a CSV of the refused rows', () => {
    const headers = ['الاسم', 'email', 'المدينة', ''];
    const rows = [
      { line: 2, cells: ['علي', 'ali@example.com', 'جدة', 'x'] },
      { line: 4, cells: ['منى', 'bad', '', ''] },
    ];
    const mapping = autoMap(headers);
    expect(toImportRows(headers, rows, mapping)).toEqual([
      { row: 2, email: 'ali@example.com', name: 'علي', extra: [{ name: 'المدينة', value: 'جدة' }] },
      { row: 4, email: 'bad', name: 'منى', extra: [] },
    ]);
    const csv = rejectedRowsCsv(
      headers,
      rows,
      [{ row: 4, reason: 'validation.email' }],
      { row: 'الصف', reason: 'السبب' },
      (key) => `«${key}»`,
    );
    expect(csv).toBe('\uFEFFالصف,السبب,الاسم,email,المدينة,\r\n4,«validation.email»,منى,bad,,\r\n');
  });
});

describe('the recipient form check', () => {
  it('needs an e-mail and a name and value in every extra field (spec §5)', async () => {
    const { checkRecipient } = await import('../../../src/screens/recipients/recipient-check.ts');
    const base = {
      email: 'a@example.com',
      name: '',
      job_title: '',
      phone: '',
      organization: '',
      country: '',
      attachment: '',
    };
    expect(checkRecipient({ ...base, extra: [{ name: 'city', value: 'Jeddah' }] })).toEqual({});
    expect(checkRecipient({ ...base, extra: [{ name: 'city', value: ' ' }] })).toEqual({
      extra: 'validation.extraIncomplete',
    });
    expect(checkRecipient({ ...base, email: ' ', extra: [] })).toEqual({ email: 'validation.required' });
  });
});
