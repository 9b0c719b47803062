import { isValidEmail, normalizeEmail } from './email.contract.ts';
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
 * One imported row checked the way the server stores it: the e-mail normalised and valid, every
 * text within its limit, every extra field named and filled. The browser shows the same reasons
 * before upload; the server checks again and is the one that decides. A reason is an i18n key.
 */
export function checkImportRow(
  row: ImportRow,
): { ok: true; value: CheckedRow } | { ok: false; reason: string } {
  const email = normalizeEmail(row.email ?? '');
  if (!email) return { ok: false, reason: validationKeys.required };
  if (!isValidEmail(email)) return { ok: false, reason: validationKeys.email };
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
  for (const field of textFields) {
    const text = (row[field] ?? '').trim();
    if (text.length > recipientTextLimits[field]) return { ok: false, reason: validationKeys.tooLong };
    value[field] = text;
  }
  // An empty cell of an extra column is simply not a field of this row; a value with no name is.
  const extra = (row.extra ?? [])
    .map((field) => ({ name: field.name.trim(), value: field.value.trim() }))
    .filter((field) => field.value !== '');
  if (!extraFieldsComplete(extra)) return { ok: false, reason: validationKeys.extraIncomplete };
  const tooLong = extra.some(
    (field) =>
      field.name.length > recipientTextLimits.extraName ||
      field.value.length > recipientTextLimits.extraValue,
  );
  if (tooLong || extra.length > MAX_EXTRA_FIELDS) return { ok: false, reason: validationKeys.tooLong };
  value.extra = extra;
  return { ok: true, value };
}
