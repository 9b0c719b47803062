import { describe, expect, it } from 'vitest';
import {
  clickUrl,
  decodeEntities,
  linksOf,
  rewriteLinks,
  trackClicks,
} from '../../server/mail/click-tracking.ts';

/** The pure link rewriting of server/mail/click-tracking.ts (no database). */
const publicUrl = 'https://mail.example.test';
const click = (number: number) => `${publicUrl}/api/public/m/TOKEN/c/${number}`;
const rewrite = (html: string) => rewriteLinks(html, click, { publicUrl });

describe('click tracking: rewriting the links of a message', () => {
  it('rewrites http and https links in order, whatever the quoting', () => {
    const html =
      '<p><a href="https://one.example/a?x=1">one</a> <A HREF=\'http://two.example/\'>two</A>' +
      ' <a class=btn href=https://three.example/p>three</a></p>';
    const { html: out, links } = rewrite(html);
    expect(links).toEqual(['https://one.example/a?x=1', 'http://two.example/', 'https://three.example/p']);
    expect(out).toBe(
      `<p><a href="${click(1)}">one</a> <A HREF='${click(2)}'>two</A>` +
        ` <a class=btn href=${click(3)}>three</a></p>`,
    );
  });

  it('decodes character references in the href, as the browser would follow it', () => {
    const { links, html } = rewrite(
      '<a href="https://x.example/?a=1&amp;b=2&#38;c=3&#x26;d=&quot;4&quot;">x</a>',
    );
    expect(links).toEqual(['https://x.example/?a=1&b=2&c=3&d="4"']);
    expect(html).toBe(`<a href="${click(1)}">x</a>`);
    expect(decodeEntities('&lt;&GT;&nbsp;&unknown;&#0;')).toBe('<>\u00a0&unknown;&#0;');
  });

  it('leaves mailto, tel, anchors, relative and empty links exactly as written', () => {
    const html =
      '<a href="mailto:a@example.test">m</a><a href="tel:+966500000000">t</a><a href="#top">#</a>' +
      '<a href="/relative/path">r</a><a href="page.html">p</a><a href="">e</a><a name="x">n</a>' +
      '<a href="javascript:alert(1)">j</a><a href="ftp://files.example/">f</a>';
    expect(rewrite(html)).toEqual({ html, links: [] });
  });

  it('never tracks the product’s own public pages nor a tag marked data-no-track', () => {
    const html =
      `<a href="${publicUrl}/api/public/m/abc/unsubscribe">u</a>` +
      `<a href="${publicUrl}/api/public/m/abc/survey">s</a>` +
      '<a data-no-track href="https://keep.example/">k</a>' +
      '<a href="https://tracked.example/">t</a>';
    const { html: out, links } = rewrite(html);
    expect(links).toEqual(['https://tracked.example/']);
    expect(out).toContain(`${publicUrl}/api/public/m/abc/unsubscribe`);
    expect(out).toContain('href="https://keep.example/"');
    expect(out).toContain(`<a href="${click(1)}">t</a>`);
  });

  it('reads a quoted ">" inside a tag, skips comments and other tags, keeps the rest byte for byte', () => {
    const html =
      '<!-- <a href="https://in-comment.example/">c</a> -->' +
      '<abbr title="x">a</abbr><link href="https://style.example/x.css">' +
      '<a title="a > b" href="https://after-gt.example/">g</a>' +
      '<area shape="rect" href="https://area.example/">' +
      '<a title=\'<a href="https://fake.example/">\' href="https://real.example/">r</a>';
    const { html: out, links } = rewrite(html);
    expect(links).toEqual(['https://after-gt.example/', 'https://area.example/', 'https://real.example/']);
    expect(out).toContain('<!-- <a href="https://in-comment.example/">c</a> -->');
    expect(out).toContain('<link href="https://style.example/x.css">');
    expect(out).toContain(`title='<a href="https://fake.example/">' href="${click(3)}"`);
  });

  it('counts a {{variable}} href as a link only when reading the campaign’s content', () => {
    const html = '<a href="{{link}}">l</a><a href=" https://x.example/ ">x</a>';
    expect(linksOf(html, { publicUrl })).toEqual(['https://x.example/']);
    expect(linksOf(html, { publicUrl, template: true })).toEqual(['{{link}}', 'https://x.example/']);
  });

  it('numbers the links the same way the click route reads them back', () => {
    const html =
      '<a href="https://a.example/">a</a><a href="mailto:x@y.z">m</a><a href="https://b.example/">b</a>';
    const { links } = rewrite(html);
    expect(linksOf(html, { publicUrl })).toEqual(links);
  });

  it('tracks only when the campaign does, and never touches the text part', () => {
    const rendered = {
      subject: 's',
      html: '<a href="https://a.example/">a</a>',
      text: 'a https://a.example/',
    };
    const on = trackClicks(rendered, { track_clicks: 1 }, `${publicUrl}/`, 'tok/en');
    expect(on.html).toBe(`<a href="${publicUrl}/api/public/m/tok%2Fen/c/1">a</a>`);
    expect(on.text).toBe(rendered.text);
    expect(trackClicks(rendered, { track_clicks: 0 }, publicUrl, 'token')).toBe(rendered);
    expect(clickUrl(`${publicUrl}//`, 'abc', 7)).toBe(`${publicUrl}/api/public/m/abc/c/7`);
  });
});
