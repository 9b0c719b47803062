/**
 * Financial -> Recharge (issue 19): the user picks a package (or a custom number of credits when
 * the administrator allows it) and a payment method, sees the total with its tax line, and pays.
 *
 * `loading` (packages and options) -> `choosing` | `loadFailed` (`recharge.retry`).
 * In `choosing`: `recharge.package {id}`, `recharge.credits {credits}`, `recharge.provider
 * {provider}`, `recharge.submit` (only with a valid choice) -> `placing` -> `placed`, where
 * `openCheckout` sends the payer to the provider (Stripe) or to the order's result page (manual).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type {
  CreateOrderRequest,
  CreditPackage,
  Currency,
  Order,
  PaymentOptions,
  ProviderName,
} from '../../../contract/payments.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export type RechargeChoice = { kind: 'package'; id: string } | { kind: 'custom'; credits: number } | null;

export interface RechargeCatalog {
  packages: CreditPackage[];
  options: PaymentOptions;
}

export interface RechargeContext {
  catalog: RechargeCatalog | null;
  choice: RechargeChoice;
  provider: ProviderName | null;
  order: Order | null;
  errorKey: string | null;
  fieldErrors: Record<string, string>;
}

export type RechargeEvent =
  | { type: 'recharge.retry' }
  | { type: 'recharge.package'; id: string }
  | { type: 'recharge.credits'; credits: number }
  | { type: 'recharge.provider'; provider: ProviderName }
  | { type: 'recharge.submit'; language: 'ar' | 'en' };

export interface RechargeTotal {
  credits: number;
  subtotal: number;
  tax: number;
  total: number;
  currency: Currency;
}

/** The price the server will charge for a choice (same rounding as the server's taxOf). */
export function totalOf(catalog: RechargeCatalog | null, choice: RechargeChoice): RechargeTotal | null {
  if (!catalog || !choice) return null;
  const vat = catalog.options.vat_percent;
  const priced = (credits: number, subtotal: number, currency: Currency) => {
    const tax = Math.round((subtotal * vat) / 100);
    return { credits, subtotal, tax, total: subtotal + tax, currency };
  };
  if (choice.kind === 'package') {
    const found = catalog.packages.find((item) => item.id === choice.id && !item.hidden);
    return found ? priced(found.credits, found.price, found.currency) : null;
  }
  const custom = catalog.options.custom;
  if (!custom || !Number.isInteger(choice.credits) || choice.credits < custom.min_credits) return null;
  return priced(choice.credits, choice.credits * custom.price_per_credit, custom.currency);
}

export const rechargeMachine = setup({
  types: { context: {} as RechargeContext, events: {} as RechargeEvent, tags: {} as 'busy' },
  actors: {
    loadCatalog: fromPromise<RechargeCatalog, void>(async () => notProvided('loadCatalog')),
    placeOrder: fromPromise<Order, CreateOrderRequest>(async () => notProvided('placeOrder')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** Leaves for the provider's checkout page, or the order's result page. */
    openCheckout: (_, _order: Order) => {},
  },
  guards: {
    canPay: ({ context }) => totalOf(context.catalog, context.choice) !== null && context.provider !== null,
  },
}).createMachine({
  id: 'recharge',
  context: { catalog: null, choice: null, provider: null, order: null, errorKey: null, fieldErrors: {} },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: {
          target: 'choosing',
          actions: assign(({ event }) => {
            const visible = event.output.packages.filter((item) => !item.hidden);
            return {
              catalog: event.output,
              errorKey: null,
              provider: event.output.options.providers[0] ?? null,
              choice: visible[0] ? { kind: 'package' as const, id: visible[0].id } : null,
            };
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    loadFailed: { on: { 'recharge.retry': 'loading' } },
    choosing: {
      on: {
        'recharge.package': {
          actions: assign({ choice: ({ event }) => ({ kind: 'package', id: event.id }), fieldErrors: {} }),
        },
        'recharge.credits': {
          actions: assign({
            choice: ({ event }) => ({ kind: 'custom', credits: event.credits }),
            fieldErrors: {},
          }),
        },
        'recharge.provider': { actions: assign({ provider: ({ event }) => event.provider }) },
        'recharge.submit': { guard: 'canPay', target: 'placing' },
      },
    },
    placing: {
      tags: ['busy'],
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context, event }) => {
          const language = event.type === 'recharge.submit' ? event.language : 'ar';
          const provider = context.provider ?? undefined;
          return context.choice?.kind === 'custom'
            ? { credits: context.choice.credits, provider, language }
            : { package_id: context.choice?.kind === 'package' ? context.choice.id : '', provider, language };
        },
        onDone: {
          target: 'placed',
          actions: [
            assign({ order: ({ event }) => event.output }),
            { type: 'openCheckout', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'choosing',
          actions: [
            assign({ fieldErrors: ({ event }) => toAppError(event.error).fields ?? {} }),
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
    placed: { tags: ['busy'] },
  },
});

export type RechargeActorRef = ActorRefFrom<typeof rechargeMachine>;
export type RechargeSnapshot = SnapshotFrom<typeof rechargeMachine>;
