import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  senderEndpoints,
  type SenderDomain,
  type SenderIdentities,
} from '../../contract/senders.contract.ts';
import { userEndpoints, type AdminUser } from '../../contract/users.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const layla: AdminUser = {
  id: 'u1',
  username: 'layla',
  email: 'layla@example.test',
  role: 'sender',
  is_active: true,
  organization: null,
  sender_name: null,
  quota: 100,
  used_quota: 0,
  remaining_quota: 100,
  created_at: '2026-11-20T08:00:00.000Z',
};

const dkimValue = 'v=DKIM1; k=rsa; p=MIIBIjANBgkqh';
const domain: SenderDomain = {
  id: 'd1',
  domain: 'mail.example.test',
  dkim_selector: 'sel1',
  verified_at: null,
  last_checked_at: null,
  records: [
    {
      purpose: 'dkim',
      type: 'TXT',
      name: 'sel1._domainkey.mail.example.test',
      value: dkimValue,
      found: null,
    },
    { purpose: 'spf', type: 'TXT', name: 'mail.example.test', value: 'v=spf1 a mx ~all', found: null },
    {
      purpose: 'dmarc',
      type: 'TXT',
      name: '_dmarc.mail.example.test',
      value: 'v=DMARC1; p=none',
      found: null,
    },
  ],
};
const checked: SenderDomain = {
  ...domain,
  verified_at: '2026-11-24T10:00:00.000Z',
  last_checked_at: '2026-11-24T10:00:00.000Z',
  records: domain.records.map((record) => ({ ...record, found: record.purpose !== 'dmarc' })),
};

const firstLoad = { timeout: 15_000 };
const fieldError = (code: string, fields: Record<string, string>) => ({
  statusCode: code === 'errors.conflict' ? 409 : 400,
  code,
  message: 'refused',
  fields,
});

function openSenders(options: RenderOptions = {}) {
  const identities: SenderIdentities = { domains: [domain], emails: [], names: [] };
  return renderApp({
    signedInAs: 'admin',
    route: paths.dashboard.settings.userSenders('u1'),
    ...options,
    routes: {
      [routeOf(userEndpoints.list)]: () => ({ status: 200, data: { count: 1, results: [layla] } }),
      [routeOf(userEndpoints.get, { id: 'u1' })]: () => ({ status: 200, data: layla }),
      [routeOf(senderEndpoints.list, { id: 'u1' })]: () => ({ status: 200, data: identities }),
      [routeOf(senderEndpoints.checkDomain, { id: 'u1', itemId: 'd1' })]: () => ({
        status: 200,
        data: checked,
      }),
      [routeOf(senderEndpoints.addDomain, { id: 'u1' })]: (request) => ({
        status: 201,
        data: { ...domain, id: 'd2', domain: (request.body as { domain: string }).domain },
      }),
      [routeOf(senderEndpoints.addEmail, { id: 'u1' })]: (request) => ({
        status: 201,
        data: { id: 'e1', email: (request.body as { email: string }).email, domain_id: 'd1' },
      }),
      [routeOf(senderEndpoints.addName, { id: 'u1' })]: (request) => ({
        status: 201,
        data: { id: 'n1', name: (request.body as { name: string }).name },
      }),
      [routeOf(senderEndpoints.removeName, { id: 'u1', itemId: 'n1' })]: () => ({ status: 204 }),
      ...options.routes,
    },
  });
}

