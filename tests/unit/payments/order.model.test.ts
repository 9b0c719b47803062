import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Order, OrderDetail } from '../../../contract/payments.contract.ts';
import {
  ORDER_POLL_MS,
  orderMachine,
  type OrderAction,
  type OrderContext,
} from '../../../src/machines/payments/order.machine.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { apiError } from '../../support/fixtures.ts';
import { toModelMachine } from '../../support/model-machine.ts';
import { orderDetail } from '../../support/payments-fixtures.ts';

type ModelEvent = { type: string; output?: OrderDetail } & Record<string, unknown>;

const events: ModelEvent[] = [
  { type: 'xstate.done.actor.loadOrder', output: orderDetail('pending') },
  { type: 'xstate.done.actor.loadOrder', output: orderDetail('paid') },
  { type: 'xstate.done.actor.loadOrder', output: orderDetail('refunded') },
  { type: 'xstate.done.actor.loadOrder', output: orderDetail('expired') },
  { type: 'xstate.error.actor.loadOrder' },
  { type: 'order.retry' },
  { type: 'model.after.pollInterval' },
  { type: 'xstate.done.actor.pollOrder', output: orderDetail('pending') },
  { type: 'xstate.done.actor.pollOrder', output: orderDetail('paid') },
  { type: 'xstate.error.actor.pollOrder' },
  { type: 'order.cancel' },
  { type: 'order.markPaid' },
  { type: 'order.reject', reason: 'no transfer arrived' },
  { type: 'order.reject', reason: '  ' },
  { type: 'order.refund' },
  { type: 'xstate.done.actor.actOnOrder' },
  { type: 'xstate.error.actor.actOnOrder' },
];

const model = createTestModel(toModelMachine(orderMachine, { orderId: 'order-1' }), {
  events: events as never,
  serializeState: (snapshot) => {
    const context = snapshot.context as OrderContext;
    return JSON.stringify([snapshot.value, context.order?.status ?? null, context.acting]);
  },
});

/**
 * Every shortest path of the order machine replayed on the real machine: loads and actions end
 * the way the step says, the poll interval passes on a fake clock.
 */
describe('order machine, model-based paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = model.getShortestPaths();
  it('reaches every state of the order', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        [path.state, ...path.steps.map((step) => step.state)].map((state) => JSON.stringify(state.value)),
      ),
    );
    for (const state of [
      'loading',
      'loadFailed',
      'pending',
      'refreshing',
      'paid',
      'closed',
      'refunded',
      'acting',
    ]) {
      expect(reached).toContain(JSON.stringify(state));
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      const load = controlledActor<OrderDetail, { id: string }>();
      const act = controlledActor<Order, { id: string; action: OrderAction; reason: string }>();
      const notices: string[] = [];
      const actor = createActor(
        orderMachine.provide({
          actors: { loadOrder: load.logic, actOnOrder: act.logic },
          actions: { notify: (_, notice) => notices.push(notice.key) },
        }),
        { input: { orderId: 'order-1' } },
      ).start();
      for (const step of path.steps) {
        const event = step.event as ModelEvent;
        if (event.type === 'model.after.pollInterval') vi.advanceTimersByTime(ORDER_POLL_MS);
        else if (event.type.startsWith('xstate.done.actor.') && event.type.endsWith('Order') && event.output)
          load.resolve(event.output);
        else if (
          event.type === 'xstate.error.actor.loadOrder' ||
          event.type === 'xstate.error.actor.pollOrder'
        )
          load.reject(apiError(503, 'errors.unavailable'));
        else if (event.type === 'xstate.done.actor.actOnOrder') act.resolve(orderDetail('paid'));
        else if (event.type === 'xstate.error.actor.actOnOrder') act.reject(apiError(409, 'errors.conflict'));
        else actor.send(event as never);
        await settle();
        expect(actor.getSnapshot().value).toEqual(step.state.value);
      }
      // Every action reaches the server with what was chosen, and always for this order.
      for (const call of act.calls) expect(call.input.id).toBe('order-1');
      const last = act.calls.at(-1);
      if (last?.input.action === 'reject') expect(last.input.reason).toBe('no transfer arrived');
      actor.stop();
    });
  }

  it('polls a pending order until it is paid, and a refused decision reloads the truth', async () => {
    const load = controlledActor<OrderDetail, { id: string }>();
    const act = controlledActor<Order, { id: string; action: OrderAction; reason: string }>();
    const changed: Order[] = [];
    const actor = createActor(
      orderMachine.provide({
        actors: { loadOrder: load.logic, actOnOrder: act.logic },
        actions: { orderChanged: (_, order) => changed.push(order) },
      }),
      { input: { orderId: 'order-1' } },
    ).start();
    load.resolve(orderDetail('pending'));
    await settle();
    expect(actor.getSnapshot().value).toBe('pending');
    vi.advanceTimersByTime(ORDER_POLL_MS);
    expect(load.calls).toHaveLength(2);
    load.resolve(orderDetail('paid'));
    await settle();
    expect(actor.getSnapshot().value).toBe('paid');
    // No more polling once settled.
    vi.advanceTimersByTime(ORDER_POLL_MS * 3);
    expect(load.calls).toHaveLength(2);

    actor.send({ type: 'order.refund' });
    expect(act.last().input).toEqual({ id: 'order-1', action: 'refund', reason: '' });
    act.reject(apiError(409, 'errors.conflict'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(changed).toEqual([]);
    actor.stop();
  });
});
