import { createHash } from 'node:crypto';
import { escapeHtml } from '../../../contract/template-render.ts';
import { t, type Language } from '../../lib/i18n.ts';

/**
 * The small pages a recipient sees. Self-contained (no script, no external file), every value
 * escaped, and served with a policy that allows nothing but this one stylesheet and a form that
 * posts back to the same page.
 */
const STYLE =
  'body{margin:0;padding:24px;background:#f3f4f6;font-family:Tahoma,Arial,sans-serif;color:#1f2937;line-height:1.6}' +
  'main{max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}' +
  'h1{font-size:22px;margin:0 0 16px}p{margin:0 0 16px}' +
  'label{display:block;font-weight:bold;margin:16px 0 4px}' +
  'textarea{box-sizing:border-box;width:100%;min-height:80px;font:inherit;padding:8px;border:1px solid #9ca3af;border-radius:6px}' +
  'button{background:#7b1a87;color:#fff;border:0;border-radius:6px;padding:12px 20px;font:inherit;cursor:pointer;margin-top:16px}' +
  'button:focus-visible,a:focus-visible,textarea:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}' +
  'a{color:#5b1266}.error{color:#b91c1c;font-weight:bold}.other{border-top:1px solid #e5e7eb;margin-top:24px;padding-top:24px}' +
  '.question{font-weight:bold;font-size:18px}.answers button{margin-inline-end:12px;min-width:96px}' +
  '.answers button+button{background:#fff;color:#7b1a87;border:2px solid #7b1a87}';

const styleHash = createHash('sha256').update(STYLE).digest('base64');

export const PAGE_SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
};

/** One section of a page: already-escaped HTML built by the helpers below. */
export type Html = { readonly html: string };
const raw = (html: string): Html => ({ html });
export const paragraph = (value: string, className?: string): Html =>
  raw(`<p${className ? ` class="${className}"` : ''}>${escapeHtml(value)}</p>`);

export const link = (href: string, label: string): Html =>
  raw(`<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`);

/** A form posting to the page's own address (relative, so any host name in front works). */
export function form(action: string, fields: Html[], submit: string): Html {
  const body = fields.map((field) => field.html).join('');
  return raw(
    `<form method="post" action="${escapeHtml(action)}" enctype="application/x-www-form-urlencoded">` +
      `${body}<button type="submit">${escapeHtml(submit)}</button></form>`,
  );
}

/**
 * One question's answers as buttons of one form: each button posts its own `name=value`. The
 * form is a named landmark, so a screen reader announces what the buttons answer.
 */
export function answerButtons(
  action: string,
  name: string,
  answers: { value: string; label: string }[],
  label: string,
): Html {
  const buttons = answers
    .map(
      (answer) =>
        `<button type="submit" name="${escapeHtml(name)}" value="${escapeHtml(answer.value)}">${escapeHtml(answer.label)}</button>`,
    )
    .join('');
  return raw(
    `<form class="answers" method="post" action="${escapeHtml(action)}" enctype="application/x-www-form-urlencoded" aria-label="${escapeHtml(label)}">${buttons}</form>`,
  );
}

export const hidden = (name: string, value: string): Html =>
  raw(`<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`);

export function textArea(name: string, label: string, value: string, maxLength: number): Html {
  const id = `field-${escapeHtml(name)}`;
  return raw(
    `<label for="${id}">${escapeHtml(label)}</label>` +
      `<textarea id="${id}" name="${escapeHtml(name)}" maxlength="${maxLength}">${escapeHtml(value)}</textarea>`,
  );
}

function document(language: Language, title: string, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title>` +
    `<style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** A page in the campaign's language and direction: one h1 and its sections. */
export function page(language: Language, title: string, parts: Html[]): string {
  const body = `<main><h1>${escapeHtml(title)}</h1>${parts.map((part) => part.html).join('')}</main>`;
  return document(language, title, body);
}

/** No campaign, no language: the page says it in both, Arabic first. */
export function bilingualPage(key: 'notFound' | 'invalid'): string {
  const block = (language: Language) => {
    const dir = language === 'ar' ? 'rtl' : 'ltr';
    return (
      `<main lang="${language}" dir="${dir}"${language === 'en' ? ' class="other"' : ''}>` +
      `<h${language === 'ar' ? 1 : 2}>${escapeHtml(t(language, `recipient-pages:${key}.title`))}</h${language === 'ar' ? 1 : 2}>` +
      `<p>${escapeHtml(t(language, `recipient-pages:${key}.body`))}</p></main>`
    );
  };
  const title = `${t('ar', `recipient-pages:${key}.title`)} · ${t('en', `recipient-pages:${key}.title`)}`;
  return document('ar', title, block('ar') + block('en'));
}
