import type { AxiosInstance } from 'axios';
import { pathOf } from '../../contract/endpoint.ts';
import type { Page } from '../../contract/list.contract.ts';
import {
  paymentEndpoints,
  type CreateOrderRequest,
  type Order,
  type OrderPage,
  type OrderStatus,
  type ProviderName,
} from '../../contract/payments.contract.ts';
import type { ListRequest } from '../machines/list.machine.ts';
import type { OrderAction } from '../machines/payments/order.machine.ts';
import type { RechargeCatalog } from '../machines/payments/recharge.machine.ts';
import type { Call } from './http.ts';
import { uploadWithProgress } from './send.service.ts';

/** Payments (issue 19): packages, options, orders and the decisions on them. */
export async function loadRechargeCatalog(call: Call, signal?: AbortSignal): Promise<RechargeCatalog> {
  const [packages, options] = await Promise.all([
    call(paymentEndpoints.listPackages, {}, signal),
    call(paymentEndpoints.options, {}, signal),
  ]);
  return { packages: packages.results, options };
}

export const placeOrder = (call: Call, body: CreateOrderRequest, signal?: AbortSignal) =>
  call(paymentEndpoints.createOrder, { body }, signal);

export const getOrder = (call: Call, id: string, signal?: AbortSignal) =>
  call(paymentEndpoints.getOrder, { params: { id } }, signal);

export const getInvoice = (call: Call, id: string, signal?: AbortSignal) =>
  call(paymentEndpoints.invoice, { params: { id } }, signal);

export function actOnOrder(
  call: Call,
  input: { id: string; action: OrderAction; reason: string },
  signal?: AbortSignal,
): Promise<Order> {
  const params = { id: input.id };
  switch (input.action) {
    case 'cancel':
      return call(paymentEndpoints.cancelOrder, { params }, signal);
    case 'markPaid':
      return call(paymentEndpoints.markPaid, { params }, signal);
    case 'reject':
      return call(paymentEndpoints.reject, { params, body: { reason: input.reason } }, signal);
    case 'refund':
      return call(paymentEndpoints.refund, { params, body: {} }, signal);
  }
}

const STATUSES: readonly string[] = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'];
const PROVIDERS: readonly string[] = ['manual', 'stripe'];

/** One page of orders (own, or everyone's for administrators) with the paid totals per currency. */
export function listOrders(call: Call, request: ListRequest, signal?: AbortSignal): Promise<OrderPage> {
  const { status, provider } = request.filters;
  return call(
    paymentEndpoints.listOrders,
    {
      query: {
        page: request.page,
        page_size: request.page_size,
        ...(request.search ? { search: request.search } : {}),
        ...(request.ordering === 'created_at' ||
        request.ordering === '-created_at' ||
        request.ordering === 'amount' ||
        request.ordering === '-amount'
          ? { ordering: request.ordering }
          : {}),
        ...(status && STATUSES.includes(status) ? { status: status as OrderStatus } : {}),
        ...(provider && PROVIDERS.includes(provider) ? { provider: provider as ProviderName } : {}),
      },
    },
    signal,
  );
}

export type OrdersPage = Page<Order> & Pick<OrderPage, 'totals'>;

/** The payer's receipt: uploaded as an image (PNG, JPEG) or a file (PDF), then attached to the order. */
export async function attachReceiptFile(
  http: AxiosInstance,
  call: Call,
  input: { orderId: string; file: File },
  signal: AbortSignal,
): Promise<Order> {
  const kind = input.file.type === 'application/pdf' ? 'attachment' : 'image';
  const upload = await uploadWithProgress(http, { kind, file: input.file }, () => {}, signal);
  return call(
    paymentEndpoints.attachReceipt,
    { params: { id: input.orderId }, body: { upload_id: upload.id } },
    signal,
  );
}

/** The receipt attached to an order, as a file to look at. */
export async function fetchReceipt(http: AxiosInstance, orderId: string, signal?: AbortSignal) {
  const response = await http.get<Blob>(pathOf(paymentEndpoints.receipt, { id: orderId }), {
    responseType: 'blob',
    headers: { Accept: '*/*' },
    ...(signal ? { signal } : {}),
  });
  const type = response.data.type;
  const extension = type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg';
  return { blob: response.data, fileName: `receipt-${orderId.slice(0, 8)}.${extension}` };
}
