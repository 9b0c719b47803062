import { checkFor, editsFor, validOr, wizardSetup } from './wizard.setup.ts';

// The first three steps: each leaves through the server's check, which counts the recipients,
// the variables without a value and the recipients whose file is missing.

export const recipientsStep = wizardSetup.createStateConfig({
  initial: 'start',
  on: editsFor('recipient.', 'lists.', 'groups.'),
  states: {
    start: { always: [{ guard: 'needsFile', target: 'importing' }, { target: 'editing' }] },
    editing: {
      on: { 'excel.open': 'importing', 'wizard.next': validOr('recipients', 'counting') },
    },
    importing: {
      invoke: { id: 'excel', src: 'excelImport', onDone: { target: 'editing', actions: 'storeExcel' } },
    },
    counting: {
      tags: ['busy'],
      invoke: {
        ...checkFor(true),
        onDone: [
          { guard: 'checkFailed', target: 'editing', actions: 'storeCheck' },
          {
            guard: 'noRecipients',
            target: 'editing',
            actions: [
              'storeCheck',
              { type: 'setError', params: { field: 'source', key: 'validation.noRecipients' } },
            ],
          },
          { target: '#sendWizard.editing.message', actions: 'storeCheck' },
        ],
      },
    },
  },
});

export const messageStep = wizardSetup.createStateConfig({
  initial: 'editing',
  on: editsFor('message.set', 'message.editor'),
  states: {
    editing: {
      on: {
        'message.template': 'loadingTemplate',
        'message.verify': 'verifying',
        'wizard.next': validOr('message', 'checking'),
        'wizard.back': '#sendWizard.editing.recipients',
      },
    },
    loadingTemplate: {
      tags: ['busy'],
      invoke: {
        id: 'loadTemplate',
        src: 'loadTemplate',
        input: ({ event }) => ({ id: event.type === 'message.template' ? event.id : '' }),
        onDone: { target: 'editing', actions: 'storeTemplate' },
        onError: {
          target: 'editing',
          actions: { type: 'notify', params: { kind: 'error', key: 'send:message.templateFailed' } },
        },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: { ...checkFor(), onDone: { target: 'editing', actions: 'storeCheck' } },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        ...checkFor(),
        onDone: [
          { guard: 'checkFailed', target: 'editing', actions: 'storeCheck' },
          { target: '#sendWizard.editing.attachments', actions: 'storeCheck' },
        ],
      },
    },
  },
});

export const attachmentsStep = wizardSetup.createStateConfig({
  initial: 'editing',
  on: editsFor('attachments.'),
  states: {
    editing: {
      on: {
        'wizard.next': validOr('attachments', 'checking'),
        'wizard.back': '#sendWizard.editing.message',
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        ...checkFor(),
        onDone: [
          { guard: 'checkFailed', target: 'editing', actions: 'storeCheck' },
          {
            guard: 'needsMissingChoice',
            target: 'editing',
            actions: [
              'storeCheck',
              { type: 'setError', params: { field: 'missingChoice', key: 'send:attachments.chooseMissing' } },
            ],
          },
          { target: '#sendWizard.editing.survey', actions: 'storeCheck' },
        ],
      },
    },
  },
});
