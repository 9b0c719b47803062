import { createActor, fromPromise, waitFor } from 'xstate';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import {
  phoneLikeColumns,
  rejectedFileName,
  rejectedRowsTable,
  splitDuplicates,
  toAsciiDigits,
} from '../../../src/lib/recipient-import/columns.ts';
import { headerChoices, fileKindOf } from '../../../src/lib/recipient-import/sheet.ts';
import { excelImportMachine, toSendRows } from '../../../src/machines/send-wizard/excel-import.machine.ts';
import {
  decodeText,
  detectDelimiter,
  parseRecipientFile,
} from '../../../src/services/recipient-import/parse-file.ts';

const bufferOf = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const utf16le = (text: string, bom: boolean) => {
  const bytes = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    bytes[(bom ? 2 : 0) + i * 2] = code & 0xff;
    bytes[(bom ? 2 : 0) + i * 2 + 1] = code >> 8;
  }
  return bytes;
};

describe('reading the files Excel and LibreOffice write in Arabic locales', () => {
  it('finds the delimiter of a three-row file, and honours a sep= line', () => {
    expect(detectDelimiter('البريد;الاسم\r\na@x.com;أ\r\nb@x.com;ب\r\nc@x.com;ج\r\n')).toEqual({
      delimiter: ';',
      skipFirstLine: false,
    });
    expect(detectDelimiter('sep=;\r\nemail,name;x\r\n')).toEqual({ delimiter: ';', skipFirstLine: true });
    expect(detectDelimiter('email\tname\na@x.com\tA, B\n')).toMatchObject({ delimiter: '\t' });
    // A comma inside quotes does not count: the file is semicolon-separated.
    expect(detectDelimiter('"a,b";c\r\n"d,e";f\r\n')).toMatchObject({ delimiter: ';' });
    expect(detectDelimiter('email\r\na@x.com\r\n')).toMatchObject({ delimiter: ',' });
  });

  it('numbers the rows as Excel shows them when it hides the sep= line', () => {
    const sheet = parseRecipientFile(
      'x.csv',
      bufferOf(new TextEncoder().encode('sep=;\r\nemail;name\r\na@example.com;أ\r\n')),
    );
    expect(sheet).toMatchObject({
      headers: ['email', 'name'],
      rows: [{ line: 2, cells: ['a@example.com', 'أ'] }],
    });
  });

  it('tells UTF-16 text by its BOM or by its zero bytes, little- and big-endian', () => {
    const text = 'email\tالاسم\r\nx@example.com\tسارة\r\n';
    expect(decodeText(bufferOf(utf16le(text, true)))).toBe(text);
    expect(decodeText(bufferOf(utf16le(text, false)))).toBe(text);
    const big = utf16le(text, true).map((_, i, all) => all[i % 2 === 0 ? i + 1 : i - 1]!);
    expect(decodeText(bufferOf(big))).toBe(text);
    // Plain UTF-8 and Windows-1256 are not mistaken for it.
    expect(decodeText(bufferOf(new TextEncoder().encode(text)))).toBe(text);
    expect(decodeText(bufferOf(Uint8Array.from([0xc7, 0xe1, 0xc7, 0xd3, 0xe3])))).toBe('الاسم');
  });

  it('takes .txt and .tsv as text files', () => {
    expect(['a.txt', 'b.TSV', 'c.tsv.exe'].map(fileKindOf)).toEqual(['csv', 'csv', null]);
  });

  it('keeps every sheet and offers the first rows as header choices', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([]), 'فارغة');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['تقرير الربع الأول'],
        [],
        ['email', 'الهاتف'],
        ['a@example.com', 966501234567],
      ]),
      'البيانات',
    );
    const parsed = parseRecipientFile(
      'x.xlsx',
      bufferOf(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })),
    );
    expect(parsed.sheets?.map((sheet) => sheet.name)).toEqual(['فارغة', 'البيانات']);
    // The first sheet with rows is the default; its first non-empty row is the header.
    expect(parsed.headers).toEqual(['تقرير الربع الأول', '']);
    expect(headerChoices(parsed.sheets?.[1])).toEqual([
      { index: 0, line: 1, text: 'تقرير الربع الأول' },
      { index: 1, line: 3, text: 'email | الهاتف' },
      { index: 2, line: 4, text: 'a@example.com | 966501234567' },
    ]);
  });
});

