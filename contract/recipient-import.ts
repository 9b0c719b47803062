import { emailProblem, normalizeEmail, stripInvisibleEnds } from './email.contract.ts';
import { validationKeys } from './errors.contract.ts';
import {
  extraFieldsComplete,
  MAX_EXTRA_FIELDS,
  recipientTextLimits,
  type ExtraField,
  type ImportRow,
} from './recipients.contract.ts';

export type CheckedRow = {
  email: string;
  name: string;
  job_title: string;
  phone: string;
  organization: string;
  country: string;
  attachment: string;
  extra: ExtraField[];
};

const textFields = ['name', 'job_title', 'phone', 'organization', 'country', 'attachment'] as const;

/**
 * One imported row checked the way the server stores it: every cell without the white space and
 * invisible characters at its ends (`cleaned` counts the cells that had invisible ones), the
 * e-mail normalised and valid, every text within its limit, every extra field named and filled.
 * The browser shows the same reasons before upload; the server checks again and is the one that
 * decides. A reason is an i18n key.
 */
export function checkImportRow(
  row: ImportRow,
): { ok: true; value: CheckedRow; cleaned: number } | { ok: false; reason: string; cleaned: number } {
  let cleaned = 0;
  const clean = (raw: string | undefined) => {
    const stripped = stripInvisibleEnds(raw ?? '');
    if (stripped.cleaned) cleaned += 1;
    return stripped.text;
  };
  const email = normalizeEmail(clean(row.email));
  const value: CheckedRow = {
    email,
    name: '',
    job_title: '',
    phone: '',
    organization: '',
    country: '',
    attachment: '',
    extra: [],
  };
  for (const field of textFields) value[field] = clean(row[field]);
  // An empty cell of an extra column is simply not a field of this row; a value with no name is.
  const extra = (row.extra ?? [])
    .map((field) => ({ name: field.name.trim(), value: clean(field.value) }))
    .filter((field) => field.value !== '');
  const problem = emailProblem(email);
  if (problem) return { ok: false, reason: problem, cleaned };
  if (textFields.some((field) => value[field].length > recipientTextLimits[field]))
    return { ok: false, reason: validationKeys.tooLong, cleaned };
  if (!extraFieldsComplete(extra)) return { ok: false, reason: validationKeys.extraIncomplete, cleaned };
  const tooLong = extra.some(
    (field) =>
      field.name.length > recipientTextLimits.extraName ||
      field.value.length > recipientTextLimits.extraValue,
  );
  if (tooLong || extra.length > MAX_EXTRA_FIELDS)
    return { ok: false, reason: validationKeys.tooLong, cleaned };
  value.extra = extra;
  return { ok: true, value, cleaned };
}
