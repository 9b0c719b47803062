import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  recipientEndpoints as api,
  type Recipient,
  type RecipientList,
} from '../../contract/recipients.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';
import ar from '../../src/i18n/locales/ar/recipients.json';
import en from '../../src/i18n/locales/en/recipients.json';

/** The screen adds its namespace when it mounts; the test reads the same texts before that. */
function render(options: RenderOptions) {
  const rendered = renderApp(options);
  rendered.i18n.addResourceBundle('ar', 'recipients', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'recipients', en, true, false);
  return rendered;
}

const list: RecipientList = {
  id: 'l1',
  name: 'عملاء الرياض',
  recipients_count: 2,
  owner_id: 'u1',
  owner_username: 'sender',
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};
const recipient = (email: string, name: string): Recipient => ({
  id: email,
  list_id: 'l1',
  email,
  name,
  job_title: '',
  phone: '',
  organization: '',
  country: '',
  attachment: '',
  extra: [{ name: 'المدينة', value: 'جدة' }],
  created_at: list.created_at,
  updated_at: list.updated_at,
});

// The first render loads the screen's chunk (lazy) in jsdom on a shared machine: wait for rendering.
const wait = { timeout: 15_000 };

describe('recipients screens', { timeout: 30_000 }, () => {
  it.each(['ar', 'en'] as const)('lists the recipient lists and adds one (%s)', async (language) => {
    const { i18n, user, server } = render({
      language,
      signedInAs: 'sender',
      route: paths.dashboard.recipients,
      routes: {
        [routeOf(api.lists)]: () => ({ status: 200, data: { count: 1, results: [list] } }),
        [routeOf(api.createList)]: () => ({ status: 201, data: { ...list, id: 'l2', name: 'New' } }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.t('recipients:lists.title') }, wait),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'عملاء الرياض' })).toHaveAttribute(
      'href',
      '/dashboard/recipient/l1',
    );
    expect(screen.getByRole('columnheader', { name: i18n.t('recipients:lists.count') })).toBeInTheDocument();
    await user.type(screen.getByLabelText(i18n.t('recipients:lists.newName')), 'New');
    await user.click(screen.getByRole('button', { name: i18n.t('recipients:lists.add') }));
    await waitFor(() => expect(server.seen(routeOf(api.createList))[0]?.body).toEqual({ name: 'New' }));
    expect(await screen.findByText(i18n.t('recipients:toast.listAdded'))).toBeInTheDocument();
    expect(i18n.t('recipients:toast.listAdded')).not.toBe('toast.listAdded');
  });

  it.each(['ar', 'en'] as const)(
    'shows "No results found" for a list without lists (%s)',
    async (language) => {
      const { i18n } = render({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.recipients,
        routes: { [routeOf(api.lists)]: () => ({ status: 200, data: { count: 0, results: [] } }) },
      });
      expect(await screen.findByText(i18n.t('list.empty'), {}, wait)).toBeInTheDocument();
    },
  );

  it.each(['ar', 'en'] as const)(
    'shows one list with its recipients, extra fields and the import panel (%s)',
    async (language) => {
      const { i18n } = render({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.recipientList('l1'),
        routes: {
          [routeOf(api.getList, { id: 'l1' })]: () => ({ status: 200, data: list }),
          [routeOf(api.recipients)]: () => ({
            status: 200,
            data: {
              count: 2,
              results: [recipient('ali@example.com', 'علي'), recipient('mona@example.com', 'منى')],
            },
          }),
          [routeOf(api.createRecipient)]: (request) => ({
            status: 201,
            data: recipient((request.body as { email: string }).email, ''),
          }),
        },
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'عملاء الرياض' }, wait),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      const table = await screen.findByRole('table');
      expect(within(table).getByText('ali@example.com')).toBeInTheDocument();
      expect(within(table).getAllByText('المدينة: جدة')).toHaveLength(2);
      expect(screen.getByRole('heading', { name: i18n.t('recipients:import.title') })).toBeInTheDocument();

      expect(
        screen.getByRole('button', { name: i18n.t('recipients:list.addRecipient') }),
      ).toBeInTheDocument();
      expect(
        screen.getByRole('button', { name: `${i18n.t('list.delete')} ali@example.com` }),
      ).toBeInTheDocument();
    },
  );

  it.each(['ar', 'en'] as const)(
    'opens the add-recipient dialog under its translated title (%s)',
    async (language) => {
      const { i18n, user } = render({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.recipientList('l1'),
        routes: {
          [routeOf(api.getList, { id: 'l1' })]: () => ({ status: 200, data: list }),
          [routeOf(api.recipients)]: () => ({ status: 200, data: { count: 0, results: [] } }),
        },
      });
      await user.click(
        await screen.findByRole('button', { name: i18n.t('recipients:list.addRecipient') }, wait),
      );
      // The title once showed the raw key "form.addTitle" (read from the common namespace).
      const dialog = await screen.findByRole('dialog', { name: i18n.t('recipients:form.addTitle') }, wait);
      expect(within(dialog).getByRole('heading', { name: i18n.t('recipients:form.addTitle') })).toBeVisible();
      expect(
        within(dialog).getByRole('textbox', { name: i18n.t('recipients:fields.email') }),
      ).toBeInTheDocument();
    },
  );

  it('asks for a file before importing ("Please select a file!")', async () => {
    const { i18n, user } = render({
      language: 'en',
      signedInAs: 'sender',
      route: paths.dashboard.recipientList('l1'),
      routes: {
        [routeOf(api.getList, { id: 'l1' })]: () => ({ status: 200, data: list }),
        [routeOf(api.recipients)]: () => ({ status: 200, data: { count: 0, results: [] } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: i18n.t('recipients:import.choose') }, wait));
    expect(await screen.findByText('Please select a file!')).toBeInTheDocument();
  });
});
