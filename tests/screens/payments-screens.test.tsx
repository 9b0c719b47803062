import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { userEndpoints } from '../../contract/users.contract.ts';
import { bankAccountEndpoints } from '../../contract/bank-accounts.contract.ts';
import { paymentEndpoints, type Order } from '../../contract/payments.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf, unauthorized } from '../support/fake-server.ts';
import { creditPackages, orderDetail, paymentOptions } from '../support/payments-fixtures.ts';
import { renderApp, senderUser, type RenderOptions } from '../setup/render.tsx';

/** The SAR account's instructions as the server gives them for a pending transfer order. */
const transfer = {
  bank_name: 'Al Rajhi',
  iban: 'SA0380000000608010167519',
  beneficiary: 'El Namer Co.',
  reference: 'ELN-ORDER-1',
};

const catalogRoutes = {
  [routeOf(paymentEndpoints.listPackages)]: () => ({
    status: 200,
    data: { count: creditPackages.length, results: creditPackages },
  }),
  [routeOf(paymentEndpoints.options)]: () => ({ status: 200, data: paymentOptions }),
};

function openRecharge(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.financial.recharge,
    ...options,
    routes: {
      ...catalogRoutes,
      [routeOf(paymentEndpoints.createOrder)]: () => ({ status: 201, data: orderDetail('pending') }),
      [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => ({
        status: 200,
        data: orderDetail('pending', { bank_transfer: transfer }),
      }),
      ...options.routes,
    },
  });
}

