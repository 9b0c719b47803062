import {
  compileEmail,
  compileTemplate,
  escapeHtml,
  formatDate,
  htmlToText,
  renderEmail,
  renderTemplate,
  undeclaredVariables,
  variablesUsedIn,
  visibleTextLength,
} from '../../contract/template-render.ts';

const now = new Date('2026-11-23T10:00:00Z');

describe('the e-mail renderer', () => {
  it('fills the predefined variables from a recipient', () => {
    const email = compileEmail({
      subject: 'Hello {{name}}',
      html: '<p>Dear {{ name }} of {{company}} ({{email}}), today is {{date}}.</p>',
    });
    const rendered = renderEmail(
      email,
      { email: 'sara@example.com', name: 'Sara', organization: 'Acme' },
      { language: 'en', now },
    );
    expect(rendered.subject).toBe('Hello Sara');
    expect(rendered.html).toBe('<p>Dear Sara of Acme (sara@example.com), today is 23 November 2026.</p>');
    expect(rendered.text).toBe('Dear Sara of Acme (sara@example.com), today is 23 November 2026.');
  });

  it('escapes values in the HTML part and keeps them raw in the text part', () => {
    const email = compileEmail({ subject: '{{name}}', html: '<p>Hi {{name}}</p>' });
    const rendered = renderEmail(
      email,
      { email: 'x@example.com', name: '<script>alert("x")</script> & co' },
      { language: 'en', now },
    );
    expect(rendered.html).toBe('<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co</p>');
    expect(rendered.text).toBe('Hi <script>alert("x")</script> & co');
  });

  it('renders Arabic values and the date in Arabic for an Arabic recipient', () => {
    const email = compileEmail({
      subject: 'مرحبا {{name}}',
      html: '<p dir="rtl">عزيزي {{name}}، {{date}}</p>',
    });
    const rendered = renderEmail(email, { email: 'a@example.com', name: 'أحمد' }, { language: 'ar', now });
    expect(rendered.subject).toBe('مرحبا أحمد');
    expect(rendered.html).toContain('عزيزي أحمد، ');
    expect(rendered.html).toContain(formatDate(now, 'ar'));
    expect(formatDate(now, 'ar')).toMatch(/نوفمبر/);
  });

  it('formats each day anew when a send runs past midnight, in each language', () => {
    // Local noon on consecutive days, then back: the remembered answer must follow the day asked.
    const day = (date: number) => new Date(2026, 10, date, 12);
    expect(formatDate(day(23), 'en')).toBe('23 November 2026');
    expect(formatDate(day(24), 'en')).toBe('24 November 2026');
    expect(formatDate(day(24), 'ar')).toMatch(/نوفمبر/);
    expect(formatDate(day(24), 'ar')).not.toBe(formatDate(day(25), 'ar'));
    expect(formatDate(day(23), 'en')).toBe('23 November 2026');
    expect(formatDate(new Date(2027, 0, 1, 0, 0), 'en')).toBe('1 January 2027');
  });

  it('fills custom variables from extra fields, matching their names exactly or ignoring case', () => {
    const email = compileEmail({ subject: '', html: '{{city}} {{Order_No}} {{order_no}}' });
    const rendered = renderEmail(
      email,
      {
        email: 'x@example.com',
        extra: [
          { name: 'City', value: 'Cairo' },
          { name: 'Order_No', value: '42' },
        ],
      },
      { language: 'en', now },
    );
    expect(rendered.html).toBe('Cairo 42 42');
  });

  it('renders a missing value as nothing', () => {
    const rendered = renderEmail(
      compileEmail({ subject: 'A{{missing}}B', html: '[{{missing}}]' }),
      { email: 'x@e.com' },
      { language: 'en', now },
    );
    expect(rendered.subject).toBe('AB');
    expect(rendered.html).toBe('[]');
  });

  it('never lets a value put a line break into the subject', () => {
    const rendered = renderEmail(
      compileEmail({ subject: 'Hi {{name}}', html: 'x' }),
      { email: 'x@e.com', name: 'Eve\r\nBcc: victim@example.com' },
      { language: 'en', now },
    );
    expect(rendered.subject).toBe('Hi Eve Bcc: victim@example.com');
  });

  it('compiles once and renders many times without parsing again', () => {
    const template = compileTemplate('<b>{{name}}</b>');
    expect(template.parts).toEqual(['<b>', { variable: 'name' }, '</b>']);
    const names = ['a', 'b', 'c'];
    expect(names.map((name) => renderTemplate(template, () => name, escapeHtml))).toEqual([
      '<b>a</b>',
      '<b>b</b>',
      '<b>c</b>',
    ]);
  });

  it('leaves text that only looks like a placeholder alone', () => {
    expect(variablesUsedIn('{{1abc}} {{ ok_1 }} {{نص}} {{a-b}}')).toEqual(['ok_1']);
  });

  it('reports variables used but neither predefined nor declared', () => {
    expect(undeclaredVariables('{{name}} {{city}} {{date}} {{code}}', ['code'])).toEqual(['city']);
  });

  it('turns HTML into readable text with links, lists and entities', () => {
    const text = htmlToText(
      '<style>p{}</style><h1>Title</h1><p>One&nbsp;&amp;&#32;two<br>three</p><ul><li>a</li><li>b</li></ul>' +
        '<p><a href="https://example.com/x">Read more</a> <script>evil()</script></p>',
    );
    expect(text).toBe('Title\n\nOne & two\nthree\n\n- a\n- b\n\nRead more (https://example.com/x)');
  });
});

describe('the HTML text scanner', () => {
  it('counts visible characters only: no markup, white space, scripts or comments', () => {
    expect(visibleTextLength('<p> a  b </p><!-- hidden --><script>var x = 1;</script>')).toBe(2);
    expect(visibleTextLength('<h1>مرحبا بكم</h1>')).toBe(8);
    expect(visibleTextLength('&amp;&lt;&#x41;')).toBe(3);
    expect(visibleTextLength('<img src="x.png">')).toBe(0);
  });

  it('hides the rest of an unterminated script or comment, as a browser does', () => {
    expect(htmlToText('<p>shown</p><script>never()')).toBe('shown');
    expect(htmlToText('<p>shown</p><!-- never')).toBe('shown');
    expect(htmlToText('<p>a</p><SCRIPT type="x">b</Script ><p>c</p>')).toBe('a\n\nc');
  });

  it('keeps a lone < and text after a tag that never closes', () => {
    expect(htmlToText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
    expect(htmlToText('<p>x</p><b')).toBe('x\n<b');
  });

  it('reads link addresses quoted either way or bare, with entities decoded', () => {
    expect(htmlToText(`<a class="x" HREF='https://e.com/?a=1&amp;b=2'>Go</a>`)).toBe(
      'Go (https://e.com/?a=1&b=2)',
    );
    expect(htmlToText('<a href=https://e.com>https://e.com</a>')).toBe('https://e.com');
    expect(htmlToText('<a data-href="no">x</a>')).toBe('x');
  });

  it('survives hostile input of every repeated shape with sensible output', () => {
    const n = 50_000;
    expect(htmlToText('<script'.repeat(n))).toBe('<script'.repeat(n));
    expect(visibleTextLength('<a href="'.repeat(n) + 'x')).toBeGreaterThan(0);
    expect(htmlToText('<a href="h">x'.repeat(n) + '</a>'.repeat(n))).toContain('(h)');
    expect(htmlToText('<!--'.repeat(n))).toBe('');
    expect(visibleTextLength(' '.repeat(n) + '<' + '\t'.repeat(n))).toBe(1);
  });
});
