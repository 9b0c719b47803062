import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { offsetOf } from '../../../contract/list.contract.ts';
import { paymentEndpoints } from '../../../contract/payments.contract.ts';
import { sendDownload } from '../../lib/download.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound, validationFailed } from '../../lib/http-error.ts';
import { creditAlertDeps, notifyCreditAlert, usersBelowThreshold } from './credit-alert.ts';
import * as repo from './payments.repository.ts';
import * as service from './payments.service.ts';
import { attachReceipt, readReceipt } from './receipts.ts';
import { bankAccountRoutes } from './bank-accounts.ts';
import { createStripeClient, manualProvider, stripeProvider, type PaymentProvider } from './providers.ts';

/** Credit packages, recharge orders, the providers' webhooks, invoices and the credit alert (issue 19). */
/** Stripe's default and documented tolerance for `Stripe-Signature` timestamps. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const config = app.appConfig.payments;
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const providers: Partial<Record<'manual' | 'stripe', PaymentProvider>> = { manual: manualProvider };
  if (stripe) providers.stripe = stripeProvider(stripe);
  const deps: service.PaymentDeps = {
    db,
    config,
    publicUrl: app.appConfig.publicUrl,
    providers,
    log: app.log,
    now: app.now,
  };

  route(app, paymentEndpoints.listPackages, async (request) => {
    const rows = await repo.listPackages(db, request.user!.role === 'admin');
    return { count: rows.length, results: rows.map(repo.toPackage) };
  });

  route(app, paymentEndpoints.createPackage, async (request) => {
    const stamp = app.now().toISOString();
    const { hidden, ...fields } = request.body;
    const row = await repo.insertPackage(db, {
      id: randomUUID(),
      ...fields,
      hidden: hidden ? 1 : 0,
      created_at: stamp,
      updated_at: stamp,
    });
    return repo.toPackage(row);
  });

  route(app, paymentEndpoints.updatePackage, async (request) => {
    const { hidden, ...fields } = request.body;
    const row = await repo.updatePackage(db, request.params.id, {
      ...fields,
      ...(hidden !== undefined ? { hidden: hidden ? 1 : 0 } : {}),
      updated_at: app.now().toISOString(),
    });
    if (!row) throw notFound('Package');
    return repo.toPackage(row);
  });

  route(app, paymentEndpoints.options, async () => {
    const settings = await repo.readSettings(db);
    return {
      providers: service.availableProviders(deps),
      custom:
        settings.custom_price_per_credit === null
          ? null
          : {
              price_per_credit: Number(settings.custom_price_per_credit),
              currency: settings.custom_currency,
              min_credits: Number(settings.custom_min_credits),
            },
      vat_percent: config.vatPercent,
      bank_instructions_ar: settings.bank_instructions_ar,
      bank_instructions_en: settings.bank_instructions_en,
    };
  });

  const settingsView = async () => {
    const row = await repo.readSettings(db);
    return {
      bank_instructions_ar: row.bank_instructions_ar,
      bank_instructions_en: row.bank_instructions_en,
      custom_price_per_credit:
        row.custom_price_per_credit === null ? null : Number(row.custom_price_per_credit),
      custom_currency: row.custom_currency,
      custom_min_credits: Number(row.custom_min_credits),
      seller_name: row.seller_name,
      seller_address: row.seller_address,
      seller_tax_number: row.seller_tax_number,
    };
  };
  route(app, paymentEndpoints.settings, settingsView);
  route(app, paymentEndpoints.updateSettings, async (request) => {
    await db
      .updateTable('payment_settings')
      .set({ ...request.body, updated_at: app.now().toISOString() })
      .where('id', '=', 1)
      .execute();
    return settingsView();
  });

  route(app, paymentEndpoints.createOrder, (request) =>
    service.createOrder(deps, request.user!, request.body),
  );

  route(app, paymentEndpoints.listOrders, async (request) => {
    await service.expireStale(deps);
    const { query } = request;
    const viewer = request.user!;
    const ordering = query.ordering ?? '-created_at';
    const page = await repo.listOrders(
      db,
      {
        // A sender only ever sees its own orders, whatever `user` it asks for.
        userId: viewer.role === 'admin' ? query.user : viewer.id,
        status: query.status,
        provider: query.provider,
        from: query.from,
        to: query.to,
        search: query.search,
      },
      {
        offset: offsetOf(query),
        limit: query.page_size,
        orderBy: ordering.replace(/^-/, '') as 'created_at' | 'amount',
        descending: ordering.startsWith('-'),
      },
    );
    return { count: page.count, results: page.results.map(repo.toOrder), totals: page.totals };
  });

  route(app, paymentEndpoints.getOrder, (request) =>
    service.getOrder(deps, request.user!, request.params.id),
  );
  route(app, paymentEndpoints.cancelOrder, (request) =>
    service.cancelOrder(deps, request.user!, request.params.id),
  );
  const receiptDeps = { db, dataDir: app.appConfig.dataDir, now: app.now };
  route(app, paymentEndpoints.attachReceipt, (request) =>
    attachReceipt(receiptDeps, request.user!, request.params.id, request.body.upload_id),
  );
  route(app, paymentEndpoints.receipt, async (request, reply) =>
    sendDownload(reply, await readReceipt(receiptDeps, request.user!, request.params.id)),
  );
  route(app, paymentEndpoints.markPaid, (request) =>
    service.markPaid(deps, request.user!, request.params.id),
  );
  route(app, paymentEndpoints.reject, (request) =>
    service.rejectOrder(deps, request.user!, request.params.id, request.body.reason),
  );
  route(app, paymentEndpoints.refund, async (request) => {
    const { order, language } = await service.refundOrder(
      deps,
      request.user!,
      request.params.id,
      request.body.reason,
    );
    await notifyCreditAlert(creditAlertDeps(app), order.user_id, language);
    return order;
  });
  route(app, paymentEndpoints.invoice, (request) =>
    service.invoiceOf(deps, request.user!, request.params.id),
  );

  bankAccountRoutes(app);

  route(app, paymentEndpoints.creditAlerts, async () => {
    const results = await usersBelowThreshold(db);
    return { count: results.length, results };
  });

  // The webhook needs the body exactly as Stripe signed it: its own JSON parser keeps the bytes.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    route(raw, paymentEndpoints.stripeWebhook, async (request) => {
      if (!stripe || !config.stripe) throw notFound('Stripe');
      const signature = request.headers['stripe-signature'];
      const body = request.body as unknown;
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw new Error('no signature or body');
        // Stripe's documented window: a signed event more than 5 minutes old (by our clock) is
        // refused, so a captured request cannot be replayed later.
        event = stripe.webhooks.constructEvent(
          body,
          signature,
          config.stripe.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          app.now().getTime(),
        );
      } catch {
        throw validationFailed({ signature: 'validation.invalid' });
      }
      const outcome = await service.handleStripeEvent(deps, event);
      request.log.info({ event: event.id, type: event.type, outcome }, 'stripe event');
      return { received: true as const };
    });
  });
};

export default paymentRoutes;
