/**
 * One recharge order as the browser follows it (issue 19). It mirrors the server's order states
 * and never trusts a URL: every state comes from the order the server answered.
 *
 * - `loading` -> the state of the order (`pending`, `paid`, `closed` for failed, expired or
 *   cancelled, `refunded`), or `loadFailed` (`order.retry`).
 * - `pending` polls: after `pollInterval` the order is read again, until the provider or an
 *   administrator settles it. `order.cancel` (the owner), `order.markPaid` and `order.reject
 *   {reason}` (administrators, manual provider) act on it.
 * - `paid`: `order.refund` (administrators).
 * - A refused action (409: someone else decided first) reloads the order, so the screen shows
 *   what really happened.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Order, OrderDetail, OrderStatus } from '../../../contract/payments.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export const ORDER_POLL_MS = 3000;

export type OrderAction = 'cancel' | 'markPaid' | 'reject' | 'refund';

export interface OrderContext {
  orderId: string;
  order: OrderDetail | null;
  errorKey: string | null;
  /** The action in flight, for the button that shows it loading. */
  acting: OrderAction | null;
  reason: string;
}

export type OrderEvent =
  | { type: 'order.retry' }
  | { type: 'order.cancel' }
  | { type: 'order.markPaid' }
  | { type: 'order.reject'; reason: string }
  | { type: 'order.refund' }
  | { type: 'order.reload' };

/** Which machine state shows an order in `status`. */
export const stateOfStatus = (status: OrderStatus): 'pending' | 'paid' | 'closed' | 'refunded' =>
  status === 'pending' || status === 'paid' || status === 'refunded' ? status : 'closed';

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as { orderId: string },
    tags: {} as 'busy',
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, { id: string }>(async () => notProvided('loadOrder')),
    actOnOrder: fromPromise<Order, { id: string; action: OrderAction; reason: string }>(async () =>
      notProvided('actOnOrder'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Tells the rest of the page (the balance in the header, a list) that the order changed. */
    orderChanged: (_, _order: Order) => {},
  },
  guards: {
    isPending: ({ context }) => context.order?.status === 'pending',
    isPaid: ({ context }) => context.order?.status === 'paid',
    isRefunded: ({ context }) => context.order?.status === 'refunded',
    hasReason: ({ event }) => event.type === 'order.reject' && String(event.reason ?? '').trim().length > 0,
  },
  delays: { pollInterval: ORDER_POLL_MS },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ orderId: input.orderId, order: null, errorKey: null, acting: null, reason: '' }),
  initial: 'loading',
  on: { 'order.reload': { target: '.loading' } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ id: context.orderId }),
        onDone: {
          target: 'routing',
          actions: assign({ order: ({ event }) => event.output, errorKey: null }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    loadFailed: { on: { 'order.retry': 'loading' } },
    routing: {
      always: [
        { guard: 'isPending', target: 'pending' },
        { guard: 'isPaid', target: 'paid' },
        { guard: 'isRefunded', target: 'refunded' },
        { target: 'closed' },
      ],
    },
    pending: {
      after: { pollInterval: 'refreshing' },
      on: {
        'order.cancel': { target: 'acting', actions: assign({ acting: 'cancel', reason: '' }) },
        'order.markPaid': { target: 'acting', actions: assign({ acting: 'markPaid', reason: '' }) },
        'order.reject': {
          guard: 'hasReason',
          target: 'acting',
          actions: assign({ acting: 'reject', reason: ({ event }) => event.reason.trim() }),
        },
      },
    },
    // A poll that fails keeps the page as it was and tries again at the next interval.
    refreshing: {
      invoke: {
        id: 'pollOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ id: context.orderId }),
        onDone: { target: 'routing', actions: assign({ order: ({ event }) => event.output }) },
        onError: { target: 'pending' },
      },
    },
    paid: {
      on: { 'order.refund': { target: 'acting', actions: assign({ acting: 'refund', reason: '' }) } },
    },
    closed: {},
    refunded: {},
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'actOnOrder',
        src: 'actOnOrder',
        input: ({ context }) => ({
          id: context.orderId,
          action: context.acting ?? 'cancel',
          reason: context.reason,
        }),
        onDone: {
          target: 'loading',
          actions: [
            { type: 'orderChanged', params: ({ event }) => event.output },
            {
              type: 'notify',
              params: ({ context }) => ({ kind: 'success', key: `payments:done.${context.acting}` }),
            },
            assign({ acting: null }),
          ],
        },
        onError: {
          target: 'loading',
          actions: [
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            assign({ acting: null }),
          ],
        },
      },
    },
  },
});

export type OrderActorRef = ActorRefFrom<typeof orderMachine>;
export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;
