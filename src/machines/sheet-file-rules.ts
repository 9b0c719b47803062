import { validationKeys } from '../../contract/errors.contract.ts';
import { MAX_IMPORT_FILE_BYTES } from '../../contract/recipients.contract.ts';
import { fileKindOf, type ParsedSheet } from '../lib/recipient-import/sheet.ts';

// The checks every spreadsheet import makes, the recipients import and the send wizard's "from
// Excel" alike: what is wrong with the file picked, then with what the worker read from it.

/** Why a picked file cannot be read (an i18n key), or null when it can. */
export function pickedFileProblem(file: File | null): string | null {
  if (file === null) return validationKeys.fileRequired;
  if (!fileKindOf(file.name)) return 'recipients:import.fileType';
  if (file.size > MAX_IMPORT_FILE_BYTES) return 'recipients:import.fileTooLarge';
  return null;
}

/** Why a parsed sheet cannot be taken (an i18n key): no rows, or more than `maxRows`. */
export function parsedSheetProblem(sheet: ParsedSheet, maxRows: number): string | null {
  if (sheet.rows.length === 0) return 'recipients:import.empty';
  if (sheet.rows.length > maxRows) return 'recipients:import.tooManyRows';
  return null;
}

/** What the parsing state keeps when the worker fails to read the file. */
export const PARSE_FAILED = 'recipients:import.parseFailed';
