import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CapturedMail, CapturedMailDetail } from '../../contract/mailbox.contract.ts';
import { mailboxEndpoints } from '../../contract/mailbox.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { safeMailHtml } from '../../src/screens/mailbox/safe-mail-html.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const welcome: CapturedMail = {
  id: 'm1',
  envelope_from: 'news@sender.test',
  envelope_to: ['ali@example.test'],
  subject: 'Welcome',
  from: 'News <news@sender.test>',
  to: 'Ali <ali@example.test>',
  message_id: '<1@sender.test>',
  size: 2048,
  has_attachments: true,
  received_at: '2026-11-24T09:00:00.000Z',
};
const offer: CapturedMail = {
  ...welcome,
  id: 'm2',
  subject: 'عرض',
  envelope_to: ['sara@example.test'],
  has_attachments: false,
};

const welcomeDetail: CapturedMailDetail = {
  ...welcome,
  inline_images: [],
  headers: [
    { name: 'Subject', value: 'Welcome' },
    { name: 'X-Mailer', value: 'El Namer' },
  ],
  cc: '',
  date: '2026-11-24T09:00:00.000Z',
  text: 'Hello Ali',
  html: '<p>Hello <b>Ali</b></p><script>alert(1)</script><img src="http://tracker.test/p.gif" alt="pixel">',
  attachments: [
    {
      index: 0,
      filename: 'report.pdf',
      content_type: 'application/pdf',
      size: 1234,
      content_id: null,
      inline: false,
    },
  ],
};

// The screen is a lazy chunk; its first import under jsdom takes a few seconds.
const firstLoad = { timeout: 15_000 };

function openMailbox(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'admin',
    route: paths.dashboard.mailbox,
    ...options,
    routes: {
      [routeOf(mailboxEndpoints.list)]: () => ({
        status: 200,
        data: { count: 2, results: [welcome, offer] },
      }),
      [routeOf(mailboxEndpoints.status)]: () => ({
        status: 200,
        data: { capturing: true, max_messages: 10_000 },
      }),
      [routeOf(mailboxEndpoints.get, { id: 'm1' })]: () => ({ status: 200, data: welcomeDetail }),
      [routeOf(mailboxEndpoints.attachment, { id: 'm1', index: '0' })]: () => ({
        status: 200,
        data: new Blob(['%PDF']),
      }),
      [routeOf(mailboxEndpoints.raw, { id: 'm1' })]: () => ({ status: 200, data: new Blob(['raw']) }),
      [routeOf(mailboxEndpoints.clear)]: () => ({ status: 204 }),
      ...options.routes,
    },
  });
}

// jsdom renders Mantine slowly on a shared machine; the waits are for rendering, not timing.
describe('mailbox screen', { timeout: 30_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('lists the captured mail in Arabic under one h1, for administrators', async () => {
    openMailbox({ language: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'صندوق البريد' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(screen.getByText('sara@example.test')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /الموضوع/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'صندوق البريد' })).toBeInTheDocument();
  });

  it('opens a message with its HTML sanitised in a sandbox without scripts, headers and attachments', async () => {
    const { user, server } = openMailbox({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Open Welcome' }, firstLoad));

    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    const frame = await within(dialog).findByTitle('Message content (scripts and remote images are blocked)');
    // Nothing runs or reaches this origin; links may only open tabs of their own (issue 37).
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    const srcdoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcdoc).toContain('<b>Ali</b>');
    expect(srcdoc).not.toContain('<script');
    expect(srcdoc).not.toContain('tracker.test');
    const from = within(dialog).getByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'News <news@sender.test>',
    );
    expect(within(from).getByText('<news@sender.test>')).toHaveAttribute('dir', 'ltr');

    await user.click(within(dialog).getByRole('tab', { name: 'Headers' }));
    expect(await within(dialog).findByText('El Namer')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('tab', { name: 'Attachments (1)' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [download] = server.seen(routeOf(mailboxEndpoints.attachment, { id: 'm1', index: '0' }));
    // The file comes through the app's client, so it carries the bearer token.
    expect(download?.authorization).toBe('Bearer access-admin');
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));

    await user.click(within(dialog).getByRole('button', { name: 'Download the original (.eml)' }));
    await waitFor(() => expect(server.seen(routeOf(mailboxEndpoints.raw, { id: 'm1' }))).toHaveLength(1));
  });

  it('says why a message cannot be opened, in Arabic, and offers to try again', async () => {
    const { user } = openMailbox({
      language: 'ar',
      routes: {
        [routeOf(mailboxEndpoints.get, { id: 'm2' })]: () => ({
          status: 404,
          data: { statusCode: 404, code: 'errors.notFound', message: 'Message not found' },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'فتح عرض' }, firstLoad));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('empties the mailbox only after confirmation, then reloads the list', async () => {
    const { user, server } = openMailbox({ language: 'en' });
    await screen.findByText('Welcome', {}, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Empty the mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the mailbox' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.seen(routeOf(mailboxEndpoints.clear))).toHaveLength(0);

    server.on(routeOf(mailboxEndpoints.list), () => ({ status: 200, data: { count: 0, results: [] } }));
    await user.click(screen.getByRole('button', { name: 'Empty the mailbox' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Empty' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(server.seen(routeOf(mailboxEndpoints.clear))).toHaveLength(1);
  });

  it('says so when a relay is configured and nothing new arrives here', async () => {
    openMailbox({
      language: 'en',
      routes: {
        [routeOf(mailboxEndpoints.status)]: () => ({
          status: 200,
          data: { capturing: false, max_messages: 10 },
        }),
      },
    });
    expect(await screen.findByText(/An SMTP relay is configured/, {}, firstLoad)).toBeInTheDocument();
  });

  it('is not offered to senders', async () => {
    const { router } = openMailbox({ signedInAs: 'sender' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.forbidden));
  });
});

describe('safeMailHtml', () => {
  it('drops scripts, handlers, forms, remote and same-origin resources but keeps content and data images', () => {
    const clean = safeMailHtml(
      '<style>@import url(http://x.test/a.css); p{background:url(/api/public/m/t/open)}</style>' +
        '<p onclick="alert(1)" style="background-image:url(http://x.test/b.png)">Hi</p>' +
        '<img src="/api/public/m/t/open"><img src="data:image/png;base64,AAAA" alt="inline">' +
        '<form action="/x"><input name="a"></form><a href="javascript:alert(1)">x</a>',
    );
    expect(clean).toContain('Hi');
    expect(clean).toContain('data:image/png;base64,AAAA');
    for (const gone of [
      'onclick',
      'x.test',
      '/api/public/m/t/open',
      '<form',
      '<input',
      'javascript:',
      '@import',
    ])
      expect(clean).not.toContain(gone);
  });
});
