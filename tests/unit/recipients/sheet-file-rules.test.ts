import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_FILE_BYTES } from '../../../contract/recipients.contract.ts';
import { MAX_SEND_ROWS } from '../../../contract/send.contract.ts';
import { excelImportMachine } from '../../../src/machines/send-wizard/excel-import.machine.ts';
import { parsedSheetProblem, pickedFileProblem } from '../../../src/machines/sheet-file-rules.ts';

const sheetOf = (rows: number) => ({
  headers: ['email'],
  rows: Array.from({ length: rows }, (_, i) => ({ line: i + 2, cells: [`p${i}@example.com`] })),
});
/** A file that says it is `size` bytes without holding them. */
const sized = (name: string, size: number) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the checks every spreadsheet import makes', () => {
  it('names what is wrong with the picked file, in the order a person fixes it', () => {
    expect(pickedFileProblem(null)).toBe('validation.fileRequired');
    expect(pickedFileProblem(new File(['x'], 'people.pdf'))).toBe('recipients:import.fileType');
    expect(pickedFileProblem(sized('people.xlsx', MAX_IMPORT_FILE_BYTES + 1))).toBe(
      'recipients:import.fileTooLarge',
    );
    expect(pickedFileProblem(sized('people.xlsx', MAX_IMPORT_FILE_BYTES))).toBeNull();
    expect(pickedFileProblem(new File(['x'], 'PEOPLE.CSV'))).toBeNull();
  });

  it('refuses an empty sheet and one with more rows than the import takes', () => {
    expect(parsedSheetProblem(sheetOf(0), 10)).toBe('recipients:import.empty');
    expect(parsedSheetProblem(sheetOf(11), 10)).toBe('recipients:import.tooManyRows');
    expect(parsedSheetProblem(sheetOf(10), 10)).toBeNull();
  });

  it('are the ones the send wizard\'s "from Excel" applies, with its own row limit', async () => {
    const actor = createActor(
      excelImportMachine.provide({
        actors: {
          parseFile: fromPromise(async () => sheetOf(MAX_SEND_ROWS + 1)),
        },
      }),
    ).start();
    actor.send({ type: 'excel.pick', file: new File(['x'], 'people.docx') });
    expect(actor.getSnapshot().context.errorKey).toBe('recipients:import.fileType');
    actor.send({ type: 'excel.pick', file: new File(['x'], 'people.xlsx') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('picking');
    expect(actor.getSnapshot().context.errorKey).toBe('recipients:import.tooManyRows');
  });
});
