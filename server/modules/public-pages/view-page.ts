import { compileEmail, escapeHtml, renderEmail } from '../../../contract/template-render.ts';
import { bodyDirection, withBodyDirection } from '../../../contract/text-direction.ts';
import type { Language } from '../../lib/i18n.ts';
import { recipientValuesOf } from '../campaigns/recipient-values.ts';

/**
 * "View in browser" (issue 22): a recipient's own copy of a campaign as a web page. Rendered the
 * way server/mail/compose.ts renders the e-mail (same template compiler, same recipient values,
 * same body direction), but without the open pixel, tracked links or the survey and unsubscribe
 * blocks: looking at the page records nothing.
 *
 * The HTML is the sender's, so the page is served under a policy that runs no script at all and
 * puts the document in a sandbox (an opaque origin: no cookie or storage of the app's origin).
 * Images and styles the sender linked still load; forms, frames and plugins do not.
 */
export const VIEW_PAGE_SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'none'",
    'img-src https: http: data:',
    "style-src 'unsafe-inline' https:",
    'font-src https: data:',
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  ].join('; '),
  'cache-control': 'no-store, private',
  // The address carries the token: a page the recipient goes on to must not learn it.
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'x-content-type-options': 'nosniff',
};

export type MessageForView = {
  email: string;
  name: string;
  variables: string;
  subject: string;
  html: string;
  language: string;
};

const HEAD_TAG = /<head\b[^>]*>/i;
const HTML_TAG = /<html\b[^>]*>/i;

/** The whole page: the rendered body, with a title (the subject) and noindex in its head. */
export function renderViewPage(message: MessageForView, now: Date): string {
  const language: Language = message.language === 'en' ? 'en' : 'ar';
  const rendered = renderEmail(
    compileEmail({ subject: message.subject, html: message.html }),
    recipientValuesOf(message),
    { language, now },
  );
  const html = withBodyDirection(rendered.html, bodyDirection(rendered.text, language));
  const meta =
    `<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">` +
    (/<title\b/i.test(html) ? '' : `<title>${escapeHtml(rendered.subject)}</title>`);
  const head = HEAD_TAG.exec(html);
  if (head) return insertAt(html, head.index + head[0].length, meta);
  const root = HTML_TAG.exec(html);
  if (root) return insertAt(html, root.index + root[0].length, `<head><meta charset="utf-8">${meta}</head>`);
  return `<!doctype html><html><head><meta charset="utf-8">${meta}</head>${html}</html>`;
}

const insertAt = (html: string, at: number, addition: string) =>
  html.slice(0, at) + addition + html.slice(at);
