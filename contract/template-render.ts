/**
 * The one renderer of e-mail content, shared by the template preview in the browser and the
 * sending engine: `{{variable}}` placeholders filled from a recipient, HTML-escaped in the HTML
 * part and raw in the plain-text part. Pure and dependency-free so both sides run the same code.
 *
 * A template is compiled once (split into literal text and placeholders) and then rendered per
 * recipient by concatenation, so a campaign of 100k messages parses its template once.
 */

import { htmlToText } from './html-text.ts';
import { encodeUrlValue, urlModeAfter, urlValueSpans, type UrlMode } from './template-urls.ts';

export { htmlToText, visibleTextLength } from './html-text.ts';

/** Filled from every recipient without being declared (spec §3). */
export const PREDEFINED_VARIABLES = ['name', 'company', 'email', 'date'] as const;

/** Never empty for anyone (the address, today's date): no recipient can lack a value for them. */
export const ALWAYS_FILLED_VARIABLES: readonly string[] = ['email', 'date'];

/** Letters, digits and underscore, starting with a letter ("Variable must be in English only!"). */
export const VARIABLE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

// `{{ name }}` with optional spaces; the name is checked against VARIABLE_NAME_PATTERN.
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** A placeholder inside an address (HTML only) carries how its value is percent-encoded. */
type Part = string | { variable: string; url?: UrlMode };
export interface CompiledTemplate {
  readonly parts: readonly Part[];
}

/** `html`: the source is HTML, so placeholders in href/src values are URL-encoded (template-urls.ts). */
export function compileTemplate(source: string, options: { html?: boolean } = {}): CompiledTemplate {
  const parts: Part[] = [];
  const spans = options.html && source.includes('{{') ? urlValueSpans(source) : [];
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(source.slice(last, match.index));
    const span = spans.find(([start, end]) => start <= match.index && match.index < end);
    parts.push(
      span
        ? { variable: match[1] as string, url: urlModeAfter(source.slice(span[0], match.index)) }
        : { variable: match[1] as string },
    );
    last = match.index + match[0].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return { parts };
}

/** Every variable name the source uses, once each, in order of first use. */
export function variablesUsedIn(source: string): string[] {
  return [...new Set(Array.from(source.matchAll(PLACEHOLDER), (match) => match[1] as string))];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}

/** A missing value renders as nothing: the sender is told before sending who lacks one. */
export function renderTemplate(
  template: CompiledTemplate,
  lookup: (variable: string) => string | undefined,
  escape: (value: string) => string = (value) => value,
): string {
  let out = '';
  for (const part of template.parts) {
    if (typeof part === 'string') out += part;
    else {
      const value = lookup(part.variable) ?? '';
      out += escape(part.url ? encodeUrlValue(value, part.url) : value);
    }
  }
  return out;
}

/** The fields of a recipient an e-mail can be personalised with. */
export interface RecipientValues {
  email: string;
  name?: string | undefined;
  organization?: string | undefined;
  job_title?: string | undefined;
  phone?: string | undefined;
  country?: string | undefined;
  /** Custom variables: a list's extra fields or an Excel sheet's columns. */
  extra?: ReadonlyArray<{ name: string; value: string }> | undefined;
}

export type RenderLanguage = 'ar' | 'en';

/** `date` in the recipient's language: "23 نوفمبر 2026" or "23 November 2026". */
export function formatDate(date: Date, language: RenderLanguage): string {
  // Same day (local time, as the formatter reads it) and language, same words: a campaign asks
  // once per message, and Intl's format costs about 13 us a call.
  const day = date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
  const last = lastFormatted[language];
  if (last.day === day) return last.text;
  const text = dateFormatters[language].format(date);
  lastFormatted[language] = { day, text };
  return text;
}

const lastFormatted: Record<RenderLanguage, { day: number; text: string }> = {
  ar: { day: -1, text: '' },
  en: { day: -1, text: '' },
};

// Building an Intl formatter costs far more than using one; a campaign formats a date per message.
const dateFormatters: Record<RenderLanguage, Intl.DateTimeFormat> = {
  ar: new Intl.DateTimeFormat('ar-EG', { day: 'numeric', month: 'long', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
};

/**
 * The values a recipient fills: the predefined variables, its other fields under their own names,
 * and its extra fields (matched exactly, else ignoring case, since spreadsheet headers vary).
 */
export function valuesOf(
  recipient: RecipientValues,
  language: RenderLanguage,
  now: Date,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, value } of recipient.extra ?? []) {
    values[name] = value;
    values[name.toLowerCase()] ??= value;
  }
  Object.assign(values, {
    name: recipient.name ?? values.name ?? '',
    company: recipient.organization || values.company || '',
    email: recipient.email,
    date: formatDate(now, language),
    organization: recipient.organization ?? '',
    job_title: recipient.job_title ?? '',
    phone: recipient.phone ?? '',
    country: recipient.country ?? '',
  });
  return values;
}

/** Looks a variable up as `valuesOf` stores it: the exact name, else its lower-case form. */
export function valueOf(values: Readonly<Record<string, string>>, variable: string): string | undefined {
  return values[variable] ?? values[variable.toLowerCase()];
}

export interface CompiledEmail {
  subject: CompiledTemplate;
  html: CompiledTemplate;
  text: CompiledTemplate;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Compile once per campaign (or per preview), render once per recipient. */
export function compileEmail(content: { subject: string; html: string }): CompiledEmail {
  return {
    subject: compileTemplate(content.subject),
    html: compileTemplate(content.html, { html: true }),
    text: compileTemplate(htmlToText(content.html)),
  };
}

export function renderEmail(
  email: CompiledEmail,
  recipient: RecipientValues,
  options: { language: RenderLanguage; now: Date },
): RenderedEmail {
  const values = valuesOf(recipient, options.language, options.now);
  const lookup = (variable: string) => valueOf(values, variable);
  // A subject is a header, never HTML: line breaks would let a value inject headers.
  const subject = renderTemplate(email.subject, lookup).replace(/[\r\n]+/g, ' ');
  return {
    subject,
    html: renderTemplate(email.html, lookup, escapeHtml),
    text: renderTemplate(email.text, lookup),
  };
}

/** Names used in `source` that are neither predefined nor declared: reported when saving. */
export function undeclaredVariables(source: string, declared: readonly string[]): string[] {
  const known = new Set<string>([...PREDEFINED_VARIABLES, ...declared]);
  return variablesUsedIn(source).filter((name) => !known.has(name));
}
