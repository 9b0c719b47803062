import type { LoginResponse } from '../../contract/auth.contract.ts';
import { MAX_RECEIPT_BYTES } from '../../contract/payments.contract.ts';
import { releaseCampaignUploads, removeUnusedUploads } from '../../server/modules/uploads/uploads.cleanup.ts';
import { multipartFile, tinyPng } from './helpers/files.ts';
import { bearer, createTestApp, engine, type TestApp } from './helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'DELETE';
const DAY = 86_400_000;

describe(`bank-transfer receipts on recharge orders (${engine})`, () => {
  let t: TestApp;
  let admin: LoginResponse;
  let packageId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signInAs('admin');
    packageId = (
      await call(admin, 'POST', '/payments/packages/', {
        name_ar: 'باقة',
        name_en: 'Pack',
        credits: 100,
        price: 1000,
        currency: 'SAR',
      })
    ).json().id;
  });
  afterAll(() => t.close());

  const call = (who: LoginResponse, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who.access), ...(payload ? { payload } : {}) });

  const upload = async (who: LoginResponse, kind: string, name: string, content: Buffer, type?: string) => {
    const body = multipartFile(name, content, type);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/uploads/?kind=${kind}`,
      headers: { ...bearer(who.access), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };

  const placeOrder = async (who: LoginResponse) => {
    const response = await call(who, 'POST', '/payments/orders/', { package_id: packageId });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>().id;
  };

  const attach = (who: LoginResponse, orderId: string, uploadId: string) =>
    call(who, 'POST', `/payments/orders/${orderId}/receipt/`, { upload_id: uploadId });

  it('lets the payer attach a PNG to its pending order; the payer and administrators read it back', async () => {
    const sender = await t.signInAs('sender');
    const orderId = await placeOrder(sender);
    const image = await upload(sender, 'image', 'transfer.png', tinyPng, 'image/png');
    const attached = await attach(sender, orderId, image);
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({ id: orderId, receipt_upload_id: image, status: 'pending' });

    for (const who of [sender, admin]) {
      const file = await call(who, 'GET', `/payments/orders/${orderId}/receipt/`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toContain('transfer.png');
      expect(file.rawPayload.equals(tinyPng)).toBe(true);
    }
    // The administrator sees that there is one in the order itself (the orders screen reads it).
    const seen = await call(admin, 'GET', `/payments/orders/${orderId}/`);
    expect(seen.json()).toMatchObject({ receipt_upload_id: image });
  });

  it('keeps another sender out: no reading, no attaching, no attaching someone else’s upload', async () => {
    const payer = await t.signInAs('sender');
    const other = await t.signInAs('sender');
    const orderId = await placeOrder(payer);
    const image = await upload(payer, 'image', 'mine.png', tinyPng, 'image/png');
    expect((await attach(payer, orderId, image)).statusCode).toBe(200);

    expect((await call(other, 'GET', `/payments/orders/${orderId}/receipt/`)).statusCode).toBe(404);
    const theirs = await upload(other, 'image', 'theirs.png', tinyPng, 'image/png');
    expect((await attach(other, orderId, theirs)).statusCode).toBe(404);
    // Nor may the payer attach an upload of someone else to its own order.
    const foreign = await attach(payer, orderId, theirs);
    expect(foreign.statusCode).toBe(400);
    // An administrator reads it but does not attach proof on the payer's behalf.
    const byAdmin = await attach(admin, orderId, image);
    expect(byAdmin.statusCode).toBe(404);
    expect((await call(payer, 'GET', `/payments/orders/${orderId}/`)).json().receipt_upload_id).toBe(image);
    // Anonymous callers get nothing either.
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/payments/orders/${orderId}/receipt/` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes a PDF, and refuses other types, files over the limit and settled orders', async () => {
    const sender = await t.signInAs('sender');
    const orderId = await placeOrder(sender);
    const pdf = await upload(sender, 'attachment', 'receipt.pdf', Buffer.from('%PDF-1.4\n% receipt\n'));
    expect((await attach(sender, orderId, pdf)).statusCode).toBe(200);
    const file = await call(sender, 'GET', `/payments/orders/${orderId}/receipt/`);
    expect(file.headers['content-type']).toBe('application/pdf');

    const text = await upload(sender, 'attachment', 'receipt.pdf', Buffer.from('not a pdf at all'));
    expect((await attach(sender, orderId, text)).json().fields).toEqual({ upload_id: 'validation.fileType' });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    const gifId = await upload(sender, 'image', 'receipt.gif', gif, 'image/gif');
    expect((await attach(sender, orderId, gifId)).json().fields).toEqual({
      upload_id: 'validation.fileType',
    });
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_RECEIPT_BYTES)]);
    const bigId = await upload(sender, 'attachment', 'big.pdf', big);
    expect((await attach(sender, orderId, bigId)).json().fields).toEqual({
      upload_id: 'validation.fileTooLarge',
    });

    expect((await call(admin, 'POST', `/payments/orders/${orderId}/mark-paid/`)).statusCode).toBe(200);
    const late = await upload(sender, 'image', 'late.png', tinyPng, 'image/png');
    expect((await attach(sender, orderId, late)).statusCode).toBe(409);
    // The paid order still shows the receipt it was decided on.
    expect((await call(admin, 'GET', `/payments/orders/${orderId}/receipt/`)).statusCode).toBe(200);
  });

  it('answers 404 for an order without a receipt', async () => {
    const sender = await t.signInAs('sender');
    const orderId = await placeOrder(sender);
    expect((await call(sender, 'GET', `/payments/orders/${orderId}/receipt/`)).statusCode).toBe(404);
  });

  it('never lets the uploads cleanup, a campaign’s end or the owner delete an attached receipt', async () => {
    const sender = await t.signInAs('sender');
    const orderId = await placeOrder(sender);
    const receipt = await upload(sender, 'image', 'keep.png', tinyPng, 'image/png');
    const stray = await upload(sender, 'image', 'stray.png', tinyPng, 'image/png');
    expect((await attach(sender, orderId, receipt)).statusCode).toBe(200);

    expect((await call(sender, 'DELETE', `/uploads/${receipt}/`)).statusCode).toBe(409);
    const removed = await removeUnusedUploads(
      t.app.db,
      t.config.dataDir,
      DAY,
      new Date(Date.now() + 2 * DAY),
    );
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await call(sender, 'GET', `/uploads/${stray}/`)).statusCode).toBe(404);
    expect((await call(sender, 'GET', `/uploads/${receipt}/`)).statusCode).toBe(200);

    // Even if the same upload were also used by a campaign, the campaign's end keeps it.
    await t.app.db
      .updateTable('uploads')
      .set({ campaign_id: 'campaign-x' })
      .where('id', '=', receipt)
      .execute();
    await releaseCampaignUploads(t.app.db, t.config.dataDir, 'campaign-x');
    const file = await call(admin, 'GET', `/payments/orders/${orderId}/receipt/`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tinyPng)).toBe(true);
  });
});
