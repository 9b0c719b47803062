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

export function normalizeEmail(raw: string): string {
  const trimmed = raw.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
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
  .refine((email) => email.length > 0, validationKeys.required)
  .refine(isValidEmail, validationKeys.email);
