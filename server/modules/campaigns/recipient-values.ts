import type { RecipientValues } from '../../../contract/template-render.ts';

/**
 * How a message row's `variables` JSON becomes the renderer's input. Written once here for the
 * acceptance checks (who lacks a value) and the dispatcher (what each message says), so both read
 * the stored shape the same way: an object of text whose well-known keys are the list fields and
 * whose other keys are custom variables (a list's extra fields, an Excel sheet's columns).
 */
const FIELDS = ['organization', 'job_title', 'phone', 'country'] as const;

export function recipientValuesOf(row: {
  email: string;
  name: string;
  variables: Record<string, string> | string;
}): RecipientValues {
  const variables =
    typeof row.variables === 'string' ? (JSON.parse(row.variables) as Record<string, string>) : row.variables;
  const values: RecipientValues = { email: row.email, name: row.name };
  for (const field of FIELDS) {
    if (variables[field]) values[field] = variables[field];
  }
  values.extra = Object.entries(variables)
    .filter(([name]) => !(FIELDS as readonly string[]).includes(name))
    .map(([name, value]) => ({ name, value }));
  return values;
}

/** The path inside a zip, or its last segment: either names a recipient's file. */
export function attachmentKeys(entryName: string): string[] {
  const base = entryName.slice(entryName.lastIndexOf('/') + 1);
  return base === entryName ? [entryName] : [entryName, base];
}