describe('what an import does with the rows', () => {
  it('turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII ones', () => {
    expect(toAsciiDigits('+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧ / ۰۱۲۳۴۵۶۷۸۹')).toBe('+966 50 123 4567 / 0123456789');
  });

  it('counts as number columns the phone and the columns of numbers only', () => {
    const rows = [
      { line: 2, cells: ['a@x.com', '٠٥٠', 'محمد ٣', '12-34', ''] },
      { line: 3, cells: ['b@x.com', '', 'سلمى', '(٥٥) ٠٠', ''] },
    ];
    expect(phoneLikeColumns(rows, ['email', 'phone', 'name', 'extra', 'extra'])).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('keeps the first row of an address and refuses the later ones as duplicates of it', () => {
    const { unique, duplicates } = splitDuplicates([
      { row: 2, email: 'User1@Example.com' },
      { row: 3, email: 'bad' },
      { row: 4, email: 'bad' },
      { row: 5, email: ' user1@EXAMPLE.COM\u200F' },
      { row: 9, email: 'other@example.com' },
    ]);
    expect(unique.map((row) => row.row)).toEqual([2, 3, 4, 9]);
    expect(duplicates).toEqual([{ row: 5, reason: 'validation.duplicate', first_row: 2 }]);
  });

  it('names the rejected rows file after the picked file without doubling its extension', () => {
    expect(rejectedFileName('small.csv', 'csv')).toBe('rejected-small.csv');
    expect(rejectedFileName('مستلمون.xlsx', 'xlsx')).toBe('rejected-مستلمون.xlsx');
    expect(rejectedFileName('مستلمون.xlsx', 'csv')).toBe('rejected-مستلمون.csv');
    expect(rejectedFileName('no-extension', 'csv')).toBe('rejected-no-extension.csv');
    expect(rejectedFileName(undefined, 'csv')).toBe('rejected-rows.csv');
  });

  it('writes each rejected row with its translated reason, a duplicate naming the row it repeats', () => {
    const table = rejectedRowsTable(
      ['email', 'name'],
      [
        { line: 2, cells: ['a@x.com', 'أ'] },
        { line: 7, cells: ['A@x.com', 'مكرر'] },
        { line: 4, cells: ['bad', 'ب'] },
      ],
      [
        { row: 7, reason: 'validation.duplicate', first_row: 2 },
        { row: 4, reason: 'validation.email' },
      ],
      { row: 'Row', reason: 'Reason' },
      (key, values) => `${key}${values ? JSON.stringify(values) : ''}`,
    );
    expect(table).toEqual([
      ['Row', 'Reason', 'email', 'name'],
      ['4', 'validation.email', 'bad', 'ب'],
      ['7', 'validation.duplicate{"first":2}', 'A@x.com', 'مكرر'],
    ]);
  });
});

describe('the send wizard\'s "from Excel" source', () => {
  it('picks the sheet and header row, converts digits when asked, cleans cells and keeps reasons', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['ملاحظة']]), 'اقرأني');
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['كشف العملاء'],
        ['email', 'name', 'رقم العقد', 'الجوال'],
        ['lama@example.sa\u200F', 'لمى', 123456789012345, '٠٥٠١٢٣٤٥٦٧'],
        ['x\u200B@example.sa', 'خفي', 1, '1'],
        ['', 'بلا بريد', 2, '2'],
      ]),
      'العملاء',
    );
    const data = bufferOf(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
    const actor = createActor(
      excelImportMachine.provide({
        actors: { parseFile: fromPromise(async () => parseRecipientFile('book.xlsx', data)) },
      }),
    ).start();
    actor.send({ type: 'excel.pick', file: new File(['x'], 'book.xlsx') });
    await waitFor(actor, (state) => !state.matches('parsing'));
    // The note sheet has no rows under its first one: the data sheet is the default.
    expect(actor.getSnapshot().context).toMatchObject({ sheetIndex: 1, errorKey: null });
    actor.send({ type: 'excel.sheet', index: 0 });
    expect(actor.getSnapshot().context.rows).toEqual([]);
    actor.send({ type: 'excel.confirm' });
    expect(actor.getSnapshot().context.errorKey).toBe('recipients:import.empty');
    actor.send({ type: 'excel.sheet', index: 1 });
    expect(actor.getSnapshot().context.headers).toEqual(['كشف العملاء', '', '', '']);
    actor.send({ type: 'excel.header', index: 1 });
    const { context } = actor.getSnapshot();
    // A phone column (الجوال) maps to the phone field, as in the list import (issue 37).
    expect(context.mapping).toEqual(['email', 'name', 'variable', 'phone']);
    expect(toSendRows(context)).toEqual({
      rows: [{ email: 'lama@example.sa', name: 'لمى', 'رقم العقد': '123456789012345', phone: '٠٥٠١٢٣٤٥٦٧' }],
      skipped: 2,
      rejected: [
        { row: 4, reason: 'validation.emailInvisible' },
        { row: 5, reason: 'validation.required' },
      ],
      cleaned: 1,
    });
    actor.send({ type: 'excel.digits', on: true });
    actor.send({ type: 'excel.confirm' });
    expect(actor.getSnapshot().output).toEqual({
      result: {
        fileName: 'book.xlsx',
        rows: [
          { email: 'lama@example.sa', name: 'لمى', 'رقم العقد': '123456789012345', phone: '0501234567' },
        ],
      },
      skippedRows: 2,
    });
  });
});

