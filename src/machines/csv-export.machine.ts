/**
 * "Export CSV" of a list screen: idle -> exporting -> idle. The `exportRows` actor fetches every
 * page of the list's current query (search and filters included) and builds the file; `saveFile`
 * hands it to the browser. A failure is a toast; the list on screen is untouched either way.
 */
import { fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ListRequest } from './list.machine.ts';
import { failureNotice, notProvided, type Notice } from './notify.ts';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

export const csvExportMachine = setup({
  types: {
    events: {} as { type: 'export.start'; request: ListRequest },
    tags: {} as 'busy',
  },
  actors: {
    exportRows: fromPromise<ExportedFile, ListRequest>(async () => notProvided('exportRows')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    saveFile: (_, _file: ExportedFile) => {},
  },
}).createMachine({
  id: 'csvExport',
  initial: 'idle',
  states: {
    idle: { on: { 'export.start': { target: 'exporting' } } },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'exportRows',
        input: ({ event }) => event.request,
        onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
  },
});

export type CsvExportActorRef = ActorRefFrom<typeof csvExportMachine>;
