import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  creditEndpoints,
  type StatementEntry,
  type StatementSummary,
} from '../../contract/credits.contract.ts';
import { userEndpoints } from '../../contract/users.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const topUp: StatementEntry = {
  id: 'c1',
  user_id: 'u1',
  username: 'layla',
  email: 'layla@example.test',
  amount: 100,
  balance_after: 100,
  kind: 'grant',
  type: 'topup',
  running_balance: 100,
  campaign_id: null,
  order_id: null,
  reason: 'Welcome credits',
  updated_by: 'ada',
  created_at: '2026-11-24T09:00:00.000Z',
};
const send: StatementEntry = {
  ...topUp,
  id: 'c2',
  amount: -3,
  balance_after: 97,
  kind: 'charge',
  type: 'send',
  running_balance: 97,
  campaign_id: 'k1',
  reason: null,
  updated_by: null,
  created_at: '2026-11-24T10:00:00.000Z',
};
const summary: StatementSummary = {
  user: { id: 'u1', username: 'layla', balance: 97 },
  count: 2,
  credits_in: 100,
  credits_out: 3,
  net: 97,
  opening_balance: 0,
  closing_balance: 97,
};

const firstLoad = { timeout: 15_000 };

function render(route: string, options: RenderOptions = {}) {
  return renderApp({
    route,
    ...options,
    routes: {
      [routeOf(creditEndpoints.statement)]: () => ({
        status: 200,
        data: { count: 2, results: [send, topUp] },
      }),
      [routeOf(creditEndpoints.statementSummary)]: () => ({ status: 200, data: summary }),
      ...options.routes,
    },
  });
}

const totals = () => screen.getByRole('table', { name: /Totals|مجاميع/ });
/** The table of lines (the totals are a table too), once its rows are there. */
const lines = async () => {
  const header = await screen.findByRole(
    'columnheader',
    { name: /Running balance|الرصيد الجاري/ },
    firstLoad,
  );
  const table = header.closest('table')!;
  await within(table).findByText(/Welcome credits/);
  return table;
};

describe('account statement screen', { timeout: 30_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  let saved: Blob[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:statement';
    });
    URL.revokeObjectURL = vi.fn();
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('shows a sender its lines with the running balance and the totals, reached from Financial', async () => {
    const { user, server } = render(paths.dashboard.home, { signedInAs: 'sender', language: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, firstLoad);
    await user.click(within(nav).getByText('Financial'));
    await user.click(await within(nav).findByRole('link', { name: 'Account statements' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account statement' }, firstLoad),
    ).toBeInTheDocument();
    const sendRow = within(await lines())
      .getByText('Send')
      .closest('tr')!;
    expect(within(sendRow).getByText('97')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Running balance' })).toBeInTheDocument();
    expect(within(totals()).getByRole('rowheader', { name: 'Credits out' }).closest('tr')).toHaveTextContent(
      '3',
    );
    expect(within(totals()).getByRole('rowheader', { name: 'Net' }).closest('tr')).toHaveTextContent('+97');
    expect(screen.getByText('Balance now: 97')).toBeInTheDocument();
    expect(server.seen(routeOf(creditEndpoints.balanceLog))).toHaveLength(0);
  });

  it('filters by type in Arabic, reloading the lines and the totals together', async () => {
    const { user, server } = render(paths.dashboard.financial.statement, {
      signedInAs: 'sender',
      language: 'ar',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'كشف الحساب' }, firstLoad),
    ).toBeInTheDocument();
    await lines();
    const lineLoads = server.seen(routeOf(creditEndpoints.statement)).length;
    const totalsLoads = server.seen(routeOf(creditEndpoints.statementSummary)).length;
    const type = screen.getAllByLabelText('النوع').find((element) => element.tagName === 'INPUT')!;
    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'طلب شحن مدفوع' }));
    await waitFor(() => expect(server.seen(routeOf(creditEndpoints.statement)).length).toBe(lineLoads + 1));
    expect(server.seen(routeOf(creditEndpoints.statementSummary)).length).toBe(totalsLoads + 1);
  });

  it('shows the reasons the system wrote in the reader’s language, old rows included (issue 37)', async () => {
    const granted = { ...topUp, id: 'c0', reason: 'initial_credits', updated_by: null };
    const legacy = { ...topUp, id: 'c00', reason: 'initial credits', updated_by: null };
    render(paths.dashboard.financial.statement, {
      signedInAs: 'sender',
      language: 'ar',
      routes: {
        [routeOf(creditEndpoints.statement)]: () => ({
          status: 200,
          data: { count: 4, results: [send, topUp, granted, legacy] },
        }),
      },
    });
    const table = await lines();
    expect(within(table).getAllByText('الرصيد الابتدائي')).toHaveLength(2);
    expect(within(table).queryByText(/initial/)).toBeNull();
    // What a person typed stays as typed.
    expect(within(table).getByText('Welcome credits')).toBeInTheDocument();
  });

  it('refuses a start date after the end date and loads nothing for it', async () => {
    const { user, server } = render(paths.dashboard.financial.statement, {
      signedInAs: 'sender',
      language: 'en',
    });
    await lines();
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await waitFor(() => expect(server.seen(routeOf(creditEndpoints.statementSummary)).length).toBe(2));
    const loads = server.seen(routeOf(creditEndpoints.statementSummary)).length;
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(server.seen(routeOf(creditEndpoints.statementSummary)).length).toBe(loads);
  });

  it('exports what is shown as CSV through the server', async () => {
    const { user, server } = render(paths.dashboard.financial.statement, {
      signedInAs: 'sender',
      language: 'en',
      routes: {
        [routeOf(creditEndpoints.statementExport)]: () => ({
          status: 200,
          data: new Blob(['Time,Type\r\n'], { type: 'text/csv' }),
        }),
      },
    });
    await lines();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.seen(routeOf(creditEndpoints.statementExport))).toHaveLength(1);
    expect(await saved[0]!.text()).toBe('Time,Type\r\n');
  });

  it('opens a user’s statement from the users screen for administrators', async () => {
    const layla = {
      id: 'u1',
      username: 'layla',
      email: 'layla@example.test',
      role: 'sender',
      is_active: true,
      organization: null,
      sender_name: null,
      quota: 100,
      used_quota: 3,
      remaining_quota: 97,
      created_at: '2026-11-20T08:00:00.000Z',
    };
    const { user } = render(paths.dashboard.users, {
      signedInAs: 'admin',
      language: 'en',
      routes: {
        [routeOf(userEndpoints.list)]: () => ({ status: 200, data: { count: 1, results: [layla] } }),
      },
    });
    await user.click(await screen.findByRole('link', { name: 'Statement layla' }, firstLoad));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account statement of layla' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toBeInTheDocument();
  });

  it('is not offered to senders for another user', async () => {
    const { router } = render(paths.dashboard.userStatement('u1'), { signedInAs: 'sender' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.forbidden));
  });
});
