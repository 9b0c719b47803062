import { screen, waitFor, within } from '@testing-library/react';
import { suppressionEndpoints, type Suppression } from '../../contract/suppressions.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';
import { routeOf } from '../support/fake-server.ts';

const rows: Suppression[] = [
  {
    id: 's1',
    email: 'angry@example.org',
    reason: 'complaint',
    user_id: 'u-sender',
    username: 'sam',
    campaign_id: 'c1',
    campaign_subject: 'Spring offers',
    bounce_reason: null,
    created_at: '2026-11-26T10:00:00Z',
  },
  {
    id: 's2',
    email: 'gone@example.org',
    reason: 'hard_bounce',
    user_id: 'u-sender',
    username: 'sam',
    campaign_id: 'c1',
    campaign_subject: 'Spring offers',
    bounce_reason: 'userunknown',
    created_at: '2026-11-26T09:00:00Z',
  },
];

function openSuppressions(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.logs.suppressions,
    ...options,
    routes: {
      [routeOf(suppressionEndpoints.list)]: () => ({
        status: 200,
        data: { count: rows.length, results: rows },
      }),
      [routeOf(suppressionEndpoints.remove, { id: 's1' })]: () => ({ status: 204 }),
      [routeOf(suppressionEndpoints.remove, { id: 's2' })]: () => ({ status: 204 }),
      [routeOf(suppressionEndpoints.add)]: () => ({ status: 201, data: { added: 2 } }),
      [routeOf(suppressionEndpoints.release)]: () => ({ status: 200, data: { released: 2 } }),
      [routeOf(suppressionEndpoints.inboundReports)]: () => ({
        status: 200,
        data: {
          count: 1,
          results: [
            {
              id: 'r1',
              received_at: '2026-11-26T12:00:00Z',
              envelope_from: '',
              envelope_to: ['postmaster@bounces.example.test'],
              subject: 'Undelivered Mail Returned to Sender',
              kind: 'delivery_status',
              problem: 'no_match',
              details: {},
              excerpt: '',
            },
          ],
        },
      }),
      ...options.routes,
    },
  });
}

