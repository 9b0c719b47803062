import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditEndpoints, type BalanceEntry } from '../../contract/credits.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const topUp: BalanceEntry = {
  id: 'c1',
  user_id: 'u1',
  username: 'layla',
  email: 'layla@example.test',
  amount: 100,
  balance_after: 100,
  kind: 'grant',
  campaign_id: null,
  reason: 'Welcome, "first" credits',
  updated_by: 'ada',
  created_at: '2026-11-24T09:00:00.000Z',
};
const charge: BalanceEntry = {
  ...topUp,
  id: 'c2',
  amount: -3,
  balance_after: 97,
  kind: 'charge',
  campaign_id: 'k1',
  reason: null,
  updated_by: null,
  created_at: '2026-11-24T10:00:00.000Z',
};

const firstLoad = { timeout: 15_000 };

function render(route: string, options: RenderOptions = {}) {
  const page = { status: 200, data: { count: 2, results: [charge, topUp] } };
  return renderApp({
    route,
    ...options,
    routes: {
      [routeOf(creditEndpoints.balanceLog)]: () => page,
      [routeOf(creditEndpoints.statement)]: () => page,
      ...options.routes,
    },
  });
}

describe('balance log screen', { timeout: 30_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  let saved: Blob[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('lists every movement in Arabic under one h1, with who made it', async () => {
    render(paths.dashboard.usersAmount, { signedInAs: 'admin', language: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'سجل الرصيد' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const grant = screen.getByText('Welcome, "first" credits').closest('tr')!;
    expect(within(grant).getByText('شحن')).toBeInTheDocument();
    expect(within(grant).getByText('ada')).toBeInTheDocument();
    const spent = within(screen.getByRole('table')).getByText('خصم').closest('tr')!;
    expect(within(spent).getByText('النظام')).toBeInTheDocument();
    // The sign stays before the figure in Arabic (issue 37: it read "3-").
    expect(within(spent).getByText('\u2066-3\u2069')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'بواسطة' })).toBeInTheDocument();
  });

  it('exports the log as CSV with quoted fields and the figures as numbers', async () => {
    const { user } = render(paths.dashboard.usersAmount, { signedInAs: 'admin', language: 'en' });
    await screen.findByText('Welcome, "first" credits', {}, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = await saved[0]!.text();
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('User name,E-mail,Amount,Kind,Balance after,Operation time,Updated by,Reason');
    expect(lines[1]).toBe('layla,layla@example.test,-3,Charge,97,2026-11-24T10:00:00.000Z,System,');
    expect(lines[2]).toBe(
      'layla,layla@example.test,100,Top-up,100,2026-11-24T09:00:00.000Z,ada,"Welcome, ""first"" credits"',
    );
  });

  it('says why the log cannot be loaded and offers to try again', async () => {
    render(paths.dashboard.usersAmount, {
      signedInAs: 'admin',
      language: 'en',
      routes: { [routeOf(creditEndpoints.balanceLog)]: () => ({ status: 503 }) },
    });
    const alert = await screen.findByRole('alert', {}, firstLoad);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not offered to senders', async () => {
    const { router } = render(paths.dashboard.usersAmount, { signedInAs: 'sender' });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.forbidden));
  });
});

// The account statement's own tests are in statement-screen.test.tsx.
