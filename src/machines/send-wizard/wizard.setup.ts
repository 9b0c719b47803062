import { assign, fromPromise, setup } from 'xstate';
import type { SendRequest } from '../../../contract/send.contract.ts';
import type { Template } from '../../../contract/templates.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided, type Notice } from '../notify.ts';
import { creditCheckMachine, isCheckFailure, type CheckOutcome } from './credit-check.machine.ts';
import { isFilled, scheduleProblems, testAddresses } from './draft.ts';
import { editEventTypes, type EditEvent } from './edits.ts';
import { excelImportMachine } from './excel-import.machine.ts';
import type {
  SendAccepted,
  StepName,
  UploadItem,
  WizardContext,
  WizardInput,
  WizardOptions,
} from './types.ts';
import { uploadsMachine } from './uploads.machine.ts';
import * as act from './wizard-actions.ts';

export type WizardEvent =
  | EditEvent
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.restart' }
  | { type: 'wizard.leave' }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' }
  | { type: 'excel.open' }
  | { type: 'message.template'; id: string }
  | { type: 'message.verify' }
  | { type: 'preview.recipient'; index: number }
  | { type: 'test.to'; value: string }
  | { type: 'test.send' }
  | { type: 'uploads.changed'; items: UploadItem[] };

/** A child's completion carries its output; the setup's event type knows only the wizard's own. */
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const outcomeOf = (event: unknown) => outputOf<CheckOutcome>(event);
const answer = (event: unknown) => {
  const outcome = outcomeOf(event);
  return isCheckFailure(outcome) ? null : outcome;
};

/** Types, children, actions and guards of the send wizard; its states are in the files beside. */
export const wizardSetup = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    tags: {} as 'busy',
  },
  actors: {
    loadOptions: fromPromise<WizardOptions, { source: WizardContext['source'] }>(async () =>
      notProvided('loadOptions'),
    ),
    loadTemplate: fromPromise<Template, { id: string }>(async () => notProvided('loadTemplate')),
    submitSend: fromPromise<SendAccepted, { request: Omit<SendRequest, 'language'> }>(async () =>
      notProvided('submitSend'),
    ),
    sendTest: fromPromise<{ sent_to: string[] }, { request: Omit<SendRequest, 'language'>; to: string[] }>(
      async () => notProvided('sendTest'),
    ),
    creditCheck: creditCheckMachine,
    excelImport: excelImportMachine,
    uploads: uploadsMachine,
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The screen leaves the wizard (the route it was going to, or home). */
    leave: () => {},
    /** The kept draft is dropped: sent, or left on purpose. */
    discardDraft: () => {},
    /** The campaign was accepted and its credits reserved: the signed-in user's balance moved. */
    announceCreditSpent: () => {},
    edit: assign(({ context, event }) => act.edited(context, event as EditEvent)),
    storeCheck: assign(({ context, event }) => act.checked(context, outcomeOf(event))),
    showProblems: assign(({ context }, params: { step: StepName }) => act.showProblems(context, params.step)),
    setError: assign(({ context }, params: { field: string; key: string }) => ({
      errors: { ...context.errors, [params.field]: params.key },
      attention: context.attention + 1,
    })),
    clearErrors: assign({ errors: {} }),
    storeOptions: assign(({ context, event }) => act.optionsLoaded(context, outputOf<WizardOptions>(event))),
    storeFailure: assign({
      failure: ({ event }) => toAppError((event as unknown as { error: unknown }).error),
    }),
    storeExcel: assign(({ context, event }) => act.excelDone(context, outputOf(event))),
    storeTemplate: assign(({ context, event }) => act.templateLoaded(context, outputOf<Template>(event))),
    storeUploads: assign(({ context, event }) => ({
      draft: { ...context.draft, uploads: (event as { items: UploadItem[] }).items },
      // Other zips mean other matches: the next check says again who is missing a file.
      check: null,
      errors: {},
    })),
    restart: assign(({ context }) => act.restarted(context)),
    askLeave: assign({ askingLeave: true }),
    stopAskingLeave: assign({ askingLeave: false }),
    setPreview: assign({
      previewIndex: ({ event }) => (event.type === 'preview.recipient' ? event.index : 0),
    }),
    setTestTo: assign({ testTo: ({ event }) => (event.type === 'test.to' ? event.value : '') }),
    storeCampaign: assign({ campaignId: ({ event }) => outputOf<SendAccepted>(event).id, failure: null }),
  },
  guards: {
    needsFile: ({ context }) => context.source === 'excel' && !context.draft.excel,
    hasTestAddresses: ({ context }) => testAddresses(context.testTo).length > 0,
    filled: ({ context }) => isFilled(context.draft),
    stepInvalid: ({ context }, params: { step: StepName }) => act.hasProblems(context, params.step),
    scheduleInPast: ({ context }) => Object.keys(scheduleProblems(context)).length > 0,
    checkFailed: ({ event }) => isCheckFailure(outcomeOf(event)),
    noRecipients: ({ event }) => answer(event)?.check.recipients_count === 0,
    notEnoughCredit: ({ event }) => answer(event)?.enough === false,
    needsMissingChoice: ({ context, event }) => {
      const outcome = answer(event);
      return outcome !== null && act.needsMissingChoice(context, outcome.check);
    },
  },
});

/** Leaving a step: its problems shown, or on to `target` (a check, or the next step). */
export const validOr = (step: StepName, target: string) =>
  [
    { guard: { type: 'stepInvalid', params: { step } }, actions: { type: 'showProblems', params: { step } } },
    { target, actions: 'clearErrors' },
  ] as const;

/** The check child, as each state that asks it invokes it (`early` on the first step). */
export const checkFor = (early = false) =>
  ({ id: 'check', src: 'creditCheck', input: act.checkInput(early) }) as const;

/**
 * The edit events one step takes (by type prefix), all through the one `edit` action: a field
 * can only change while its step is on screen, so the walk of the model types what a person can.
 */
export function editsFor(...prefixes: string[]) {
  const types = editEventTypes.filter((type) => prefixes.some((prefix) => type.startsWith(prefix)));
  return Object.fromEntries(types.map((type) => [type, { actions: 'edit' }])) as Partial<
    Record<EditEvent['type'], { actions: 'edit' }>
  >;
}
