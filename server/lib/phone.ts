import {
  parsePhoneNumberWithError,
  ParseError,
  isSupportedCountry,
  type CountryCode,
} from 'libphonenumber-js/max';
import { operatorOf } from './phone-operators.ts';

/**
 * Phone numbers as the product stores them: E.164 (`+201012345678`), read from whatever people
 * type or import (issue 33). A local form (`01012345678`, `0501234567`) is read with the user's
 * default country; `+966...` and `00966...` need none. libphonenumber-js with its full ("max")
 * metadata decides validity and the number's type, so a landline can be told from a mobile.
 *
 * On the server only: contract/ imports nothing but zod, and the server is the one that decides.
 */

/** Keys in src/i18n/locales/{ar,en}/sms.json: every refusal says what is wrong in both languages. */
export const phoneErrors = {
  empty: 'sms:phone.errors.empty',
  notANumber: 'sms:phone.errors.notANumber',
  /** A local form and no default country to read it with. */
  noCountry: 'sms:phone.errors.noCountry',
  invalidCountry: 'sms:phone.errors.invalidCountry',
  tooShort: 'sms:phone.errors.tooShort',
  tooLong: 'sms:phone.errors.tooLong',
  /** The digits are there but the country has no such number. */
  invalid: 'sms:phone.errors.invalid',
  /** A valid number that cannot receive SMS (a landline, a toll-free number). */
  notMobile: 'sms:phone.errors.notMobile',
} as const;
export type PhoneError = (typeof phoneErrors)[keyof typeof phoneErrors];

/**
 * `special`: toll-free, premium, shared-cost, UAN, voicemail and pager numbers; `other`: VoIP,
 * personal numbers and numbers the metadata gives no type (they may well take SMS).
 */
export type PhoneType = 'mobile' | 'fixed_or_mobile' | 'fixed' | 'special' | 'other';

export type ParsedPhone = {
  ok: true;
  /** `+` and digits only. */
  e164: string;
  /** ISO 3166-1 alpha-2; null for numbers of non-geographic codes (+800, +882...). */
  country: string | null;
  /** The original operator of the number's range (./phone-operators.ts), or null. */
  operator: string | null;
  type: PhoneType;
};
export type PhoneResult = ParsedPhone | { ok: false; error: PhoneError };

// Marks that copying from Arabic text or spreadsheets puts around digits: direction marks and
// isolates, the zero-width joiners, the byte-order mark and no-break spaces.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u00A0\u202F]/g;
const ARABIC_INDIC = /[\u0660-\u0669]/g;
const EXTENDED_ARABIC_INDIC = /[\u06F0-\u06F9]/g;

/** ASCII digits for Arabic-Indic ones, `+` for `＋`, and no invisible marks. */
export function cleanPhoneInput(input: string): string {
  return input
    .replace(INVISIBLE, '')
    .replace(ARABIC_INDIC, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(EXTENDED_ARABIC_INDIC, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\uFF0B/g, '+')
    .trim();
}

function typeOf(type: string | undefined): PhoneType {
  if (type === 'MOBILE') return 'mobile';
  if (type === 'FIXED_LINE_OR_MOBILE') return 'fixed_or_mobile';
  if (type === 'FIXED_LINE') return 'fixed';
  if (type === undefined || type === 'VOIP' || type === 'PERSONAL_NUMBER') return 'other';
  return 'special';
}

const PARSE_ERRORS: Record<string, PhoneError> = {
  NOT_A_NUMBER: phoneErrors.notANumber,
  INVALID_COUNTRY: phoneErrors.invalidCountry,
  TOO_SHORT: phoneErrors.tooShort,
  TOO_LONG: phoneErrors.tooLong,
  INVALID_LENGTH: phoneErrors.invalid,
};

/**
 * `input` as E.164 with its country, operator and type, or the reason it cannot be read.
 * `defaultCountry` (the user's) reads local forms; `00` is read as `+` everywhere, since every
 * country of this market dials abroad with 00.
 */
export function parsePhone(
  input: string,
  { defaultCountry }: { defaultCountry?: string | null } = {},
): PhoneResult {
  let text = cleanPhoneInput(input);
  if (text === '') return { ok: false, error: phoneErrors.empty };
  if (!/\d/.test(text)) return { ok: false, error: phoneErrors.notANumber };
  if (/^00/.test(text.replace(/[\s().-]/g, ''))) text = `+${text.replace(/^[\s().-]*0\s*0/, '')}`;
  const country = defaultCountry?.toUpperCase();
  const known = country !== undefined && isSupportedCountry(country) ? (country as CountryCode) : undefined;
  if (!text.startsWith('+') && !known) return { ok: false, error: phoneErrors.noCountry };
  let parsed;
  try {
    parsed = parsePhoneNumberWithError(text, known);
  } catch (error) {
    if (error instanceof ParseError)
      return { ok: false, error: PARSE_ERRORS[error.message] ?? phoneErrors.invalid };
    throw error;
  }
  if (!parsed.isValid()) return { ok: false, error: phoneErrors.invalid };
  const numberCountry = parsed.country ?? null;
  const type = typeOf(parsed.getType());
  return {
    ok: true,
    e164: parsed.number,
    country: numberCountry,
    operator: numberCountry && type !== 'fixed' ? operatorOf(numberCountry, parsed.nationalNumber) : null,
    type,
  };
}

/**
 * As parsePhone, for a number that is to receive SMS: a landline or a special number is refused
 * (an SMSC would take the message, charge a part and never deliver it).
 */
export function parseSmsRecipient(
  input: string,
  options: { defaultCountry?: string | null } = {},
): PhoneResult {
  const result = parsePhone(input, options);
  if (result.ok && (result.type === 'fixed' || result.type === 'special'))
    return { ok: false, error: phoneErrors.notMobile };
  return result;
}