describe('suppression list screen', () => {
  it('shows the list in Arabic with translated reasons and the source campaign', async () => {
    openSuppressions({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'قائمة الحظر' })).toBeInTheDocument();
    const row = (await screen.findByText('angry@example.org')).closest('tr')!;
    expect(within(row).getByText('شكوى رسائل مزعجة')).toBeInTheDocument();
    expect(within(row).getByText('Spring offers')).toBeInTheDocument();
    const other = screen.getByText('gone@example.org').closest('tr')!;
    expect(within(other).getByText('ارتداد دائم')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصدير CSV' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('قائمة الحظر'));
  });

  it('asks before removing a spam complaint, saying what it risks, then removes it', async () => {
    const { user, server } = openSuppressions({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Remove angry@example.org from the list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a spam complaint?' });
    expect(within(dialog).getByText(/angry@example.org reported your mail as spam/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.seen(routeOf(suppressionEndpoints.remove, { id: 's1' }))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove angry@example.org from the list' }));
    const again = await screen.findByRole('dialog', { name: 'Remove a spam complaint?' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(server.seen(routeOf(suppressionEndpoints.remove, { id: 's1' }))).toHaveLength(1),
    );
  });

  it('asks with the plain question for other reasons', async () => {
    const { user } = openSuppressions({ language: 'ar' });
    await user.click(await screen.findByRole('button', { name: 'أزل gone@example.org من القائمة' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText(/أبلغ/)).not.toBeInTheDocument();
  });

  it('adds addresses by hand, refusing an invalid one first (English)', async () => {
    const { user, server } = openSuppressions({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Add addresses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add addresses to the suppression list' });
    const field = within(dialog).getByLabelText(/E-mail addresses/);
    await user.type(field, 'one@example.org{Enter}not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Not a valid address: not-an-address')).toBeInTheDocument();
    expect(server.seen(routeOf(suppressionEndpoints.add))).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'one@example.org, two@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.seen(routeOf(suppressionEndpoints.add))).toHaveLength(1));
    expect(server.seen(routeOf(suppressionEndpoints.add))[0]!.body).toEqual({
      emails: ['one@example.org', 'two@example.org'],
    });
    expect(await screen.findByText('The addresses are on the suppression list.')).toBeInTheDocument();
    // The list is read again so the new rows show.
    await waitFor(() => expect(server.seen(routeOf(suppressionEndpoints.list)).length).toBeGreaterThan(1));
  });

  it('offers the reason filter with every reason (Arabic)', async () => {
    const { user, server } = openSuppressions({ language: 'ar' });
    await screen.findByText('angry@example.org');
    const reason = screen.getAllByLabelText('السبب').find((element) => element.tagName === 'INPUT')!;
    await user.click(reason);
    expect(await screen.findByRole('option', { name: 'أُضيف يدويًا' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'ارتداد مؤقت متكرر' })).toBeInTheDocument();
    const before = server.seen(routeOf(suppressionEndpoints.list)).length;
    await user.click(screen.getByRole('option', { name: 'شكوى رسائل مزعجة' }));
    // The filter reloads the list.
    await waitFor(() =>
      expect(server.seen(routeOf(suppressionEndpoints.list)).length).toBeGreaterThan(before),
    );
  });

  it('shows administrators the reports nobody could match; senders never ask for them', async () => {
    const { server } = openSuppressions({ language: 'en', signedInAs: 'admin' });
    const section = await screen.findByRole('region', { name: 'Reports nobody could match' });
    const row = (await within(section).findByText('Undelivered Mail Returned to Sender')).closest('tr')!;
    expect(within(row).getByText('Delivery status (DSN)')).toBeInTheDocument();
    expect(within(row).getByText('No message of ours')).toBeInTheDocument();
    expect(within(row).getByText('(null sender)')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(server.seen(routeOf(suppressionEndpoints.inboundReports)).length).toBeGreaterThan(0);
  });

  it('does not show the reports to a sender (Arabic)', async () => {
    const { server } = openSuppressions({ language: 'ar' });
    await screen.findByText('angry@example.org');
    expect(screen.queryByRole('region', { name: 'تقارير لم تُطابَق' })).not.toBeInTheDocument();
    expect(server.seen(routeOf(suppressionEndpoints.inboundReports))).toHaveLength(0);
  });

  it.each([
    [
      'en',
      'Bounce reason',
      'Authentication failed (SPF, DKIM, DMARC)',
      'Release all matching',
      'Release these suppressions?',
      'Cancel',
      'Release',
      'Released: 2.',
    ],
    [
      'ar',
      'سبب الارتداد',
      'فشل التحقق (SPF وDKIM وDMARC)',
      'ارفع الحظر عن كل المطابق',
      'أترفع الحظر عن هذه العناوين؟',
      'إلغاء',
      'ارفع الحظر',
      'رُفع الحظر عن: 2.',
    ],
  ] as const)(
    'filters by bounce reason and releases all matching after a confirm (%s)',
    async (language, label, reasonName, open, title, cancel, confirm, done) => {
      const { user, server } = openSuppressions({ language });
      await screen.findByText('angry@example.org');
      // No release without a bounce reason or a campaign narrowing the list.
      expect(screen.queryByRole('button', { name: open })).not.toBeInTheDocument();
      const field = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;
      await user.click(field);
      await user.click(await screen.findByRole('option', { name: reasonName }));
      await user.click(await screen.findByRole('button', { name: open }));
      const dialog = await screen.findByRole('dialog', { name: title });
      // The close button and the dialog's own Cancel button both cancel.
      await user.click(within(dialog).getAllByRole('button', { name: cancel }).at(-1)!);
      expect(server.seen(routeOf(suppressionEndpoints.release))).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: open }));
      const again = await screen.findByRole('dialog', { name: title });
      await user.click(within(again).getByRole('button', { name: confirm }));
      await waitFor(() => expect(server.seen(routeOf(suppressionEndpoints.release))).toHaveLength(1));
      expect(server.seen(routeOf(suppressionEndpoints.release))[0]!.body).toEqual({
        bounce_reason: 'authfailure',
      });
      expect(await screen.findByText(done)).toBeInTheDocument();
    },
  );

  it('narrows the list to one source campaign and releases that campaign’s bounces (English)', async () => {
    const { user, server } = openSuppressions({ language: 'en' });
    const [first] = await screen.findAllByRole('button', {
      name: 'Show only suppressions from Spring offers',
    });
    await user.click(first!);
    expect(await screen.findByText('Only from the campaign “Spring offers”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release all matching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release these suppressions?' });
    expect(
      within(dialog).getByText(/Unsubscribes, spam complaints and addresses added by hand stay/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(server.seen(routeOf(suppressionEndpoints.release))).toHaveLength(1));
    expect(server.seen(routeOf(suppressionEndpoints.release))[0]!.body).toEqual({ campaign_id: 'c1' });
    await user.click(screen.getByRole('button', { name: 'All campaigns' }));
    expect(screen.queryByRole('button', { name: 'Release all matching' })).not.toBeInTheDocument();
  });
});
