import type { AxiosInstance } from 'axios';
import { fromCallback, fromPromise } from 'xstate';
import { templateEndpoints } from '../../../contract/templates.contract.ts';
import { messageValues, toAppError, toastKeyOf } from '../../lib/app-error.ts';
import type { Language } from '../../i18n/languages.ts';
import type { Notify } from '../../machines/notify.ts';
import { creditCheckMachine } from '../../machines/send-wizard/credit-check.machine.ts';
import { excelImportMachine } from '../../machines/send-wizard/excel-import.machine.ts';
import { sendWizardMachine } from '../../machines/send-wizard/send-wizard.machine.ts';
import type { SourceKind } from '../../machines/send-wizard/types.ts';
import {
  uploadsMachine,
  type UploadFileInput,
  type UploadsEvent,
} from '../../machines/send-wizard/uploads.machine.ts';
import type { Call } from '../../services/http.ts';
import { parseInWorker } from '../../services/recipient-import/import.service.ts';
import { clearDraft } from '../../services/send-draft.storage.ts';
import {
  checkCampaign,
  loadWizardOptions,
  sendCampaign,
  sendTestCampaign,
  uploadWithProgress,
} from '../../services/send.service.ts';

interface SendWizardWiring {
  call: Call;
  connection: () => Promise<AxiosInstance>;
  notify: Notify;
  storage: Storage;
  source: SourceKind;
  /** The interface language: the recipients' public pages (survey, unsubscribe) use it. */
  language: () => Language;
  leave: () => void;
  /** Tells the session the user's balance changed (the auth machine reads the user again). */
  creditSpent: () => void;
}

/** The send wizard with its real calls, the recipients import's worker and the upload with progress. */
export function provideSendWizard(wiring: SendWizardWiring) {
  const { call, connection, notify, storage, source, language, leave, creditSpent } = wiring;
  return sendWizardMachine.provide({
    actors: {
      loadOptions: fromPromise(({ input, signal }) => loadWizardOptions(call, input.source, signal)),
      loadTemplate: fromPromise(({ input, signal }) =>
        call(templateEndpoints.get, { params: { id: input.id } }, signal),
      ),
      submitSend: fromPromise(({ input, signal }) =>
        sendCampaign(call, { ...input.request, language: language() }, signal),
      ),
      sendTest: fromPromise(({ input, signal }) =>
        sendTestCampaign(call, { ...input.request, language: language(), to: input.to }, signal),
      ),
      creditCheck: creditCheckMachine.provide({
        actors: {
          checkSend: fromPromise(({ input, signal }) =>
            checkCampaign(call, { ...input.request, language: language() }, signal),
          ),
        },
      }),
      excelImport: excelImportMachine.provide({
        actors: { parseFile: fromPromise(({ input, signal }) => parseInWorker(input.file, signal)) },
      }),
      uploads: uploadsMachine.provide({
        actors: {
          uploadFile: fromCallback<UploadsEvent, UploadFileInput>(({ input, sendBack }) => {
            const abort = new AbortController();
            const { key } = input;
            connection()
              .then((http) =>
                uploadWithProgress(
                  http,
                  input,
                  (progress) => sendBack({ type: 'upload.progress', key, progress }),
                  abort.signal,
                ),
              )
              .then(
                (upload) => sendBack({ type: 'upload.done', key, upload }),
                (error: unknown) => {
                  if (abort.signal.aborted) return;
                  const failure = toAppError(error);
                  sendBack({
                    type: 'upload.failed',
                    key,
                    errorKey: toastKeyOf(failure),
                    ...(failure.details ? { errorValues: messageValues(failure.details) } : {}),
                  });
                },
              );
            // Removing the file, or leaving the wizard, stops its upload.
            return () => abort.abort();
          }),
        },
      }),
    },
    actions: {
      notify: (_, notice) => notify(notice),
      leave: () => leave(),
      discardDraft: () => clearDraft(storage, source),
      announceCreditSpent: () => creditSpent(),
    },
  });
}
