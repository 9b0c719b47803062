import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ListRequest } from '../../src/machines/list.machine.ts';
import type { AdminUser } from '../../contract/users.contract.ts';
import { toCsv } from '../../src/lib/csv.ts';
import { userFormMachine } from '../../src/machines/user-form.machine.ts';
import { checkForm, emptyValues, valuesOf, type SaveRequest } from '../../src/machines/user-form.requests.ts';
import type { Call } from '../../src/services/http.ts';
import { fetchAllEntries, listStatement } from '../../src/services/users.service.ts';

const layla: AdminUser = {
  id: 'u1',
  username: 'layla',
  email: 'layla@example.test',
  role: 'sender',
  is_active: true,
  organization: null,
  sender_name: null,
  quota: 10,
  used_quota: 0,
  remaining_quota: 10,
  created_at: '2026-11-20T08:00:00.000Z',
};

function start(save: (request: SaveRequest) => Promise<AdminUser>) {
  const notify = vi.fn();
  const saved = vi.fn();
  const machine = userFormMachine.provide({
    actors: { save: fromPromise(({ input }) => save(input)) },
    actions: { notify: (_, notice) => notify(notice), saved },
  });
  return { actor: createActor(machine).start(), notify, saved };
}

describe('user form machine', () => {
  it('refuses an invalid form without calling the server, then saves and closes', async () => {
    const save = vi.fn(async () => layla);
    const { actor, notify, saved } = start(save);
    actor.send({ type: 'userForm.create' });
    actor.send({ type: 'userForm.change', field: 'username', value: 'x' });
    actor.send({ type: 'userForm.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      username: 'validation.username',
      email: 'validation.required',
      password: 'validation.passwordTooShort',
    });
    expect(save).not.toHaveBeenCalled();

    for (const [field, value] of [
      ['username', 'nadia'],
      ['email', 'nadia@example.test'],
      ['password', 'long-pass-2026'],
    ] as const)
      actor.send({ type: 'userForm.change', field, value });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'userForm.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'users:notices.created' });
    expect(saved).toHaveBeenCalledOnce();
  });

  it("keeps the dialog and shows the server's field errors when saving fails", async () => {
    const refusal = { code: 'errors.conflict', status: 409, fields: { email: 'validation.emailTaken' } };
    const { actor, saved } = start(async () => Promise.reject(refusal));
    actor.send({ type: 'userForm.edit', user: layla });
    actor.send({ type: 'userForm.change', field: 'email', value: 'taken@example.test' });
    actor.send({ type: 'userForm.submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && Object.keys(snapshot.context.fieldErrors).length > 0,
    );
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'validation.emailTaken' });
    expect(actor.getSnapshot().context.values.email).toBe('taken@example.test');
    expect(saved).not.toHaveBeenCalled();
  });
});

describe('checkForm', () => {
  it('sends only changed fields on edit and asks for a change', () => {
    expect(checkForm('edit', layla, valuesOf(layla))).toMatchObject({
      ok: false,
      errorKey: 'validation.atLeastOneField',
    });
    expect(checkForm('edit', layla, { ...valuesOf(layla), role: 'admin' })).toEqual({
      ok: true,
      request: { kind: 'edit', id: 'u1', body: { role: 'admin' } },
    });
  });

  it('needs a whole, non-zero amount and a reason to take credit away', () => {
    const quota = (amount: string, reason = '') =>
      checkForm('quota', layla, { ...emptyValues, amount, reason });
    expect(quota('1.5')).toMatchObject({ ok: false, fieldErrors: { amount: 'validation.invalid' } });
    expect(quota('0')).toMatchObject({ ok: false, fieldErrors: { amount: 'validation.invalid' } });
    expect(quota('-5')).toMatchObject({ ok: false, fieldErrors: { reason: 'validation.reasonRequired' } });
    expect(quota('-5', 'refund of a mistake')).toMatchObject({ ok: true });
  });
});

describe('credit lists', () => {
  const request: ListRequest = {
    search: 'lay',
    page: 3,
    page_size: 20,
    ordering: '-amount',
    filters: { kind: 'refund' },
  };

  it('sends search, kind and an allowed ordering, and drops an unknown kind', async () => {
    const call = vi.fn(async () => ({ count: 0, results: [] }));
    await listStatement(call as unknown as Call, request);
    await listStatement(call as unknown as Call, {
      ...request,
      ordering: 'email',
      filters: { kind: 'bogus' },
    });
    expect(call.mock.calls.map((args) => (args as unknown[])[1])).toEqual([
      { query: { page: 3, page_size: 20, search: 'lay', kind: 'refund', ordering: '-amount' } },
      { query: { page: 3, page_size: 20, search: 'lay' } },
    ]);
  });

  it('fetches every page for an export, at the largest page size', async () => {
    const entry = (id: string) => ({ id }) as never;
    const fetchPage = vi.fn(async ({ page }: ListRequest) => ({
      count: 3,
      results: page === 1 ? [entry('a'), entry('b')] : [entry('c')],
    }));
    const rows = await fetchAllEntries(fetchPage, request);
    expect(rows.map((row) => (row as { id: string }).id)).toEqual(['a', 'b', 'c']);
    expect(fetchPage.mock.calls.map(([query]) => [query.page, query.page_size, query.filters])).toEqual([
      [1, 200, { kind: 'refund' }],
      [2, 200, { kind: 'refund' }],
    ]);
  });

  it('writes CSV that spreadsheets cannot run as formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['=HYPERLINK("x")', -3],
          [null, 'line\nbreak'],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n"\'=HYPERLINK(""x"")",-3\r\n,"line\nbreak"\r\n');
  });
});
