/**
 * Which way an e-mail's body reads (issue 22). Shared by the sending engine, which marks every
 * campaign body, and the browser, whose editor and previews show the body the way it will be sent.
 */
export type TextDirection = 'rtl' | 'ltr';
export type BodyLanguage = 'ar' | 'en';

// Right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic
// supplements and presentation forms. Any other letter reads left to right.
const RTL_LETTER =
  /[\u0590-\u05FF\u0600-\u06FF\u0700-\u074F\u0750-\u077F\u0780-\u07BF\u07C0-\u07FF\u0800-\u085F\u0860-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;
// {{variable}} placeholders are not the text: `{{name}} مرحبًا` reads right to left.
const PLACEHOLDER = /\{\{[^{}]*\}\}/g;

/** The direction of the first strong (letter) character of `text`, as `dir="auto"` decides; null without one. */
export function firstStrongDirection(text: string): TextDirection | null {
  for (const char of text.replace(PLACEHOLDER, ' ')) {
    // Digits (Arabic-Indic ones too) and marks are weak: only letters decide.
    if (LETTER.test(char)) return RTL_LETTER.test(char) ? 'rtl' : 'ltr';
  }
  return null;
}

/**
 * The body's direction and language: its first strong character decides (an English-speaking
 * sender may write an Arabic message); a body without letters follows the campaign's language.
 * The language is the campaign's when it reads that way, else the one the script points to.
 */
export function bodyDirection(
  text: string,
  language: BodyLanguage,
): { dir: TextDirection; lang: BodyLanguage } {
  const languageDir: TextDirection = language === 'ar' ? 'rtl' : 'ltr';
  const dir = firstStrongDirection(text) ?? languageDir;
  return { dir, lang: dir === languageDir ? language : dir === 'rtl' ? 'ar' : 'en' };
}

const BODY_TAG = /<body\b([^>]*)>/i;

/**
 * `html` with `dir` and `lang` on its body: added to a `<body>` that has none (a direction the
 * sender wrote stays), or, for a fragment such as the visual editor's `<p>…</p>`, a document made
 * around it.
 */
export function withBodyDirection(
  html: string,
  { dir, lang }: { dir: TextDirection; lang: BodyLanguage },
): string {
  const body = BODY_TAG.exec(html);
  if (!body) {
    return `<!doctype html><html dir="${dir}" lang="${lang}"><head><meta charset="utf-8"></head><body dir="${dir}" lang="${lang}">${html}</body></html>`;
  }
  const attributes = body[1] ?? '';
  const added = `${/\sdir\s*=/i.test(attributes) ? '' : ` dir="${dir}"`}${/\slang\s*=/i.test(attributes) ? '' : ` lang="${lang}"`}`;
  const at = body.index + 5;
  return html.slice(0, at) + added + html.slice(at);
}