describe('sender identities screen', { timeout: 40_000 }, () => {
  it('shows a domain’s DNS records in Arabic, copies them, and checks them now', async () => {
    const { user, server } = openSenders({ language: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'هويات المرسِلين' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('layla · layla@example.test')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'mail.example.test' });
    expect(within(card).getByText('غير موثَّق')).toBeInTheDocument();
    expect(within(card).getByText('لم يُفحص بعد')).toBeInTheDocument();
    const records = within(card).getByRole('table', { name: 'سجلات DNS للنطاق mail.example.test' });
    expect(within(records).getByText(dkimValue)).toBeInTheDocument();
    expect(within(records).getByText('_dmarc.mail.example.test')).toBeInTheDocument();
    expect(within(records).getAllByText('لم يُفحص')).toHaveLength(3);

    await user.click(within(card).getByRole('button', { name: 'نسخ قيمة سجل DKIM' }));
    expect(await navigator.clipboard.readText()).toBe(dkimValue);
    expect(await within(card).findByText('نُسخ')).toBeInTheDocument();

    await user.click(
      within(card).getByRole('button', { name: 'افحص الآن: سجلات DNS للنطاق mail.example.test' }),
    );
    expect(await within(card).findByText('موثَّق')).toBeInTheDocument();
    expect(within(records).getAllByText('موجود')).toHaveLength(2);
    expect(within(records).getByText('غير موجود')).toBeInTheDocument();
    expect(await screen.findByText('عُثر على سجل DKIM: النطاق موثَّق ويُوقَّع بريده.')).toBeInTheDocument();
    expect(server.seen(routeOf(senderEndpoints.checkDomain, { id: 'u1', itemId: 'd1' }))).toHaveLength(1);
  });

  it('adds a domain, a sender e-mail on it and a name, refusing bad input before sending', async () => {
    const { user, server } = openSenders({ language: 'en' });
    const domainField = await screen.findByRole('textbox', { name: /^Domain/ }, firstLoad);
    await user.type(domainField, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a valid domain name, such as example.com.')).toBeInTheDocument();
    await user.clear(domainField);
    await user.type(domainField, 'news.example.test');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('article', { name: 'news.example.test' })).toBeInTheDocument();
    expect(domainField).toHaveValue('');
    expect(server.seen(routeOf(senderEndpoints.addDomain, { id: 'u1' })).map((r) => r.body)).toEqual([
      { domain: 'news.example.test' },
    ]);

    const emailField = screen.getByRole('textbox', { name: /^Sender e-mail/ });
    await user.type(emailField, 'info@elsewhere.test');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(
      await screen.findByText("This address is not on one of the user's domains. Add the domain first."),
    ).toBeInTheDocument();
    expect(server.seen(routeOf(senderEndpoints.addEmail, { id: 'u1' }))).toHaveLength(0);
    await user.clear(emailField);
    await user.type(emailField, 'info@mail.example.test');
    await user.click(screen.getByRole('button', { name: 'Add e-mail' }));
    expect(await screen.findByText('The sender e-mail was added.')).toBeInTheDocument();
    const emails = screen.getByRole('region', { name: 'Sender e-mails' });
    expect(within(emails).getByText('info@mail.example.test')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Sender name/ }), 'Newsroom');
    await user.click(screen.getByRole('button', { name: 'Add name' }));
    const names = screen.getByRole('region', { name: 'Sender names' });
    expect(await within(names).findByText('Newsroom')).toBeInTheDocument();

    await user.click(within(names).getByRole('button', { name: 'Remove the sender name Newsroom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    expect(within(dialog).getByText('Remove the sender name Newsroom?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The sender name was removed.')).toBeInTheDocument();
    await waitFor(() => expect(within(names).queryByText('Newsroom')).not.toBeInTheDocument());
    expect(within(names).getByText('No sender names yet.')).toBeInTheDocument();
  });

  it('shows the server’s refusal translated, in Arabic, and keeps what was typed', async () => {
    const { user } = openSenders({
      language: 'ar',
      routes: {
        [routeOf(senderEndpoints.addEmail, { id: 'u1' })]: () => ({
          status: 409,
          data: fieldError('errors.conflict', { email: 'validation.nameTaken' }),
        }),
      },
    });
    const emailField = await screen.findByRole('textbox', { name: /^بريد المرسِل/ }, firstLoad);
    await user.type(emailField, 'news@mail.example.test');
    await user.click(screen.getByRole('button', { name: 'إضافة بريد' }));
    expect(await screen.findByText('هذا الاسم مستخدم من قبل.')).toBeInTheDocument();
    expect(emailField).toHaveValue('news@mail.example.test');
  });

  it('says when the user does not exist, and lists the users to choose from', async () => {
    const { user, router } = openSenders({
      language: 'en',
      route: paths.dashboard.settings.userSenders('gone'),
    });
    expect(await screen.findByText('The requested item was not found.', {}, firstLoad)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'All users' }));
    await user.click(await screen.findByRole('link', { name: 'Manage senders of layla' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.dashboard.settings.userSenders('u1')),
    );
    expect(await screen.findByRole('article', { name: 'mail.example.test' })).toBeInTheDocument();
  });

  it('is not offered to senders', async () => {
    const { router } = openSenders({ signedInAs: 'sender' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.forbidden));
  });

  it('is under Settings for administrators only, next to the profile that everyone has', async () => {
    for (const role of ['sender', 'admin'] as const) {
      const { user, unmount } = renderApp({ language: 'en', signedInAs: role, route: paths.dashboard.home });
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, firstLoad);
      await user.click(within(nav).getByText('Settings'));
      expect(await within(nav).findByRole('link', { name: 'My profile and security' })).toHaveAttribute(
        'href',
        paths.dashboard.settings.profile,
      );
      const senders = within(nav).queryByRole('link', { name: 'Sender identities' });
      if (role === 'admin') expect(senders).toHaveAttribute('href', paths.dashboard.settings.senders);
      else expect(senders).not.toBeInTheDocument();
      unmount();
    }
  });
});
