import type { EventObject } from 'xstate';
import { stepProblems } from '../../src/machines/send-wizard/draft.ts';
import { editEventTypes } from '../../src/machines/send-wizard/edits.ts';
import { sendWizardMachine } from '../../src/machines/send-wizard/send-wizard.machine.ts';
import { emptyDraft, type WizardContext, type WizardInput } from '../../src/machines/send-wizard/types.ts';

/**
 * The send wizard as QA walks it: one recipient, a message written or taken from a template, no
 * files or survey, sent now. The other inputs (lists, Excel, uploads, surveys, schedules) are
 * covered by the machine's unit tests; leaving them out keeps the walk to a few hundred paths.
 */
export const wizardInput: WizardInput = {
  source: 'single',
  // The sender name and content are there already (a draft kept from an earlier visit): the walk
  // types the subject alone, so it does not try every order of filling three fields.
  draft: { ...emptyDraft(), senderName: 'El Namer', html: '<p>Hi {{name}}</p>' },
};

type Sample = EventObject & Record<string, unknown>;
const failure = (actor: string, code: string, status: number | null) => ({
  type: `xstate.error.actor.${actor}`,
  error: { code, status },
});
const checkDone = (change: Record<string, unknown>, enough = true) => ({
  type: 'xstate.done.actor.check',
  output: {
    check: {
      recipients_count: 1,
      blocked_count: 0,
      cost: 1,
      balance: enough ? 50 : 0,
      missing_attachments_count: 0,
      missing_attachments: [],
      variables: [],
      sample: [],
      ...change,
    },
    enough,
  },
});

export const wizardSamples: Record<string, Sample[]> = {
  // Left out of the walk (see above): an empty list of samples removes an event.
  ...Object.fromEntries(editEventTypes.map((type) => [type, []])),
  'excel.open': [],
  // Leaving is a question open over every state; walking it everywhere multiplies the journeys
  // without showing QA anything new (tests/screens/send-wizard-screen.test.tsx covers it).
  'wizard.leave': [],
  'leave.cancel': [],
  'leave.confirm': [],
  'uploads.changed': [],
  'preview.recipient': [],
  'xstate.done.actor.excel': [],
  'recipient.set': [
    { type: 'recipient.set', field: 'email', value: 'ali@example.com' },
    { type: 'recipient.set', field: 'name', value: 'Ali' },
  ],
  // The subject completes the step (the draft has the rest); the other two are what the QA
  // journey types on a fresh wizard (scripts/qa/journeys.ts, sendOne).
  'message.set': [
    { type: 'message.set', field: 'subject', value: 'Hello {{name}}' },
    { type: 'message.set', field: 'senderName', value: 'El Namer' },
    { type: 'message.set', field: 'html', value: '<p>Hi {{name}}</p>' },
  ],
  // A yes/no survey, for the same journey (the recipient answers it).
  'survey.type': [{ type: 'survey.type', value: 'yes_no' }],
  'survey.question': [{ type: 'survey.question', value: 'Will you come?' }],
  'message.template': [{ type: 'message.template', id: 'tpl-1' }],
  'xstate.done.actor.loadOptions': [
    {
      type: 'xstate.done.actor.loadOptions',
      output: {
        senderEmails: ['news@sam.example'],
        templates: [{ id: 'tpl-1', name: 'Offer', size: 0 }],
        lists: [],
        groups: [],
      },
    },
  ],
  'xstate.error.actor.loadOptions': [failure('loadOptions', 'errors.network', null)],
  'xstate.done.actor.loadTemplate': [
    {
      type: 'xstate.done.actor.loadTemplate',
      output: {
        id: 'tpl-1',
        name: 'Offer',
        subject: 'Hello {{name}}',
        content: '<p>Dear {{name}}</p>',
        editor: 'html',
        variables: [],
        owner_id: 'u-sender',
        owner_username: 'sam',
        created_at: '2026-11-24T08:00:00Z',
        updated_at: '2026-11-24T08:00:00Z',
      },
    },
  ],
  'xstate.error.actor.loadTemplate': [failure('loadTemplate', 'errors.notFound', 404)],
  'xstate.done.actor.check': [
    checkDone({}),
    checkDone({ cost: 1 }, false),
    { type: 'xstate.done.actor.check', output: { error: { code: 'errors.unavailable', status: 503 } } },
  ],
  'xstate.done.actor.submitSend': [
    { type: 'xstate.done.actor.submitSend', output: { id: 'c-1', status: 'sending', recipients_count: 1 } },
  ],
  'xstate.error.actor.submitSend': [failure('submitSend', 'errors.unavailable', 503)],
};

/** Which steps are complete, and whether the leave question is open: what the guards read. */
export const wizardStateKey = (context: WizardContext) => [
  Object.keys(stepProblems('recipients', context)).length === 0,
  Object.keys(stepProblems('message', context)).length === 0,
  context.askingLeave,
];

export const wizardLabels: Record<string, string> = {
  'wizard.next': 'press Next',
  'wizard.back': 'press Back',
  'wizard.submit': 'press Send',
  'wizard.retry': 'press Try again',
  'wizard.restart': 'press Send another',
  'wizard.leave': 'press Cancel',
  'leave.confirm': 'confirm leaving',
  'leave.cancel': 'choose to stay',
  'message.verify': 'press Check the variables',
};

export const sendWizardModel = {
  name: 'send-wizard',
  description: 'The send wizard: one recipient, the message, review and sending, as the server answers.',
  machine: sendWizardMachine,
  input: wizardInput,
  samples: wizardSamples,
  stateKey: wizardStateKey as (context: never) => unknown,
  labels: wizardLabels,
};