describe('the recipients import keeps a reason for every row it did not store', () => {
  it('lists duplicates, refusals, a chunk the server refused and the chunks a cancel left', async () => {
    const { recipientImportMachine, unstoredRows } =
      await import('../../../src/machines/recipient-import.machine.ts');
    const sheet = {
      headers: ['email'],
      rows: ['a', 'b', 'a', 'c', 'd', 'e', 'f'].map((name, i) => ({ line: i + 2, cells: [`${name}@x.com`] })),
    };
    let calls = 0;
    const actor = createActor(
      recipientImportMachine.provide({
        actors: {
          parseFile: fromPromise(async () => sheet),
          uploadChunk: fromPromise(async () => {
            calls += 1;
            if (calls === 1)
              return { added: 1, updated: 0, rejected: [{ row: 3, reason: 'validation.email' }], cleaned: 0 };
            if (calls === 2)
              throw {
                code: 'errors.validation',
                status: 400,
                fields: { 'rows.0.email': 'validation.tooLong' },
              };
            // The third chunk never answers: the user cancels while it is in flight.
            return new Promise<never>(() => {});
          }),
        },
      }),
      { input: { listId: 'l', chunkSize: 2 } },
    ).start();
    actor.send({ type: 'import.pick', file: new File(['x'], 'people.csv') });
    await waitFor(actor, (state) => state.matches('mapping'));
    actor.send({ type: 'import.start' });
    await waitFor(actor, () => calls === 3);
    actor.send({ type: 'import.cancel' });
    const { context } = actor.getSnapshot();
    expect(unstoredRows(context)).toEqual([
      { row: 4, reason: 'validation.duplicate', first_row: 2 },
      { row: 3, reason: 'validation.email' },
      { row: 5, reason: 'validation.tooLong' },
      { row: 6, reason: 'validation.tooLong' },
      { row: 7, reason: 'recipients:import.cancelledRow' },
      { row: 8, reason: 'recipients:import.cancelledRow' },
    ]);
  });
});
