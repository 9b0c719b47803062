import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { creditEndpoints } from '../../contract/credits.contract.ts';
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
  organization: 'شركة النور',
  sender_name: 'Layla',
  quota: 1200,
  used_quota: 200,
  remaining_quota: 1000,
  created_at: '2026-11-20T08:00:00.000Z',
};
const omar: AdminUser = {
  ...layla,
  id: 'u2',
  username: 'omar',
  email: 'omar@example.test',
  is_active: false,
};

// The screen is a lazy chunk; its first import under jsdom takes a few seconds.
const firstLoad = { timeout: 15_000 };

function openUsers(options: RenderOptions = {}) {
  let users = [layla, omar];
  return renderApp({
    signedInAs: 'admin',
    route: paths.dashboard.users,
    ...options,
    routes: {
      [routeOf(userEndpoints.list)]: () => ({ status: 200, data: { count: users.length, results: users } }),
      [routeOf(userEndpoints.create)]: (request) => {
        const body = request.body as AdminUser;
        const created = { ...layla, ...body, id: 'u3', quota: 0, used_quota: 0, remaining_quota: 0 };
        users = [...users, created];
        return { status: 201, data: created };
      },
      [routeOf(userEndpoints.update, { id: 'u1' })]: (request) => {
        users = users.map((user) => (user.id === 'u1' ? { ...user, ...(request.body as object) } : user));
        return { status: 200, data: users[0] };
      },
      [routeOf(creditEndpoints.addQuota, { id: 'u1' })]: (request) => {
        const { amount } = request.body as { amount: number };
        users = users.map((user) =>
          user.id === 'u1'
            ? { ...user, quota: user.quota + amount, remaining_quota: user.remaining_quota + amount }
            : user,
        );
        return { status: 200, data: users[0] };
      },
      [routeOf(userEndpoints.remove, { id: 'u2' })]: () => ({
        status: 409,
        data: {
          statusCode: 409,
          code: 'errors.conflict',
          message: 'The user has campaigns',
          fields: { id: 'validation.userHasCampaigns' },
        },
      }),
      ...options.routes,
    },
  });
}

// jsdom renders Mantine slowly on a shared machine; the waits are for rendering, not timing.
describe('users screen', { timeout: 30_000 }, () => {
  it('lists users in Arabic under one h1 with quota, used and remaining', async () => {
    openUsers({ language: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'المستخدمون' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const row = (await screen.findByText('layla')).closest('tr')!;
    for (const text of ['layla@example.test', 'شركة النور', 'مرسِل', 'نعم']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText((1200).toLocaleString('ar'))).toBeInTheDocument();
    expect(within(row).getByText((1000).toLocaleString('ar'))).toBeInTheDocument();
    expect(within(screen.getByText('omar').closest('tr')!).getByText('لا')).toBeInTheDocument();
    for (const header of ['المستخدم', 'المتبقي', 'نشط', 'الدور'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /الرصيد/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('searchbox', { name: 'بحث' })).toBeInTheDocument();
  });

  it('creates a user, refusing a weak password before anything is sent', async () => {
    const { user, server } = openUsers({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Add user' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByLabelText(/User name/), 'nadia');
    await user.type(within(dialog).getByLabelText(/E-mail/), 'nadia@example.test');
    await user.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The password must be at least 8 characters long.'),
    ).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.create))).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), '-pass-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user was added.')).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.create))[0]?.body).toMatchObject({
      username: 'nadia',
      email: 'nadia@example.test',
      password: 'short-pass-2026',
      role: 'sender',
    });
    expect(await screen.findByText('nadia')).toBeInTheDocument();
  });

  it("shows the server's field errors translated, in Arabic, and keeps what was typed", async () => {
    const { user } = openUsers({
      language: 'ar',
      routes: {
        [routeOf(userEndpoints.create)]: () => ({
          status: 409,
          data: {
            statusCode: 409,
            code: 'errors.conflict',
            message: 'taken',
            fields: { username: 'validation.usernameTaken' },
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'إضافة مستخدم' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'مستخدم جديد' });
    await user.type(within(dialog).getByLabelText(/اسم المستخدم/), 'layla');
    await user.type(within(dialog).getByLabelText(/البريد الإلكتروني/), 'other@example.test');
    await user.type(within(dialog).getByLabelText(/كلمة المرور/, { selector: 'input' }), 'long-pass-2026');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('اسم المستخدم هذا مستخدم من قبل.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/البريد الإلكتروني/)).toHaveValue('other@example.test');
  });

  it('edits and deactivates a user, sending only what changed', async () => {
    const { user, server } = openUsers({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Edit layla' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Edit layla' });
    await user.click(within(dialog).getByRole('switch', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user was updated.')).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.update, { id: 'u1' }))[0]?.body).toEqual({ is_active: false });
    await waitFor(() =>
      expect(within(screen.getByText('layla').closest('tr')!).getByText('No')).toBeInTheDocument(),
    );
  });

  it('adds quota, asks a reason for a negative amount, then refreshes the table', async () => {
    const { user, server } = openUsers({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Add quota layla' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Add quota for layla' });
    await user.type(within(dialog).getByLabelText(/Amount/), '-50');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('A reason is required when taking credit away.'),
    ).toBeInTheDocument();
    expect(server.seen(routeOf(creditEndpoints.addQuota, { id: 'u1' }))).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The quota was added.')).toBeInTheDocument();
    expect(server.seen(routeOf(creditEndpoints.addQuota, { id: 'u1' }))[0]?.body).toEqual({
      amount: 300,
      reason: '',
    });
    expect(await screen.findByText((1300).toLocaleString('en'))).toBeInTheDocument();
  });

  it('explains, after confirmation, that a user with campaigns cannot be deleted', async () => {
    const { user, server } = openUsers({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Delete omar' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deletion' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This user has sent campaigns and cannot be deleted. Deactivate the account instead.',
      ),
    ).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.remove, { id: 'u2' }))).toHaveLength(1);
    expect(screen.getByText('omar')).toBeInTheDocument();
  });

  it('is not offered to senders', async () => {
    const { router } = openUsers({ signedInAs: 'sender' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.forbidden));
  });
});
