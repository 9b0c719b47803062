import type {
  CreditPackage,
  OrderDetail,
  OrderStatus,
  PaymentOptions,
} from '../../contract/payments.contract.ts';

/** An order as GET /payments/orders/{id}/ answers it, in `status`. */
export function orderDetail(status: OrderStatus, extra: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 'order-1',
    user_id: 'u-sender',
    username: 'sender',
    package_id: 'p1',
    status,
    credits: 1000,
    subtotal: 5000,
    tax: 750,
    amount: 5750,
    currency: 'SAR',
    provider: 'manual',
    checkout_url: null,
    receipt_upload_id: null,
    reason: null,
    invoice_number: status === 'paid' || status === 'refunded' ? 7 : null,
    refunded_credits: status === 'refunded' ? 1000 : null,
    paid_at: status === 'paid' || status === 'refunded' ? '2026-11-26T10:00:00.000Z' : null,
    settled_at: status === 'pending' ? null : '2026-11-26T10:00:00.000Z',
    created_at: '2026-11-26T09:00:00.000Z',
    balance: status === 'paid' ? 1100 : 100,
    bank_transfer: null,
    ...extra,
  };
}

export const creditPackages: CreditPackage[] = [
  {
    id: 'p1',
    name_ar: 'باقة الألف',
    name_en: 'Thousand pack',
    credits: 1000,
    price: 5000,
    currency: 'SAR',
    hidden: false,
    created_at: '2026-11-26T08:00:00.000Z',
  },
  {
    id: 'p2',
    name_ar: 'باقة مخفية',
    name_en: 'Hidden pack',
    credits: 10,
    price: 100,
    currency: 'USD',
    hidden: true,
    created_at: '2026-11-26T08:00:00.000Z',
  },
];

export const paymentOptions: PaymentOptions = {
  providers: ['manual', 'stripe'],
  custom: { price_per_credit: 3, currency: 'EGP', min_credits: 10 },
  vat_percent: 15,
  bank_instructions_ar: 'حوّل إلى الحساب SA00',
  bank_instructions_en: 'Transfer to account SA00',
};
