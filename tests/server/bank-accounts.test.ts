import type { LoginResponse } from '../../contract/auth.contract.ts';
import { ibanChecksumHolds } from '../../contract/bank-accounts.contract.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
// A valid Saudi IBAN (mod-97 check holds), as people type it: spaces and lower case.
const IBAN = 'sa03 8000 0000 6080 1016 7519';

describe(`bank-transfer instructions per currency, on the order and its invoice (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  let packageId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('admin');
    const created = await call(admin, 'POST', '/payments/packages/', {
      name_ar: 'باقة',
      name_en: 'Pack',
      credits: 1000,
      price: 5000,
      currency: 'SAR',
    });
    packageId = created.json().id;
  });
  afterAll(() => t.close());

  const call = (who: LoginResponse, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  const account = {
    bank_name: 'Al Rajhi',
    iban: IBAN,
    beneficiary: 'El Namer Co.',
    reference_prefix: 'ELN-',
  };

  it('lets only administrators set an account, and refuses a mistyped IBAN with a translated key', async () => {
    const sender = await t.signInAs('sender');
    expect((await call(sender, 'PUT', '/payments/bank-accounts/SAR/', account)).statusCode).toBe(403);
    expect((await call(sender, 'GET', '/payments/bank-accounts/')).statusCode).toBe(403);
    const mistyped = await call(admin, 'PUT', '/payments/bank-accounts/SAR/', {
      ...account,
      iban: 'SA03 8000 0000 6080 1016 7518',
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().fields).toMatchObject({ iban: 'validation.ibanInvalid' });
    const saved = await call(admin, 'PUT', '/payments/bank-accounts/SAR/', account);
    expect(saved.json()).toMatchObject({ currency: 'SAR', iban: 'SA0380000000608010167519' });
    // Saving again replaces the currency's account rather than adding one.
    await call(admin, 'PUT', '/payments/bank-accounts/SAR/', { ...account, bank_name: 'SNB' });
    const listed = (await call(admin, 'GET', '/payments/bank-accounts/')).json();
    expect(listed.results).toEqual([
      { ...account, currency: 'SAR', bank_name: 'SNB', iban: 'SA0380000000608010167519' },
    ]);
  });

  it('shows a pending transfer order its currency account and reference; its pro-forma invoice too', async () => {
    await call(admin, 'PUT', '/payments/bank-accounts/SAR/', account);
    const sender = await t.signInAs('sender');
    const order = (await call(sender, 'POST', '/payments/orders/', { package_id: packageId })).json();
    const reference = `ELN-${order.id.slice(0, 8).toUpperCase()}`;
    const detail = (await call(sender, 'GET', `/payments/orders/${order.id}/`)).json();
    expect(detail.bank_transfer).toEqual({
      bank_name: 'Al Rajhi',
      iban: 'SA0380000000608010167519',
      beneficiary: 'El Namer Co.',
      reference,
    });
    // Before: "the requested item does not exist" for a pending order's invoice.
    const proForma = await call(sender, 'GET', `/payments/orders/${order.id}/invoice/`);
    expect(proForma.statusCode).toBe(200);
    expect(proForma.json()).toMatchObject({
      invoice_number: null,
      issued_at: null,
      bank_transfer: { reference },
    });

    // Paid: a numbered invoice, and nothing left to transfer.
    await call(admin, 'POST', `/payments/orders/${order.id}/mark-paid/`);
    expect((await call(sender, 'GET', `/payments/orders/${order.id}/`)).json().bank_transfer).toBeNull();
    const invoice = (await call(sender, 'GET', `/payments/orders/${order.id}/invoice/`)).json();
    expect(invoice).toMatchObject({ invoice_number: expect.any(Number), bank_transfer: null });
  });

  it('shows no instructions once the currency has no account, and a cancelled order has no invoice', async () => {
    expect((await call(admin, 'DELETE', '/payments/bank-accounts/SAR/')).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', '/payments/bank-accounts/SAR/')).statusCode).toBe(404);
    const sender = await t.signInAs('sender');
    const order = (await call(sender, 'POST', '/payments/orders/', { package_id: packageId })).json();
    expect((await call(sender, 'GET', `/payments/orders/${order.id}/`)).json().bank_transfer).toBeNull();
    await call(sender, 'POST', `/payments/orders/${order.id}/cancel/`);
    expect((await call(sender, 'GET', `/payments/orders/${order.id}/invoice/`)).statusCode).toBe(404);
  });

  it('checks IBANs by ISO 13616 mod 97', () => {
    expect(ibanChecksumHolds('GB82WEST12345698765432')).toBe(true);
    expect(ibanChecksumHolds('GB82WEST12345698765433')).toBe(false);
  });
});
