import {
  assign,
  enqueueActions,
  fromCallback,
  sendParent,
  setup,
  stopChild,
  type ActorRefFrom,
} from 'xstate';
import { validationKeys } from '../../../contract/errors.contract.ts';
import type { Upload, UploadKind } from '../../../contract/uploads.contract.ts';
import { notProvided } from '../notify.ts';
import type { UploadItem } from './types.ts';

/** What the upload actor reports back while the file travels. */
export type UploadReport =
  | { type: 'upload.progress'; key: string; progress: number }
  | { type: 'upload.done'; key: string; upload: Upload }
  | {
      type: 'upload.failed';
      key: string;
      errorKey: string;
      errorValues?: Record<string, string | number>;
    };

export type UploadsEvent =
  | { type: 'upload.add'; kind: UploadKind; file: File | null }
  | { type: 'upload.remove'; key: string }
  | UploadReport;

export interface UploadsContext {
  items: UploadItem[];
  /** Makes keys unique across removals. */
  next: number;
  errorKey: string | null;
}

export type UploadFileInput = { key: string; kind: UploadKind; file: File };

/** Checked before a byte leaves: the server judges content and size again. */
function pickProblem(kind: UploadKind, file: File | null): string | null {
  if (!file) return validationKeys.fileRequired;
  if (kind === 'zip' && !/\.zip$/i.test(file.name)) return validationKeys.fileType;
  if (kind === 'image' && !/\.(png|jpe?g|gif|webp)$/i.test(file.name)) return validationKeys.imageType;
  return null;
}

const update = (items: UploadItem[], key: string, change: Partial<UploadItem>) =>
  items.map((item) => (item.key === key ? { ...item, ...change } : item));

/**
 * The attachments step's files (spec §3): any number of zips, one general attachment, one
 * embedded image, each uploaded by its own actor with its progress, several at once. Every change
 * is reported to the wizard (`uploads.changed`), which keeps the list in its draft.
 */
export const uploadsMachine = setup({
  types: {
    context: {} as UploadsContext,
    events: {} as UploadsEvent,
    input: {} as { items: UploadItem[] },
  },
  actions: {
    /** The wizard keeps the list in its draft (and so in local storage). */
    changed: sendParent(({ context }) => ({ type: 'uploads.changed', items: context.items })),
  },
  actors: {
    uploadFile: fromCallback<UploadsEvent, UploadFileInput>(() => notProvided('uploadFile')),
  },
}).createMachine({
  id: 'uploads',
  context: ({ input }) => ({
    // Files still on their way when the page went away are gone: only finished uploads return.
    items: input.items.filter((item) => item.status === 'done'),
    next: input.items.length,
    errorKey: null,
  }),
  on: {
    'upload.add': [
      {
        guard: ({ event }) => pickProblem(event.kind, event.file) !== null,
        actions: assign({ errorKey: ({ event }) => pickProblem(event.kind, event.file) }),
      },
      {
        actions: [
          enqueueActions(({ context, event, enqueue }) => {
            const key = `${event.kind}-${context.next}`;
            // One general attachment and one image: a new pick replaces the old one.
            const replaced =
              event.kind === 'zip' ? [] : context.items.filter((item) => item.kind === event.kind);
            for (const item of replaced) enqueue(stopChild(item.key));
            const item: UploadItem = {
              key,
              kind: event.kind,
              fileName: event.file!.name,
              size: event.file!.size,
              progress: 0,
              status: 'uploading',
              upload: null,
              errorKey: null,
            };
            enqueue.assign({
              items: [...context.items.filter((old) => !replaced.includes(old)), item],
              next: context.next + 1,
              errorKey: null,
            });
            enqueue.spawnChild('uploadFile', {
              id: key,
              input: { key, kind: event.kind, file: event.file! },
            });
          }),
          'changed',
        ],
      },
    ],
    // Unused uploads are removed by the server after a day; dropping one here only forgets it.
    'upload.remove': {
      actions: [
        stopChild(({ event }) => event.key),
        assign({ items: ({ context, event }) => context.items.filter((item) => item.key !== event.key) }),
        'changed',
      ],
    },
    'upload.progress': {
      actions: [
        assign({
          items: ({ context, event }) => update(context.items, event.key, { progress: event.progress }),
        }),
        'changed',
      ],
    },
    'upload.done': {
      actions: [
        assign({
          items: ({ context, event }) =>
            update(context.items, event.key, { progress: 1, status: 'done', upload: event.upload }),
        }),
        'changed',
      ],
    },
    'upload.failed': {
      actions: [
        assign({
          items: ({ context, event }) =>
            update(context.items, event.key, {
              status: 'failed',
              errorKey: event.errorKey,
              ...(event.errorValues ? { errorValues: event.errorValues } : {}),
            }),
        }),
        'changed',
      ],
    },
  },
});

export type UploadsActorRef = ActorRefFrom<typeof uploadsMachine>;
