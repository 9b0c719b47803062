import { z } from 'zod';
import { validationKeys } from './errors.contract.ts';

/**
 * An e-mail address as people type it: trimmed, the domain lower-cased (domains are
 * case-insensitive; the local part is not, by RFC 5321, so it is kept as typed). The check is
 * deliberately practical: one @, no spaces, a dotted domain, within SMTP's length limits.
 */
const LOCAL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~\u0080-\uFFFF-]+$/;
const DOMAIN =
  /^(?=.{1,253}$)([A-Za-z0-9\u0080-\uFFFF]([A-Za-z0-9\u0080-\uFFFF-]{0,61}[A-Za-z0-9\u0080-\uFFFF])?\.)+[A-Za-z\u0080-\uFFFF][A-Za-z0-9\u0080-\uFFFF-]{0,62}$/;

/**
 * Characters nobody can see that copy-paste, Excel and right-to-left editors slip into text:
 * zero-width space, joiners and direction marks (U+200B-U+200F), direction embeddings and
 * overrides (U+202A-U+202E) and isolates (U+2066-U+2069), the byte-order mark (U+FEFF) and the
 * no-break space (U+00A0). An address holding one looks right and fails at the relay.
 */
const INVISIBLE = '\\u200B-\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFEFF\\u00A0';
const HAS_INVISIBLE = new RegExp(`[${INVISIBLE}]`);
const INVISIBLE_OR_SPACE_ENDS = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'g');

export const hasInvisibleCharacter = (text: string) => HAS_INVISIBLE.test(text);

/**
 * A cell without the white space and invisible characters at its ends (what an import does with
 * every cell); `cleaned` says whether an invisible one was among them, so the import can say how
 * many cells it cleaned. Characters inside the text stay: inside an address they refuse it.
 */
export function stripInvisibleEnds(raw: string): { text: string; cleaned: boolean } {
  let cleaned = false;
  const text = raw.replace(INVISIBLE_OR_SPACE_ENDS, (ends) => {
    if (HAS_INVISIBLE.test(ends)) cleaned = true;
    return '';
  });
  return { text, cleaned };
}

export function normalizeEmail(raw: string): string {
  const trimmed = raw.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/**
 * Why an address (already normalised) is refused, as an i18n key, or null when it is good. An
 * invisible or direction character gets its own message: the address looks right on screen.
 */
export function emailProblem(email: string): string | null {
  if (email.length === 0) return validationKeys.required;
  if (hasInvisibleCharacter(email)) return validationKeys.emailInvisible;
  return isValidEmail(email) ? null : validationKeys.email;
}

export function isValidEmail(email: string): boolean {
  if (email.length > 254 || hasInvisibleCharacter(email)) return false;
  const at = email.lastIndexOf('@');
  if (at < 1 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  return (
    local.length <= 64 &&
    LOCAL.test(local) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    DOMAIN.test(domain)
  );
}

/** The key two addresses are compared by: a list holds an address once, whatever its case. */
export const emailKey = (email: string) => email.toLowerCase();

export const emailSchema = z
  .string()
  .max(320, validationKeys.tooLong)
  .transform(normalizeEmail)
  .superRefine((email, context) => {
    const problem = emailProblem(email);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
