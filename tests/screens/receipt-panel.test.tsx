import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentEndpoints } from '../../contract/payments.contract.ts';
import { uploadEndpoints } from '../../contract/uploads.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { orderDetail } from '../support/payments-fixtures.ts';
import { renderApp } from '../setup/render.tsx';

const firstLoad = { timeout: 15_000 };
const upload = {
  id: 'up-1',
  kind: 'image',
  file_name: 'transfer.png',
  content_type: 'image/png',
  size: 4,
  entries_count: 0,
  entry_names: [],
  campaign_id: null,
  created_at: '2026-11-26T09:05:00.000Z',
};

describe('bank-transfer receipt', { timeout: 30_000 }, () => {
  let click: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => click.mockRestore());

  it('lets the payer attach a PNG from the result page, refusing other types first, in English', async () => {
    let attached = false;
    const { user, server } = renderApp({
      language: 'en',
      signedInAs: 'sender',
      route: `${paths.payment.success}?order=order-1`,
      routes: {
        [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => ({
          status: 200,
          data: orderDetail('pending', attached ? { receipt_upload_id: 'up-1' } : {}),
        }),
        [routeOf(uploadEndpoints.create)]: () => ({ status: 201, data: upload }),
        [routeOf(paymentEndpoints.attachReceipt, { id: 'order-1' })]: () => {
          attached = true;
          return { status: 200, data: orderDetail('pending', { receipt_upload_id: 'up-1' }) };
        },
      },
    });
    await screen.findByLabelText('Receipt file', {}, firstLoad);
    // Mantine's FileInput is a labelled button over a hidden file input.
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(screen.getByText('No receipt is attached.')).toBeInTheDocument();
    // Past the input's own `accept` (a user can pick "all files"), the panel still refuses it.
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'receipt.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('A receipt must be a PNG, JPEG or PDF file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach receipt' })).toBeDisabled();

    fireEvent.change(input, {
      target: { files: [new File(['\x89PNG'], 'transfer.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Attach receipt' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Attach receipt' }));
    await waitFor(() =>
      expect(server.seen(routeOf(paymentEndpoints.attachReceipt, { id: 'order-1' }))).toHaveLength(1),
    );
    expect(server.seen(routeOf(paymentEndpoints.attachReceipt, { id: 'order-1' }))[0]!.body).toEqual({
      upload_id: 'up-1',
    });
    expect(await screen.findByText('A receipt is attached to this order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the receipt' })).toBeInTheDocument();
  });

  it('shows an administrator the attached receipt from the orders screen, in Arabic', async () => {
    const pending = orderDetail('pending', { receipt_upload_id: 'up-1' });
    const { user, server } = renderApp({
      language: 'ar',
      signedInAs: 'admin',
      route: paths.dashboard.financial.orders,
      routes: {
        [routeOf(paymentEndpoints.listOrders)]: () => ({
          status: 200,
          data: { count: 1, results: [pending], totals: [] },
        }),
        [routeOf(paymentEndpoints.getOrder, { id: 'order-1' })]: () => ({ status: 200, data: pending }),
        [routeOf(paymentEndpoints.receipt, { id: 'order-1' })]: () => ({
          status: 200,
          data: new Blob(['\x89PNG'], { type: 'image/png' }),
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: /order-1/ }, firstLoad));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('هذا الطلب مرفق به إيصال.')).toBeInTheDocument();
    // The administrator reads the receipt but does not attach one for the payer.
    expect(within(dialog).queryByLabelText('ملف الإيصال')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'فتح الإيصال' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.seen(routeOf(paymentEndpoints.receipt, { id: 'order-1' }))).toHaveLength(1);
  });
});
