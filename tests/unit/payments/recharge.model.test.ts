import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CreateOrderRequest, Order } from '../../../contract/payments.contract.ts';
import {
  rechargeMachine,
  totalOf,
  type RechargeCatalog,
  type RechargeContext,
} from '../../../src/machines/payments/recharge.machine.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { apiError } from '../../support/fixtures.ts';
import { toModelMachine } from '../../support/model-machine.ts';
import { creditPackages, orderDetail, paymentOptions } from '../../support/payments-fixtures.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
const catalog: RechargeCatalog = { packages: creditPackages, options: paymentOptions };

const events: ModelEvent[] = [
  { type: 'xstate.done.actor.loadCatalog', output: catalog },
  { type: 'xstate.error.actor.loadCatalog' },
  { type: 'recharge.retry' },
  { type: 'recharge.package', id: 'p1' },
  { type: 'recharge.credits', credits: 50 },
  { type: 'recharge.credits', credits: 5 },
  { type: 'recharge.provider', provider: 'stripe' },
  { type: 'recharge.submit', language: 'en' },
  { type: 'xstate.done.actor.placeOrder' },
  { type: 'xstate.error.actor.placeOrder' },
];

const model = createTestModel(toModelMachine(rechargeMachine), {
  events: events as never,
  serializeState: (snapshot) => {
    const context = snapshot.context as RechargeContext;
    return JSON.stringify([snapshot.value, context.choice, context.provider]);
  },
});

describe('recharge machine, model-based paths', () => {
  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      const load = controlledActor<RechargeCatalog, void>();
      const place = controlledActor<Order, CreateOrderRequest>();
      const opened: Order[] = [];
      const actor = createActor(
        rechargeMachine.provide({
          actors: { loadCatalog: load.logic, placeOrder: place.logic },
          actions: { openCheckout: (_, order) => opened.push(order) },
        }),
      ).start();
      for (const step of path.steps) {
        const event = step.event as ModelEvent;
        if (event.type === 'xstate.done.actor.loadCatalog') load.resolve(catalog);
        else if (event.type === 'xstate.error.actor.loadCatalog')
          load.reject(apiError(503, 'errors.unavailable'));
        else if (event.type === 'xstate.done.actor.placeOrder') place.resolve(orderDetail('pending'));
        else if (event.type === 'xstate.error.actor.placeOrder')
          place.reject(apiError(400, 'errors.validation', { credits: 'validation.invalid' }));
        else actor.send(event as never);
        await settle();
        expect(actor.getSnapshot().value).toEqual(step.state.value);
      }
      // What is ordered is what was chosen, never a hidden package or an amount below the minimum.
      for (const call of place.calls) {
        if ('credits' in call.input) expect(call.input.credits).toBeGreaterThanOrEqual(10);
        else expect(call.input.package_id).toBe('p1');
      }
      if (actor.getSnapshot().matches('placed')) expect(opened).toHaveLength(1);
      else expect(opened).toHaveLength(0);
      actor.stop();
    });
  }
});

describe('recharge total', () => {
  it('adds the VAT line rounded like the server, and refuses hidden packages and small custom amounts', () => {
    expect(totalOf(catalog, { kind: 'package', id: 'p1' })).toEqual({
      credits: 1000,
      subtotal: 5000,
      tax: 750,
      total: 5750,
      currency: 'SAR',
    });
    expect(totalOf(catalog, { kind: 'package', id: 'p2' })).toBeNull();
    expect(totalOf(catalog, { kind: 'custom', credits: 9 })).toBeNull();
    expect(totalOf(catalog, { kind: 'custom', credits: 33 })).toEqual({
      credits: 33,
      subtotal: 99,
      tax: 15,
      total: 114,
      currency: 'EGP',
    });
    expect(
      totalOf({ ...catalog, options: { ...paymentOptions, custom: null } }, { kind: 'custom', credits: 50 }),
    ).toBeNull();
  });
});
