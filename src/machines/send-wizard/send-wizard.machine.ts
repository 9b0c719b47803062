import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { toAppError, toastKeyOf } from '../../lib/app-error.ts';
import { testAddresses, toSendRequest } from './draft.ts';
import type { StepName } from './types.ts';
import { attachmentsStep, messageStep, recipientsStep } from './wizard-steps.ts';
import { editsFor, validOr, wizardSetup } from './wizard.setup.ts';
import * as act from './wizard-actions.ts';

export type { WizardEvent } from './wizard.setup.ts';

const reviewStep = wizardSetup.createStateConfig({
  initial: 'checking',
  on: { 'wizard.back': 'schedule' },
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'creditCheck',
        input: act.checkInput(false),
        onDone: [
          { guard: 'checkFailed', target: 'checkFailed', actions: 'storeCheck' },
          // Not enough credit stops here, with the balance shown.
          { guard: 'notEnoughCredit', target: 'noCredit', actions: 'storeCheck' },
          { target: 'ready', actions: 'storeCheck' },
        ],
      },
    },
    checkFailed: { on: { 'wizard.retry': 'checking' } },
    noCredit: { on: { 'wizard.retry': 'checking' } },
    ready: {
      // A test send (issue 22) runs beside the review: sending for real stays open meanwhile.
      initial: 'idle',
      states: {
        idle: { on: { 'test.send': { guard: 'hasTestAddresses', target: 'testing' } } },
        testing: {
          invoke: {
            id: 'sendTest',
            src: 'sendTest',
            input: ({ context }) => ({ request: toSendRequest(context), to: testAddresses(context.testTo) }),
            onDone: {
              target: 'idle',
              actions: { type: 'notify', params: { kind: 'success', key: 'send:test.sent' } },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({ kind: 'error', key: toastKeyOf(toAppError(event.error)) }),
              },
            },
          },
        },
      },
      on: {
        'test.to': { actions: 'setTestTo' },
        'preview.recipient': { actions: 'setPreview' },
        // Checked again here: the review may have stayed open past the scheduled time.
        'wizard.submit': [
          {
            guard: 'scheduleInPast',
            target: '#sendWizard.editing.schedule',
            actions: { type: 'showProblems', params: { step: 'schedule' } },
          },
          { target: '#sendWizard.submitting' },
        ],
      },
    },
  },
});

/**
 * The send wizard (issue 10): recipients -> message -> attachments -> survey -> schedule ->
 * review -> submitting -> done | failed. Child machines do the Excel import, the uploads and the
 * server's check; the screens in src/screens/send/steps/ render this and send its events.
 */
export const sendWizardMachine = wizardSetup.createMachine({
  id: 'sendWizard',
  context: ({ input }) => act.initialContext(input),
  initial: 'loading',
  on: {
    'wizard.leave': [{ guard: 'filled', actions: 'askLeave' }, { actions: 'leave' }],
    'leave.cancel': { actions: 'stopAskingLeave' },
    'leave.confirm': { actions: ['stopAskingLeave', 'discardDraft', 'leave'] },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({ source: context.source }),
        onDone: { target: 'editing', actions: 'storeOptions' },
        onError: { target: 'loadFailed', actions: 'storeFailure' },
      },
    },
    loadFailed: { on: { 'wizard.retry': 'loading' } },
    editing: {
      invoke: { id: 'uploads', src: 'uploads', input: ({ context }) => ({ items: context.draft.uploads }) },
      on: { 'uploads.changed': { actions: 'storeUploads' } },
      initial: 'recipients',
      states: {
        recipients: recipientsStep,
        message: messageStep,
        attachments: attachmentsStep,
        survey: {
          on: {
            ...editsFor('survey.'),
            'wizard.next': validOr('survey', 'schedule'),
            'wizard.back': 'attachments',
          },
        },
        schedule: {
          on: {
            ...editsFor('schedule.', 'options.'),
            'wizard.next': validOr('schedule', 'review'),
            'wizard.back': 'survey',
          },
        },
        review: reviewStep,
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitSend',
        src: 'submitSend',
        input: ({ context }) => ({ request: toSendRequest(context) }),
        onDone: {
          target: 'done',
          actions: [
            'storeCampaign',
            'discardDraft',
            'announceCreditSpent',
            {
              type: 'notify',
              params: ({ event }) => ({
                kind: 'success',
                key: event.output.status === 'scheduled' ? 'send:done.scheduledToast' : 'send:done.sentToast',
              }),
            },
          ],
        },
        onError: { target: 'failed', actions: 'storeFailure' },
      },
    },
    failed: {
      on: { 'wizard.retry': 'submitting', 'wizard.back': '#sendWizard.editing.review' },
    },
    done: { on: { 'wizard.restart': { target: 'editing', actions: 'restart' } } },
  },
});

export type SendWizardActorRef = ActorRefFrom<typeof sendWizardMachine>;
export type SendWizardSnapshot = SnapshotFrom<typeof sendWizardMachine>;

/** The step on screen, from the state value; null outside the steps (loading, done, ...). */
export function stepOf(snapshot: SendWizardSnapshot): StepName | null {
  const value = snapshot.value;
  if (typeof value === 'object' && 'editing' in value) {
    const editing = value.editing;
    return (typeof editing === 'string' ? editing : Object.keys(editing)[0]) as StepName;
  }
  return null;
}
