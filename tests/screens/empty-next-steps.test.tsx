import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recipientEndpoints } from '../../contract/recipients.contract.ts';
import { webhookEndpoints } from '../../contract/webhooks.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp } from '../setup/render.tsx';

// Issue 37, item 10: an empty list says what to do first, with the button that starts it; an
// empty search does not (the next step is then to search for something else).

const none = () => ({ status: 200, data: { count: 0, results: [] } });
const wait = { timeout: 15_000 };

describe('empty lists give the next step', { timeout: 30_000 }, () => {
  it('recipient lists: create one, then import into it (Arabic), the button going to the name', async () => {
    const { user } = renderApp({
      language: 'ar',
      signedInAs: 'sender',
      route: paths.dashboard.recipients,
      routes: { [routeOf(recipientEndpoints.lists)]: none },
    });
    expect(await screen.findByText(/افتحها لاستيراد المستلمين/, {}, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'أنشئ قائمة' }));
    expect(screen.getByLabelText('اسم القائمة الجديدة')).toHaveFocus();
  });

  it('groups: create one (English)', async () => {
    const { user } = renderApp({
      language: 'en',
      signedInAs: 'sender',
      route: paths.dashboard.groups,
      routes: { [routeOf(recipientEndpoints.groups)]: none },
    });
    expect(await screen.findByText(/You have no group yet/, {}, wait)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a group' }));
    expect(screen.getByLabelText('New group name')).toHaveFocus();
  });

  it('webhooks: add one, opening the form; a search that finds nothing says only that', async () => {
    const { user, i18n } = renderApp({
      language: 'en',
      signedInAs: 'sender',
      route: paths.dashboard.settings.developer.webhooks,
      routes: { [routeOf(webhookEndpoints.list)]: none },
    });
    const hint = await screen.findByText(/No webhook yet/, {}, wait);
    const empty = hint.parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'New endpoint' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.type(screen.getByLabelText(i18n.t('list.searchLabel')), 'shop');
    await waitFor(() => expect(screen.queryByText(/No webhook yet/)).toBeNull());
    expect(screen.getByText(i18n.t('list.empty'))).toBeInTheDocument();
  });
});
