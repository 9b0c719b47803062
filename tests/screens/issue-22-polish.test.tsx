import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recipientEndpoints as api, type RecipientList } from '../../contract/recipients.contract.ts';
import { paths } from '../../src/app/paths.ts';
import ar from '../../src/i18n/locales/ar/recipients.json';
import en from '../../src/i18n/locales/en/recipients.json';
import { renderApp, type RenderOptions } from '../setup/render.tsx';
import { routeOf } from '../support/fake-server.ts';
import { themes } from '../support/fixtures.ts';
import { showNotice } from '../../src/app/notifier.tsx';

// Issue 22: the smaller things a sender trips over, each shown in both languages.

function render(options: RenderOptions) {
  const rendered = renderApp({ signedInAs: 'sender', ...options });
  rendered.i18n.addResourceBundle('ar', 'recipients', ar, true, false);
  rendered.i18n.addResourceBundle('en', 'recipients', en, true, false);
  return rendered;
}

const wait = { timeout: 15_000 };
const notFound = () => ({
  status: 404,
  data: { statusCode: 404, code: 'errors.notFound', message: 'Not Found' },
});
const list: RecipientList = {
  id: 'l1',
  name: 'Clients',
  recipients_count: 0,
  owner_id: 'u1',
  owner_username: 'sender',
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};

describe('issue 22 polish', { timeout: 30_000 }, () => {
  it.each(['ar', 'en'] as const)(
    "another user's list by its address says it was not found and offers no list actions (%s)",
    async (language) => {
      const { i18n } = render({
        language,
        route: paths.dashboard.recipientList('someone-elses'),
        routes: {
          [routeOf(api.getList, { id: 'someone-elses' })]: notFound,
          [routeOf(api.recipients)]: notFound,
        },
      });
      const alert = await screen.findByRole('alert', {}, wait);
      expect(alert).toHaveTextContent(i18n.t('errors.notFound'));
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.queryByRole('button', { name: i18n.t('recipients:list.addRecipient') })).toBeNull();
      expect(screen.queryByRole('button', { name: i18n.t('recipients:list.exportCsv') })).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getByRole('link', { name: i18n.t('recipients:list.back') })).toBeInTheDocument();
    },
  );

  it.each(['ar', 'en'] as const)("a group that is not the user's says not found (%s)", async (language) => {
    const { i18n } = render({
      language,
      route: paths.dashboard.group('g-x'),
      routes: {
        [routeOf(api.getGroup, { id: 'g-x' })]: notFound,
        [routeOf(api.lists)]: () => ({ status: 200, data: { count: 0, results: [] } }),
      },
    });
    expect(await screen.findByRole('alert', {}, wait)).toHaveTextContent(i18n.t('errors.notFound'));
  });

  it.each(['ar', 'en'] as const)(
    "the recipient form explains what 'attachment' names (%s)",
    async (language) => {
      const { i18n, user } = render({
        language,
        route: paths.dashboard.recipientList('l1'),
        routes: {
          [routeOf(api.getList, { id: 'l1' })]: () => ({ status: 200, data: list }),
          [routeOf(api.recipients)]: () => ({ status: 200, data: { count: 0, results: [] } }),
        },
      });
      await user.click(
        await screen.findByRole('button', { name: i18n.t('recipients:list.addRecipient') }, wait),
      );
      const dialog = await screen.findByRole('dialog', {}, wait);
      const field = within(dialog).getByRole('textbox', { name: i18n.t('recipients:fields.attachment') });
      expect(field).toHaveAccessibleDescription(i18n.t('recipients:fields.attachmentHint'));
    },
  );

  it.each(['ar', 'en'] as const)(
    'the colour picker shuts once a hex value is typed (%s)',
    async (language) => {
      const { i18n, user } = render({ language, signedInAs: 'admin', route: paths.dashboard.themes, themes });
      const input = await screen.findByLabelText(i18n.t('themes.primary'), {}, wait);
      const picker = () => document.querySelector('.mantine-ColorInput-dropdown');
      await user.click(input);
      await waitFor(() => expect(picker()).not.toBeNull());
      await user.clear(input);
      await user.type(input, '#123456');
      await waitFor(() => expect(picker()).toBeNull());
      expect(input).toHaveValue('#123456');
      // Clicked again, it opens again; Escape shuts it.
      await user.click(input);
      await waitFor(() => expect(picker()).not.toBeNull());
      await user.keyboard('{Escape}');
      await waitFor(() => expect(picker()).toBeNull());
    },
  );

  it('keeps toasts clear of an open dialog, and back at the top once it closes', async () => {
    const { i18n, user } = render({
      language: 'en',
      route: paths.dashboard.recipientList('l1'),
      routes: {
        [routeOf(api.getList, { id: 'l1' })]: () => ({ status: 200, data: list }),
        [routeOf(api.recipients)]: () => ({ status: 200, data: { count: 0, results: [] } }),
      },
    });
    const whereIs = async (text: string) =>
      (await screen.findByText(text, {}, wait)).closest('[data-position]')?.getAttribute('data-position');
    showNotice({ kind: 'success', key: 'errors.notFound' });
    await waitFor(async () => expect(await whereIs(i18n.t('errors.notFound'))).toBe('top-center'));
    await user.click(
      await screen.findByRole('button', { name: i18n.t('recipients:list.addRecipient') }, wait),
    );
    await screen.findByRole('dialog', {}, wait);
    // The toast already shown moves away from the dialog's title; a new one appears there too.
    await waitFor(async () => expect(await whereIs(i18n.t('errors.notFound'))).toBe('bottom-center'));
    showNotice({ kind: 'error', key: 'errors.network' });
    await waitFor(async () => expect(await whereIs(i18n.t('errors.network'))).toBe('bottom-center'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await whereIs(i18n.t('errors.network'))).toBe('top-center'));
  });

  it.each(['ar', 'en'] as const)(
    'the login page opens with the keyboard in its first field (%s)',
    async (language) => {
      const { i18n } = renderApp({ language, route: paths.auth.login });
      const username = await screen.findByLabelText(i18n.t('auth.login.username'), {}, wait);
      await waitFor(() => expect(username).toHaveFocus());
    },
  );
});
