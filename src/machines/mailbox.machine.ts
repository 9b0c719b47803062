/**
 * The Mailbox screen's behaviour beside its list (the list machine owns search and paging):
 * - `viewer`: `mail.open {id}` loads one message, `mail.close` closes it, `mail.retry` after a
 *   failed load. Opening another message while one loads cancels the first load.
 * - `download`: `mail.download {file}` fetches the .eml or an attachment as a blob and hands it
 *   to `saveFile`; one at a time, failures become a toast.
 * - `clearing`: `mailbox.clear.request` -> `mailbox.clear.confirm | mailbox.clear.cancel`; after
 *   emptying, the list reloads and any open message closes.
 * - `status`: whether the built-in capture server feeds the mailbox (no SMTP_URL), read once.
 */
import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CapturedMailDetail, MailboxStatus } from '../../contract/mailbox.contract.ts';
import { toAppError } from '../lib/app-error.ts';
import type { ListActorRef } from './list.machine.ts';
import { failureNotice, notProvided, type Notice } from './notify.ts';

/** What to download (the downloadFile actor's input): the whole message (.eml) or one attachment by its index. */
export type MailFile =
  | { id: string; kind: 'raw'; fileName: string }
  | { id: string; kind: 'attachment'; index: number; fileName: string };

export interface MailboxContext {
  list: ListActorRef;
  openId: string | null;
  message: CapturedMailDetail | null;
  errorKey: string | null;
  downloading: MailFile | null;
  capturing: boolean | null;
}

export type MailboxEvent =
  | { type: 'mail.open'; id: string }
  | { type: 'mail.close' }
  | { type: 'mail.retry' }
  | { type: 'mail.download'; file: MailFile }
  | { type: 'mailbox.clear.request' }
  | { type: 'mailbox.clear.confirm' }
  | { type: 'mailbox.clear.cancel' };

export const mailboxMachine = setup({
  types: {
    context: {} as MailboxContext,
    events: {} as MailboxEvent,
    input: {} as { list: ListActorRef },
  },
  actors: {
    loadMessage: fromPromise<CapturedMailDetail, { id: string }>(async () => notProvided('loadMessage')),
    downloadFile: fromPromise<Blob, MailFile>(async () => notProvided('downloadFile')),
    clearMailbox: fromPromise<unknown, void>(async () => notProvided('clearMailbox')),
    loadStatus: fromPromise<MailboxStatus, void>(async () => notProvided('loadStatus')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    saveFile: (_, _file: { blob: Blob; fileName: string }) => {},
    refreshList: sendTo(({ context }) => context.list, { type: 'list.refresh' }),
  },
}).createMachine({
  id: 'mailbox',
  type: 'parallel',
  context: ({ input }) => ({
    list: input.list,
    openId: null,
    message: null,
    errorKey: null,
    downloading: null,
    capturing: null,
  }),
  states: {
    viewer: {
      initial: 'closed',
      on: {
        'mail.open': {
          target: '.loading',
          reenter: true,
          actions: assign(({ event }) => ({ openId: event.id, message: null, errorKey: null })),
        },
      },
      states: {
        closed: {},
        loading: {
          invoke: {
            src: 'loadMessage',
            input: ({ context }) => ({ id: context.openId ?? '' }),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ message: event.output })) },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ errorKey: toAppError(event.error).code })),
            },
          },
          on: { 'mail.close': { target: 'closed', actions: assign({ openId: null }) } },
        },
        ready: {
          on: { 'mail.close': { target: 'closed', actions: assign({ openId: null, message: null }) } },
        },
        failed: {
          on: {
            'mail.retry': { target: 'loading' },
            'mail.close': { target: 'closed', actions: assign({ openId: null, errorKey: null }) },
          },
        },
      },
    },
    download: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'mail.download': {
              target: 'downloading',
              actions: assign(({ event }) => ({ downloading: event.file })),
            },
          },
        },
        // `downloading` is cleared by each outcome, not on exit: exit runs before the save reads it.
        downloading: {
          invoke: {
            src: 'downloadFile',
            input: ({ context }) => context.downloading!,
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'saveFile',
                  params: ({ context, event }) => ({
                    blob: event.output,
                    fileName: context.downloading!.fileName,
                  }),
                },
                assign({ downloading: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'notify', params: ({ event }) => failureNotice(event.error) },
                assign({ downloading: null }),
              ],
            },
          },
        },
      },
    },
    clearing: {
      initial: 'idle',
      states: {
        idle: { on: { 'mailbox.clear.request': 'confirming' } },
        confirming: {
          on: { 'mailbox.clear.cancel': 'idle', 'mailbox.clear.confirm': 'clearing' },
        },
        clearing: {
          invoke: {
            src: 'clearMailbox',
            onDone: {
              target: 'idle',
              actions: [
                'refreshList',
                { type: 'notify', params: { kind: 'success', key: 'mailbox:cleared' } },
                assign({ openId: null, message: null }),
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            },
          },
        },
      },
    },
    status: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadStatus',
            onDone: {
              target: 'known',
              actions: assign(({ event }) => ({ capturing: event.output.capturing })),
            },
            // Not knowing only hides the hint; the mailbox itself still works.
            onError: { target: 'known' },
          },
        },
        known: {},
      },
    },
  },
});

export type MailboxActorRef = ActorRefFrom<typeof mailboxMachine>;
export type MailboxSnapshot = SnapshotFrom<typeof mailboxMachine>;

export const selectOpenMessage = (snapshot: MailboxSnapshot) => snapshot.context.message;
export const selectViewerOpen = (snapshot: MailboxSnapshot) => !snapshot.matches({ viewer: 'closed' });
export const selectViewerLoading = (snapshot: MailboxSnapshot) => snapshot.matches({ viewer: 'loading' });
export const selectViewerError = (snapshot: MailboxSnapshot) =>
  snapshot.matches({ viewer: 'failed' }) ? snapshot.context.errorKey : null;
export const selectDownloading = (snapshot: MailboxSnapshot) => snapshot.context.downloading;
export const selectConfirmingClear = (snapshot: MailboxSnapshot) =>
  snapshot.matches({ clearing: 'confirming' }) || snapshot.matches({ clearing: 'clearing' });
export const selectClearing = (snapshot: MailboxSnapshot) => snapshot.matches({ clearing: 'clearing' });
export const selectCapturing = (snapshot: MailboxSnapshot) => snapshot.context.capturing;
