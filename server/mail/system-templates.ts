import { escapeHtml } from '../../contract/template-render.ts';
import type { Language } from '../lib/i18n.ts';

export type SystemEmailContent = {
  language: Language;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footer?: string;
};

/**
 * A plain, accessible e-mail in the reader's language and direction: one heading, short
 * paragraphs, one button whose address is also written out (for clients that hide buttons and
 * for the text part).
 */
export function renderSystemEmail(content: SystemEmailContent): { html: string; text: string } {
  const dir = content.language === 'ar' ? 'rtl' : 'ltr';
  const align = dir === 'rtl' ? 'right' : 'left';
  const paragraphs = content.paragraphs
    .map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`)
    .join('');
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#7b1a87;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.button.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all" dir="ltr">${escapeHtml(content.button.url)}</p>`
    : '';
  const footer = content.footer
    ? `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(content.footer)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="${content.language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Tahoma,Arial,sans-serif;color:#1f2937;text-align:${align}">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">` +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${paragraphs}${button}${footer}</div></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs,
    ...(content.button ? ['', content.button.url] : []),
    ...(content.footer ? ['', content.footer] : []),
  ].join('\n');
  return { html, text };
}