describe('recharge screen', () => {
  it('shows the visible packages and the total with its VAT line, in Arabic, under one h1', async () => {
    openRecharge({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'طلب شحن' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await screen.findByText('باقة الألف')).toBeInTheDocument();
    expect(screen.queryByText('باقة مخفية')).not.toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'ملخص الطلب' });
    expect(within(summary).getByText('ضريبة القيمة المضافة (15٪)')).toBeInTheDocument();
    expect(within(summary).getByText(/57\.50/)).toBeInTheDocument();
  });

  it('places the chosen order and opens its result page (bank transfer), in English', async () => {
    const { user, server } = openRecharge({ language: 'en' });
    await user.click(await screen.findByRole('radio', { name: 'Bank transfer' }));
    expect(await screen.findByText('Transfer to account SA00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pay \u2066?SAR\s?57\.50\u2069?$/ }));
    await waitFor(() => expect(server.seen(routeOf(paymentEndpoints.createOrder))).toHaveLength(1));
    expect(server.seen(routeOf(paymentEndpoints.createOrder))[0]!.body).toEqual({
      package_id: 'p1',
      provider: 'manual',
      language: 'en',
    });
    // The result page reads the order from the server: pending, with its facts, under a title
    // that says so (issue 37: it read "Payment successful" beside a "Pending" badge).
    expect(await screen.findByRole('heading', { level: 1, name: 'Awaiting payment' })).toBeInTheDocument();
    expect(screen.queryByText('Payment successful')).not.toBeInTheDocument();
    expect(
      await screen.findByText('We are waiting for the payment to be confirmed. This page updates by itself.'),
    ).toBeInTheDocument();
    // Where to send the money, and what to quote.
    const instructions = screen.getByRole('alert', { name: 'Pay by bank transfer' });
    expect(within(instructions).getByText('SA03 8000 0000 6080 1016 7519')).toBeInTheDocument();
    expect(within(instructions).getByText('ELN-ORDER-1')).toBeInTheDocument();
    expect(within(instructions).getByText('El Namer Co.')).toBeInTheDocument();
  });

  it('prices a custom amount and shows the server’s refusal beside it', async () => {
    const { user, server } = openRecharge({
      language: 'en',
      routes: {
        [routeOf(paymentEndpoints.createOrder)]: () => ({
          status: 400,
          data: {
            statusCode: 400,
            code: 'errors.validation',
            message: 'x',
            fields: { credits: 'validation.customAmountOff' },
          },
        }),
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Custom amount' }));
    const input = screen.getByRole('textbox', { name: 'Number of credits' });
    await user.clear(input);
    await user.type(input, '50');
    expect(screen.getByRole('button', { name: /^Pay \u2066?EGP\s?1\.73\u2069?$/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(
      await screen.findByText('Custom amounts are not available; choose a package.', { selector: 'p, div' }),
    ).toBeInTheDocument();
    expect(server.seen(routeOf(paymentEndpoints.createOrder))[0]!.body).toMatchObject({ credits: 50 });
  });
});

describe('payment result pages', () => {
  it.each(['ar', 'en'] as const)(
    'never trust the URL: a failed-page visit shows the paid order (%s)',
    async (language) => {
      const { i18n } = renderApp({
        language,
        signedInAs: 'sender',
        route: `${paths.payment.failed}?order=order-1`,
        routes: {
          [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => ({
            status: 200,
            data: orderDetail('paid'),
          }),
        },
      });
      // The heading follows the order, not the URL (issue 37).
      expect(
        await screen.findByRole('heading', { level: 1, name: i18n.t('payment.success.title') }),
      ).toBeInTheDocument();
      const paid =
        language === 'en' ? 'Payment received: 1,000 credits were added to your balance.' : /أُضيفت/;
      expect(await screen.findByText(paid)).toBeInTheDocument();
      expect(
        // Western digits in Arabic too, as on every other screen (issue 37).
        screen.getByText('1,100'),
      ).toBeInTheDocument();
    },
  );

  it('asks to sign in when the order cannot be read without a session', async () => {
    renderApp({
      language: 'en',
      route: `${paths.payment.success}?order=order-1`,
      routes: { [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => unauthorized },
    });
    expect(await screen.findByText('Sign in to see this order.')).toBeInTheDocument();
  });
});

describe('orders screen', () => {
  const pending: Order = orderDetail('pending');
  it('lets an administrator mark a manual order paid from its dialog, with the paid totals per currency', async () => {
    let status: 'pending' | 'paid' = 'pending';
    const { user, server } = renderApp({
      language: 'en',
      signedInAs: 'admin',
      route: paths.dashboard.financial.orders,
      routes: {
        [routeOf(paymentEndpoints.listOrders)]: () => ({
          status: 200,
          data: {
            count: 1,
            results: [{ ...pending, status }],
            totals: [{ currency: 'SAR', count: 3, amount: 17250, credits: 3000 }],
          },
        }),
        [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => ({
          status: 200,
          data: orderDetail(status),
        }),
        [routeOf(paymentEndpoints.markPaid, { id: 'order-1' })]: () => {
          status = 'paid';
          return { status: 200, data: orderDetail('paid') };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recharge orders' })).toBeInTheDocument();
    expect(await screen.findByText(/SAR: \u2066?SAR\s?172\.50\u2069? in 3 orders/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open order order-1' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Mark as paid' }));
    await waitFor(() =>
      expect(server.seen(routeOf(paymentEndpoints.markPaid, { id: 'order-1' }))).toHaveLength(1),
    );
    expect(await within(dialog).findByRole('link', { name: 'Invoice #7' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
  });

  it('gives a sender no decision buttons, only cancel, in Arabic', async () => {
    const { user } = renderApp({
      language: 'ar',
      signedInAs: 'sender',
      route: paths.dashboard.financial.orders,
      routes: {
        [routeOf(paymentEndpoints.listOrders)]: () => ({
          status: 200,
          data: { count: 1, results: [pending], totals: [] },
        }),
        [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => ({ status: 200, data: pending }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'طلبات الشحن' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'فتح الطلب order-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'إلغاء الطلب' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'تأكيد الدفع' })).not.toBeInTheDocument();
  });
});

describe('credit alert screen', () => {
  it.each(['ar', 'en'] as const)('saves the threshold through the profile (%s)', async (language) => {
    const { user, server, i18n } = renderApp({
      language,
      signedInAs: 'sender',
      route: paths.dashboard.services.creditAlert,
      routes: {
        [routeOf(userEndpoints.updateProfile)]: () => ({
          status: 200,
          data: { ...senderUser, credit_alert_threshold: 250 },
        }),
      },
    });
    const title = language === 'en' ? 'Credit alert' : 'تنبيه الرصيد';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: i18n.t('payments:alert.threshold') });
    await user.clear(input);
    await user.type(input, '250');
    await user.click(screen.getByRole('button', { name: i18n.t('payments:alert.save') }));
    await waitFor(() => expect(server.seen(routeOf(userEndpoints.updateProfile))).toHaveLength(1));
    expect(server.seen(routeOf(userEndpoints.updateProfile))[0]!.body).toEqual({
      credit_alert_threshold: 250,
    });
  });
});

describe('credit alert banner', () => {
  it.each(['ar', 'en'] as const)(
    'shows on the dashboard while the balance is below the threshold (%s)',
    async (language) => {
      const low = { ...senderUser, remaining_quota: 40, credit_alert_threshold: 100 };
      renderApp({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.home,
        routes: { [routeOf(authEndpoints.userStatus)]: () => ({ status: 200, data: low }) },
      });
      const name = language === 'en' ? 'Recharge now' : 'اشحن الآن';
      expect(await screen.findByRole('link', { name })).toHaveAttribute(
        'href',
        paths.dashboard.financial.recharge,
      );
    },
  );

  it('stays away when the balance is at the threshold', async () => {
    renderApp({
      language: 'en',
      signedInAs: 'sender',
      route: paths.dashboard.home,
      routes: {
        [routeOf(authEndpoints.userStatus)]: () => ({
          status: 200,
          data: { ...senderUser, remaining_quota: 100, credit_alert_threshold: 100 },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Recharge now' })).not.toBeInTheDocument();
  });
});

describe('packages screen (administrators)', () => {
  const settings = {
    bank_instructions_ar: '',
    bank_instructions_en: '',
    custom_price_per_credit: null,
    custom_currency: 'SAR',
    custom_min_credits: 1,
    seller_name: '',
    seller_address: '',
    seller_tax_number: '',
  };
  it.each(['ar', 'en'] as const)(
    'lists the packages and saves the bank-transfer instructions (%s)',
    async (language) => {
      const { user, server, i18n } = renderApp({
        language,
        signedInAs: 'admin',
        route: paths.dashboard.financial.packages,
        routes: {
          ...catalogRoutes,
          [routeOf(paymentEndpoints.settings)]: () => ({ status: 200, data: settings }),
          [routeOf(paymentEndpoints.updateSettings)]: (request) => ({
            status: 200,
            data: { ...settings, ...(request.body as object) },
          }),
        },
      });
      const title = language === 'en' ? 'Credit packages' : 'باقات الرصيد';
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(await screen.findByText(language === 'en' ? 'Hidden pack' : 'باقة مخفية')).toBeInTheDocument();
      const field = await screen.findByRole('textbox', {
        name: i18n.t('payments:settings.bank_instructions_en'),
      });
      await user.type(field, 'IBAN SA00');
      await user.click(screen.getByRole('button', { name: i18n.t('payments:settings.save') }));
      await waitFor(() => expect(server.seen(routeOf(paymentEndpoints.updateSettings))).toHaveLength(1));
      expect(server.seen(routeOf(paymentEndpoints.updateSettings))[0]!.body).toMatchObject({
        bank_instructions_en: 'IBAN SA00',
      });
    },
  );

  it("saves a currency's bank account, showing a mistyped IBAN beside its field (issue 37)", async () => {
    let attempts = 0;
    const { user, server } = renderApp({
      language: 'en',
      signedInAs: 'admin',
      route: paths.dashboard.financial.packages,
      routes: {
        ...catalogRoutes,
        [routeOf(paymentEndpoints.settings)]: () => ({ status: 200, data: settings }),
        [routeOf(bankAccountEndpoints.list)]: () => ({ status: 200, data: { results: [] } }),
        [routeOf(bankAccountEndpoints.save, { currency: 'SAR' })]: (request) =>
          (attempts += 1) === 1
            ? {
                status: 400,
                data: {
                  statusCode: 400,
                  code: 'errors.validation',
                  message: 'x',
                  fields: { iban: 'validation.ibanInvalid' },
                },
              }
            : { status: 200, data: { currency: 'SAR', ...(request.body as object) } },
      },
    });
    const sar = await screen.findByRole('group', { name: 'SAR' });
    expect(
      within(sar).getByText('No account: SAR orders show no transfer instructions.'),
    ).toBeInTheDocument();
    await user.type(within(sar).getByRole('textbox', { name: /^Bank/ }), 'Al Rajhi');
    await user.type(within(sar).getByRole('textbox', { name: /^Beneficiary/ }), 'El Namer Co.');
    await user.type(within(sar).getByRole('textbox', { name: /^IBAN/ }), 'SA03 8000');
    await user.click(within(sar).getByRole('button', { name: 'Save the SAR account' }));
    expect(
      await within(sar).findByText('This IBAN is not valid: check its letters and digits.'),
    ).toBeInTheDocument();
    // Nothing typed is lost: the corrected IBAN is sent with the other fields.
    await user.type(within(sar).getByRole('textbox', { name: /^IBAN/ }), ' 0000 6080 1016 7519');
    await user.click(within(sar).getByRole('button', { name: 'Save the SAR account' }));
    await waitFor(() =>
      expect(server.seen(routeOf(bankAccountEndpoints.save, { currency: 'SAR' }))).toHaveLength(2),
    );
    expect(server.seen(routeOf(bankAccountEndpoints.save, { currency: 'SAR' }))[1]!.body).toEqual({
      bank_name: 'Al Rajhi',
      beneficiary: 'El Namer Co.',
      iban: 'SA03 8000 0000 6080 1016 7519',
      reference_prefix: '',
    });
  });
});

describe('invoice screen', () => {
  it.each(['ar', 'en'] as const)(
    'shows the seller, the buyer and the VAT line of a paid order (%s)',
    async (language) => {
      const paid = orderDetail('paid');
      renderApp({
        language,
        signedInAs: 'sender',
        route: paths.dashboard.financial.invoice('order-1'),
        routes: {
          [routeOf(paymentEndpoints.invoice, { id: 'order-1' })]: () => ({
            status: 200,
            data: {
              invoice_number: 7,
              issued_at: '2026-11-26T10:00:00.000Z',
              language: 'ar',
              seller: { name: 'El Namer LLC', address: 'Riyadh', tax_number: '300000000000003' },
              buyer: { username: 'sender', email: 'sender@example.com', organization: null },
              order: paid,
              package_name_ar: 'باقة الألف',
              package_name_en: 'Thousand pack',
              vat_percent: 15,
              bank_transfer: null,
            },
          }),
        },
      });
      const title = language === 'en' ? 'Invoice #7' : 'فاتورة #7';
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText('El Namer LLC')).toBeInTheDocument();
      expect(screen.getByText('300000000000003')).toBeInTheDocument();
      expect(screen.getByText(language === 'en' ? 'Thousand pack' : 'باقة الألف')).toBeInTheDocument();
      expect(
        screen.getByText(language === 'en' ? 'VAT (15%)' : 'ضريبة القيمة المضافة (15٪)'),
      ).toBeInTheDocument();
    },
  );

  it('shows a pending order as a pro-forma with the bank-transfer instructions (issue 37)', async () => {
    renderApp({
      language: 'ar',
      signedInAs: 'sender',
      route: paths.dashboard.financial.invoice('order-1'),
      routes: {
        [routeOf(paymentEndpoints.invoice, { id: 'order-1' })]: () => ({
          status: 200,
          data: {
            invoice_number: null,
            issued_at: null,
            language: 'ar',
            seller: { name: 'El Namer LLC', address: 'Riyadh', tax_number: '' },
            buyer: { username: 'sender', email: 'sender@example.com', organization: null },
            order: orderDetail('pending'),
            package_name_ar: 'باقة الألف',
            package_name_en: 'Thousand pack',
            vat_percent: 15,
            bank_transfer: transfer,
          },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'فاتورة مبدئية' })).toBeInTheDocument();
    const instructions = screen.getByRole('alert', { name: 'الدفع بالتحويل البنكي' });
    expect(within(instructions).getByText('ELN-ORDER-1')).toBeInTheDocument();
    expect(within(instructions).getByText('Al Rajhi')).toBeInTheDocument();
  });
});
