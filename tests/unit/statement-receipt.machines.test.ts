import { createActor, fromPromise } from 'xstate';
import { MAX_RECEIPT_BYTES } from '../../contract/payments.contract.ts';
import { receiptProblem } from '../../src/machines/payments/receipt.machine.ts';
import {
  dayBounds,
  statementMachine,
  type StatementFilters,
} from '../../src/machines/payments/statement.machine.ts';

const summary = {
  user: { id: 'u1', username: 'sam', balance: 5 },
  count: 0,
  credits_in: 0,
  credits_out: 0,
  net: 0,
  opening_balance: 5,
  closing_balance: 5,
};

function start() {
  const loads: StatementFilters[] = [];
  const applied: StatementFilters[] = [];
  const actor = createActor(
    statementMachine.provide({
      actors: {
        loadSummary: fromPromise(async ({ input }) => {
          loads.push(input.filters);
          return summary;
        }),
      },
      actions: { applyFilters: (_, filters) => void applied.push(filters) },
    }),
    { input: { userId: null } },
  ).start();
  return { actor, loads, applied };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('statement machine', () => {
  it('turns local days into the first and last instant of those days', () => {
    const { from, to } = dayBounds('2026-11-01', '2026-11-03');
    expect(new Date(from!).getDate()).toBe(1);
    expect(new Date(from!).getHours()).toBe(0);
    expect(new Date(to!).getDate()).toBe(3);
    expect(new Date(to!).getHours()).toBe(23);
    expect(dayBounds('', 'nonsense')).toEqual({});
  });

  it('applies a type and a range to the list and reloads the totals once per change', async () => {
    const { actor, loads, applied } = start();
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'statement.type', value: 'send' });
    actor.send({ type: 'statement.type', value: 'send' }); // no change, no load
    await settle();
    actor.send({ type: 'statement.range', from: '2026-11-01', to: '2026-11-30' });
    await settle();
    expect(applied).toHaveLength(2);
    expect(applied[1]).toMatchObject({ type: 'send', ...dayBounds('2026-11-01', '2026-11-30') });
    expect(loads).toHaveLength(3);
    actor.send({ type: 'statement.type', value: 'bogus' });
    await settle();
    expect(actor.getSnapshot().context.filters.type).toBeUndefined();
  });

  it('refuses a start after the end without loading, until the range is put right', async () => {
    const { actor, loads, applied } = start();
    await settle();
    actor.send({ type: 'statement.range', from: '2026-11-30', to: '2026-11-01' });
    expect(actor.getSnapshot().context.rangeInvalid).toBe(true);
    expect(actor.getSnapshot().context.days).toEqual({ from: '2026-11-30', to: '2026-11-01' });
    expect(applied).toHaveLength(0);
    expect(loads).toHaveLength(1);
    actor.send({ type: 'statement.range', from: '2026-11-01', to: '2026-11-01' });
    expect(actor.getSnapshot().context.rangeInvalid).toBe(false);
    expect(applied).toHaveLength(1);
  });
});

describe('receipt rules in the browser', () => {
  it('takes PNG, JPEG and PDF up to the limit and says why not otherwise', () => {
    expect(receiptProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(receiptProblem({ name: 'a.jpg', type: 'image/jpeg', size: MAX_RECEIPT_BYTES })).toBeNull();
    expect(receiptProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(receiptProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('payments:receipt.wrongType');
    expect(receiptProblem({ name: 'a.pdf', type: 'application/pdf', size: MAX_RECEIPT_BYTES + 1 })).toBe(
      'payments:receipt.tooLarge',
    );
  });
});
