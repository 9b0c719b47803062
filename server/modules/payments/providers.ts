import Stripe from 'stripe';
import type { ProviderName } from '../../../contract/payments.contract.ts';
import type { PaymentsConfig } from '../../config.ts';
import type { OrderRow } from './payments.repository.ts';

/**
 * A payment provider starts the payment of an order. How an order becomes paid differs: the
 * manual provider waits for an administrator's decision, Stripe for its signed webhook; both
 * end in the same guarded transition (payments.service.ts), which grants the credits.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  begin(
    order: OrderRow,
    context: { publicUrl: string; description: string },
  ): Promise<{ providerRef: string | null; checkoutUrl: string | null }>;
}

/** The app's payment result pages (a hash router): they load the order and never trust the URL. */
export const resultUrl = (publicUrl: string, outcome: 'success' | 'failed', orderId: string) =>
  `${publicUrl}/#/payment/${outcome}?order=${encodeURIComponent(orderId)}`;

/** Bank transfer: the payer follows the administrator's instructions; an administrator decides. */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  begin: async (order, { publicUrl }) => ({
    providerRef: null,
    checkoutUrl: resultUrl(publicUrl, 'success', order.id),
  }),
};

export function createStripeClient(config: NonNullable<PaymentsConfig['stripe']>): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe Checkout: one session per order, in the order's currency and minor units. */
export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    begin: async (order, { publicUrl, description }) => {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.id,
          metadata: { order_id: order.id },
          locale: order.language === 'ar' ? 'auto' : 'en',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: Number(order.amount),
                product_data: { name: description },
              },
            },
          ],
          success_url: resultUrl(publicUrl, 'success', order.id),
          cancel_url: resultUrl(publicUrl, 'failed', order.id),
        },
        // A retried create (a lost answer) must not open a second session for the same order.
        { idempotencyKey: `order-${order.id}` },
      );
      return { providerRef: session.id, checkoutUrl: session.url };
    },
  };
}
