import { createActor, fromCallback } from 'xstate';
import type { SendCheck } from '../../contract/send.contract.ts';
import type { Template } from '../../contract/templates.contract.ts';
import type { Upload } from '../../contract/uploads.contract.ts';
import type { ParsedSheet } from '../../src/lib/recipient-import/sheet.ts';
import type { Notice } from '../../src/machines/notify.ts';
import { creditCheckMachine, type CheckInput } from '../../src/machines/send-wizard/credit-check.machine.ts';
import { excelImportMachine } from '../../src/machines/send-wizard/excel-import.machine.ts';
import { sendWizardMachine } from '../../src/machines/send-wizard/send-wizard.machine.ts';
import type {
  SendAccepted,
  SourceKind,
  WizardInput,
  WizardOptions,
} from '../../src/machines/send-wizard/types.ts';
import {
  uploadsMachine,
  type UploadFileInput,
  type UploadsEvent,
} from '../../src/machines/send-wizard/uploads.machine.ts';
import { controlledActor } from './controlled-actor.ts';

export const options: WizardOptions = {
  senderEmails: ['news@sender.example', 'ceo@sender.example'],
  templates: [{ id: 'tpl-1', name: 'Offer', size: 0 }],
  lists: [
    { id: 'l1', name: 'Clients', size: 3 },
    { id: 'l2', name: 'Partners', size: 2 },
  ],
  groups: [{ id: 'g1', name: 'Everyone', size: 2 }],
};

export const checkOf = (change: Partial<SendCheck> = {}): SendCheck => ({
  recipients_count: 3,
  blocked_count: 0,
  cost: 3,
  balance: 100,
  missing_attachments_count: 0,
  missing_attachments: [],
  variables: [],
  sample: [],
  ...change,
});

export const template: Template = {
  id: 'tpl-1',
  name: 'Offer',
  subject: 'Our offer',
  content: '<p>Dear {{name}}, your contract {{contract_no}} is ready.</p>',
  editor: 'html',
  variables: ['contract_no'],
  owner_id: 'u1',
  owner_username: 'sara',
  created_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
};

export const uploadOf = (id: string, kind: Upload['kind'], fileName: string): Upload => ({
  id,
  kind,
  file_name: fileName,
  content_type: 'application/zip',
  size: 10,
  entries_count: kind === 'zip' ? 2 : 0,
  entry_names: [],
  campaign_id: null,
  created_at: '2026-11-24T00:00:00Z',
});

/** The wizard with every call held by the test; uploads report through `uploads.report`. */
export function startWizard(input: WizardInput) {
  const loadOptions = controlledActor<WizardOptions, { source: SourceKind }>();
  const loadTemplate = controlledActor<Template, { id: string }>();
  const submitSend = controlledActor<SendAccepted, CheckInput>();
  const checkSend = controlledActor<SendCheck, CheckInput>();
  const parseFile = controlledActor<ParsedSheet, { file: File }>();
  const uploads: Array<{ input: UploadFileInput; report: (event: UploadsEvent) => void }> = [];
  const notices: Notice[] = [];
  const left: string[] = [];
  const discarded: number[] = [];
  const creditSpent: number[] = [];
  const machine = sendWizardMachine.provide({
    actors: {
      loadOptions: loadOptions.logic,
      loadTemplate: loadTemplate.logic,
      submitSend: submitSend.logic,
      creditCheck: creditCheckMachine.provide({ actors: { checkSend: checkSend.logic } }),
      excelImport: excelImportMachine.provide({ actors: { parseFile: parseFile.logic } }),
      uploads: uploadsMachine.provide({
        actors: {
          uploadFile: fromCallback<UploadsEvent, UploadFileInput>(({ input, sendBack }) => {
            uploads.push({ input, report: sendBack });
          }),
        },
      }),
    },
    actions: {
      notify: (_, notice) => void notices.push(notice),
      leave: () => void left.push('left'),
      discardDraft: () => void discarded.push(1),
      announceCreditSpent: () => void creditSpent.push(1),
    },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    loadOptions,
    loadTemplate,
    submitSend,
    checkSend,
    parseFile,
    uploads,
    notices,
    left,
    discarded,
    creditSpent,
  };
}
