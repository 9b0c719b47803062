import { describe, expect, it } from 'vitest';
import { compileEmail, renderEmail } from '../../contract/template-render.ts';

const render = (html: string, extra: Record<string, string>) =>
  renderEmail(
    compileEmail({ subject: 's', html }),
    { email: 'r@example.test', extra: Object.entries(extra).map(([name, value]) => ({ name, value })) },
    { language: 'en', now: new Date('2026-12-01T10:00:00Z') },
  );

describe('variables inside addresses', () => {
  it('percent-encodes a value in the path, query or fragment of an http(s) link', () => {
    const { html } = render('<a href="https://x.test/p/{{who}}?n={{who}}&amp;q={{q}}#{{who}}">{{who}}</a>', {
      who: 'أحمد',
      q: 'Sara Lee & co=1',
    });
    const arabic = encodeURIComponent('أحمد');
    expect(html).toBe(
      `<a href="https://x.test/p/${arabic}?n=${arabic}&amp;q=Sara%20Lee%20%26%20co%3D1#${arabic}">أحمد</a>`,
    );
  });

  it('keeps a whole address from a variable working, encoding only what no address may hold', () => {
    const { html } = render('<a href=\'{{link}}\'>a</a><img src="{{img}}">', {
      link: 'https://x.test/a b?x=1&y=%41',
      img: 'https://x.test/صورة.png',
    });
    expect(html).toBe(
      `<a href='https://x.test/a%20b?x=1&amp;y=%41'>a</a><img src="https://x.test/${encodeURIComponent('صورة')}.png">`,
    );
  });

  it('leaves values outside addresses, the text part and the subject as they were', () => {
    const rendered = render('<p title="{{who}}">{{who}}</p><!-- <a href="https://x.test/{{who}}"> -->', {
      who: 'Sara Lee',
    });
    // A commented-out tag is no link.
    expect(rendered.html).toBe('<p title="Sara Lee">Sara Lee</p><!-- <a href="https://x.test/Sara Lee"> -->');
    const linked = render('<a href="https://x.test/?n={{who}}">go</a>', { who: 'Sara Lee' });
    expect(linked.text).toContain('https://x.test/?n=Sara Lee');
  });
});
