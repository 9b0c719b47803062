import { fromPromise } from 'xstate';
import { paymentEndpoints } from '../../../contract/payments.contract.ts';
import type { Order } from '../../../contract/payments.contract.ts';
import type { Notify } from '../../machines/notify.ts';
import { invoiceMachine } from '../../machines/payments/invoice.machine.ts';
import { orderMachine } from '../../machines/payments/order.machine.ts';
import { paymentSettingsMachine } from '../../machines/payments/payment-settings.machine.ts';
import { rechargeMachine } from '../../machines/payments/recharge.machine.ts';
import { receiptMachine } from '../../machines/payments/receipt.machine.ts';
import { statementMachine, type StatementFilters } from '../../machines/payments/statement.machine.ts';
import type { Call } from '../../services/http.ts';
import type { AxiosInstance } from 'axios';
import { saveBlob } from '../../services/mailbox.service.ts';
import {
  actOnOrder,
  attachReceiptFile,
  fetchReceipt,
  getInvoice,
  getOrder,
  loadRechargeCatalog,
  placeOrder,
} from '../../services/payments.service.ts';
import { loadStatementSummary } from '../../services/statement.service.ts';

/** The order machine with its real calls; `orderChanged` lets the page refresh what depends on it. */
export function provideOrder({
  call,
  notify,
  orderChanged = () => {},
}: {
  call: Call;
  notify: Notify;
  orderChanged?: (order: Order) => void;
}) {
  return orderMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input, signal }) => getOrder(call, input.id, signal)),
      actOnOrder: fromPromise(({ input, signal }) => actOnOrder(call, input, signal)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      orderChanged: (_, order) => orderChanged(order),
    },
  });
}

/** The recharge machine with its real calls; `openCheckout` leaves for the payment page. */
export function provideRecharge({
  call,
  notify,
  openCheckout,
}: {
  call: Call;
  notify: Notify;
  openCheckout: (order: Order) => void;
}) {
  return rechargeMachine.provide({
    actors: {
      loadCatalog: fromPromise(({ signal }) => loadRechargeCatalog(call, signal)),
      placeOrder: fromPromise(({ input, signal }) => placeOrder(call, input, signal)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      openCheckout: (_, order) => openCheckout(order),
    },
  });
}

/** The invoice machine with its real call; printing is the browser's own (print or save as PDF). */
export function provideInvoice({ call }: { call: Call }) {
  return invoiceMachine.provide({
    actors: { loadInvoice: fromPromise(({ input, signal }) => getInvoice(call, input.id, signal)) },
    actions: { print: () => window.print() },
  });
}

/** The payment settings form with its real calls (administrators). */
export function providePaymentSettings({ call, notify }: { call: Call; notify: Notify }) {
  return paymentSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(({ signal }) => call(paymentEndpoints.settings, {}, signal)),
      saveSettings: fromPromise(({ input, signal }) =>
        call(paymentEndpoints.updateSettings, { body: input }, signal),
      ),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
}

/** The statement machine with its real call; `applyFilters` puts the list of lines on the same filters. */
export function provideStatement({
  call,
  applyFilters,
}: {
  call: Call;
  applyFilters: (filters: StatementFilters) => void;
}) {
  return statementMachine.provide({
    actors: {
      loadSummary: fromPromise(({ input, signal }) => loadStatementSummary(call, input, signal)),
    },
    actions: { applyFilters: (_, filters) => applyFilters(filters) },
  });
}

/** The receipt machine with its real calls; an opened receipt is handed to the browser as a file. */
export function provideReceipt({
  call,
  connection,
  notify,
  attached,
}: {
  call: Call;
  connection: () => Promise<AxiosInstance>;
  notify: Notify;
  attached: (order: Order) => void;
}) {
  return receiptMachine.provide({
    actors: {
      // The machine keeps what it reads of the file; the file itself is the browser's File.
      attachReceipt: fromPromise(async ({ input, signal }) =>
        attachReceiptFile(
          await connection(),
          call,
          { orderId: input.orderId, file: input.file as File },
          signal,
        ),
      ),
      fetchReceipt: fromPromise(async ({ input, signal }) =>
        fetchReceipt(await connection(), input.orderId, signal),
      ),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      attached: (_, order) => attached(order),
      showFile: (_, file) => saveBlob(file.blob, file.fileName),
    },
  });
}
