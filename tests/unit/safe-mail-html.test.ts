import { describe, expect, it } from 'vitest';
import { safeMailHtml } from '../../src/screens/mailbox/safe-mail-html.ts';

const png = 'data:image/png;base64,iVBORw0KGgo=';

/** Issue 22, defect 8: embedded images are shown from their data: address, nothing else is loaded. */
describe('the mailbox view of a message', () => {
  it('shows a cid image in place and still drops remote images', () => {
    const html = safeMailHtml(
      '<p><img src="cid:logo@x" alt="logo"><img src="https://tracker.example/p.gif"></p>',
      [{ content_id: 'logo@x', data_url: png }],
    );
    expect(html).toContain(`src="${png}"`);
    expect(html).not.toContain('tracker.example');
  });

  it('does not show an unknown cid, nor an embedded part that is not an image', () => {
    const html = safeMailHtml('<img src="cid:other@x"><img src="cid:page@x">', [
      { content_id: 'page@x', data_url: 'data:text/html;base64,PHNjcmlwdD4=' },
    ]);
    expect(html).not.toContain('src=');
  });

  // Issue 37, defect 2: inside the sandboxed frame a link could not go anywhere.
  it('opens web links in a tab of their own, without opener or referrer', () => {
    const html = safeMailHtml(
      '<a href="https://app.example/s/abc?answer=yes">نعم</a><a href="#top">top</a><a href="javascript:alert(1)">x</a>',
    );
    const links = new DOMParser().parseFromString(html, 'text/html').querySelectorAll('a');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[1]?.hasAttribute('target')).toBe(false);
    expect(links[2]?.hasAttribute('href')).toBe(false);
  });
});
