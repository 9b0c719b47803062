import DOMPurify from 'dompurify';

/**
 * Received HTML is hostile until proven otherwise. It is sanitised, then shown in an iframe
 * sandboxed without scripts or same-origin. Remote and same-origin resources are dropped as well:
 * loading them would tell a tracker the mail was read, or record an open on our own pixel.
 */
const purifier = DOMPurify(window);
const URL_ATTRIBUTES = ['src', 'srcset', 'background', 'poster', 'lowsrc', 'dynsrc'];
const CSS_URL = /url\s*\([^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;
const WEB_LINK = /^\s*(https?|mailto):/i;

/** The message's embedded images by content id, while one message is being sanitised. */
let embedded = new Map<string, string>();

purifier.addHook('afterSanitizeAttributes', (node) => {
  // An embedded image (cid:...) is shown from the data: address the server gave for it.
  const source = node.getAttribute('src');
  if (source?.trim().toLowerCase().startsWith('cid:')) {
    const found = embedded.get(source.trim().slice(4).replace(/^<|>$/g, ''));
    if (found) node.setAttribute('src', found);
  }
  for (const name of URL_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value !== null && !value.trim().toLowerCase().startsWith('data:')) node.removeAttribute(name);
  }
  const style = node.getAttribute('style');
  if (style) node.setAttribute('style', style.replace(CSS_URL, 'none'));
  // A link opens in a tab of its own: the frame itself may not navigate (no page of ours, or the
  // survey's answer page, belongs inside a sandboxed picture of the mail), and the mail's
  // opener and referrer stay out of what it opens.
  if (node.tagName === 'A' && WEB_LINK.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

purifier.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && node.textContent) {
    node.textContent = node.textContent.replace(CSS_IMPORT, '').replace(CSS_URL, 'none');
  }
});

export function safeMailHtml(
  html: string,
  images: readonly { content_id: string; data_url: string }[] = [],
): string {
  embedded = new Map(
    images
      .filter((image) => /^data:image\/(png|jpeg|gif|webp);base64,/.test(image.data_url))
      .map((image) => [image.content_id, image.data_url]),
  );
  try {
    return purifier.sanitize(html, {
      WHOLE_DOCUMENT: true,
      FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'],
    });
  } finally {
    embedded = new Map();
  }
}
