/**
 * The bank-transfer receipt of a recharge order (issue 19, manual provider).
 *
 * - `idle`: `receipt.choose {file}` keeps a PNG, JPEG or PDF of at most MAX_RECEIPT_BYTES, and
 *   otherwise says why not (`problem`); `receipt.attach` sends the kept file (the payer, while
 *   the order is pending); `receipt.open` fetches the attached receipt to look at (the payer and
 *   administrators).
 * - `attaching`: upload, then attach to the order; the changed order goes to `attached` and the
 *   file is forgotten. A refusal is a toast and the file stays chosen, to try again.
 * - `opening`: the file comes from the server and is handed to `showFile`.
 * The server checks the same rules again by the file's content; these only spare a useless upload.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { MAX_RECEIPT_BYTES, RECEIPT_TYPES, type Order } from '../../../contract/payments.contract.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

/** What the machine reads of a chosen file (a browser File has these). */
export type ReceiptFile = { name: string; type: string; size: number };

export interface ReceiptContext {
  orderId: string;
  file: ReceiptFile | null;
  problem: string | null;
}

export type ReceiptEvent =
  | { type: 'receipt.choose'; file: ReceiptFile | null }
  | { type: 'receipt.attach' }
  | { type: 'receipt.open' };

/** Why a file cannot be a receipt (an i18n key), or null when it can. */
export function receiptProblem(file: ReceiptFile): string | null {
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) return 'payments:receipt.wrongType';
  if (file.size > MAX_RECEIPT_BYTES) return 'payments:receipt.tooLarge';
  return null;
}

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    events: {} as ReceiptEvent,
    input: {} as { orderId: string },
    tags: {} as 'busy',
  },
  actors: {
    attachReceipt: fromPromise<Order, { orderId: string; file: ReceiptFile }>(async () =>
      notProvided('attachReceipt'),
    ),
    fetchReceipt: fromPromise<{ blob: Blob; fileName: string }, { orderId: string }>(async () =>
      notProvided('fetchReceipt'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The order now carries the receipt (the dialog reloads it). */
    attached: (_, _order: Order) => {},
    showFile: (_, _file: { blob: Blob; fileName: string }) => {},
  },
  guards: {
    isReceipt: ({ event }) =>
      event.type === 'receipt.choose' && event.file !== null && !receiptProblem(event.file),
    hasFile: ({ context }) => context.file !== null,
  },
}).createMachine({
  id: 'receipt',
  context: ({ input }) => ({ orderId: input.orderId, file: null, problem: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'receipt.choose': [
          { guard: 'isReceipt', actions: assign({ file: ({ event }) => event.file, problem: null }) },
          {
            actions: assign({
              file: null,
              problem: ({ event }) => (event.file ? receiptProblem(event.file) : null),
            }),
          },
        ],
        'receipt.attach': { guard: 'hasFile', target: 'attaching' },
        'receipt.open': { target: 'opening' },
      },
    },
    attaching: {
      tags: ['busy'],
      invoke: {
        id: 'attachReceipt',
        src: 'attachReceipt',
        input: ({ context }) => ({ orderId: context.orderId, file: context.file! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ file: null }),
            { type: 'attached', params: ({ event }) => event.output },
            { type: 'notify', params: { kind: 'success', key: 'payments:receipt.attached' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
    opening: {
      tags: ['busy'],
      invoke: {
        id: 'fetchReceipt',
        src: 'fetchReceipt',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'idle', actions: { type: 'showFile', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
  },
});

export type ReceiptActorRef = ActorRefFrom<typeof receiptMachine>;
