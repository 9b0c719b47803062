import type { AxiosInstance } from 'axios';
import { fromPromise } from 'xstate';
import type { InboundReport, Suppression } from '../../../contract/suppressions.contract.ts';
import { csvExportMachine } from '../../machines/csv-export.machine.ts';
import { provideList } from '../../machines/list.machine.ts';
import type { Notify } from '../../machines/notify.ts';
import { addSuppressionsMachine } from '../../machines/suppressions/add-suppressions.machine.ts';
import { releaseSuppressionsMachine } from '../../machines/suppressions/release-suppressions.machine.ts';
import type { Call } from '../../services/http.ts';
import { saveBlob } from '../../services/mailbox.service.ts';
import {
  addSuppressions,
  downloadSuppressions,
  listInboundReports,
  listSuppressions,
  releaseSuppressions,
  removeSuppression,
} from '../../services/suppressions.service.ts';

/** The suppression list screen's machines with their real calls. */
export function provideSuppressionList({ call, notify }: { call: Call; notify: Notify }) {
  return provideList<Suppression>({
    fetchPage: (request, signal) => listSuppressions(call, request, signal),
    deleteItem: ({ id }, signal) => removeSuppression(call, id, signal),
    notify,
  });
}

/** Administrators' read-only list of the reports nobody could match. */
export function provideInboundReports({ call, notify }: { call: Call; notify: Notify }) {
  return provideList<InboundReport>({
    fetchPage: (request, signal) => listInboundReports(call, request, signal),
    notify,
  });
}

export function provideAddSuppressions({
  call,
  notify,
  refreshList,
}: {
  call: Call;
  notify: Notify;
  refreshList: () => void;
}) {
  return addSuppressionsMachine.provide({
    actors: {
      addEmails: fromPromise(({ input, signal }) => addSuppressions(call, input.emails, signal)),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      refreshList: () => refreshList(),
    },
  });
}

export function provideSuppressionExport({
  connection,
  notify,
  format,
  language,
}: {
  connection: () => Promise<AxiosInstance>;
  notify: Notify;
  format: 'csv' | 'xlsx';
  language: () => 'ar' | 'en';
}) {
  return csvExportMachine.provide({
    actors: {
      exportRows: fromPromise(async ({ input, signal }) =>
        downloadSuppressions(await connection(), input, { format, language: language() }, signal),
      ),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      saveFile: (_, file) => saveBlob(file.blob, file.fileName),
    },
  });
}

/** "Release all matching": the list's filters go to the release endpoint. */
export function provideReleaseSuppressions({ call, refreshList }: { call: Call; refreshList: () => void }) {
  return releaseSuppressionsMachine.provide({
    actors: {
      release: fromPromise(({ input, signal }) => releaseSuppressions(call, input, signal)),
    },
    actions: { refreshList: () => refreshList() },
  });
}
