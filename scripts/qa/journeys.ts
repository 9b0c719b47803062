/**
 * App-level journeys for QA, composed from the catalogued machines: each machine part is a list
 * of the machine's own events (with `#n`: the catalog's nth sample payload), replayed on the
 * machine's model, so a journey that the machine no longer allows fails to build (and
 * tests/unit/test-paths.test.ts fails). Screens without a catalogued machine (lists, templates,
 * Mailbox, the recipient's pages) are steps written in qa:journeys.<id>.steps.
 */
import { createActor, getNextSnapshot, type EventObject } from 'xstate';
import { machineModels, type MachineModel } from '../../tests/models/catalog.ts';
import { modelOf, toQaPath, type QaPath, type RawPath } from './paths.ts';
import { isPassing, leafPaths, qaTexts, type QaLanguage } from './words.ts';

export type JourneyPart = { machine: string; events: string[] } | { step: string };
export interface Journey {
  id: string;
  parts: JourneyPart[];
}

const signIn = {
  machine: 'auth',
  events: [
    'xstate.done.actor.restoreSession#1',
    'auth.login#0',
    'xstate.done.actor.login#1',
    'xstate.done.actor.fetchUserStatus',
  ],
};

export const journeys: Journey[] = [
  {
    id: 'signInOut',
    parts: [{ ...signIn, events: [...signIn.events, 'auth.logout', 'xstate.done.actor.logout'] }],
  },
  {
    id: 'passwordReset',
    parts: [
      { step: 'forgot' },
      {
        machine: 'request-reset',
        events: ['reset.email.change', 'reset.request', 'xstate.done.actor.requestResetLink'],
      },
      { step: 'openLink' },
      {
        machine: 'reset-password',
        events: [
          'xstate.done.actor.checkResetLink',
          'reset.password.change',
          'reset.confirmation.change',
          'reset.submit',
          'xstate.done.actor.resetPassword',
        ],
      },
      { step: 'signInNew' },
    ],
  },
  {
    id: 'theme',
    parts: [
      signIn,
      { step: 'openThemes' },
      { machine: 'theme-form', events: ['theme.form.change', 'theme.add', 'xstate.done.actor.createTheme'] },
      { machine: 'theme-activation', events: ['theme.activate', 'xstate.done.actor.activateTheme'] },
      { step: 'colours' },
    ],
  },
  {
    id: 'listImport',
    parts: [signIn, { step: 'newList' }, { step: 'import' }, { step: 'mapColumns' }],
  },
  {
    id: 'template',
    parts: [signIn, { step: 'newTemplate' }, { step: 'save' }],
  },
  {
    id: 'sendOne',
    parts: [
      signIn,
      { step: 'openWizard' },
      {
        machine: 'send-wizard',
        events: [
          'xstate.done.actor.loadOptions',
          'recipient.set',
          'wizard.next',
          'xstate.done.actor.check#0',
          'message.set',
          'wizard.next',
          'xstate.done.actor.check#0',
          'wizard.next',
          'xstate.done.actor.check#0',
          'wizard.next',
          'wizard.next',
          'xstate.done.actor.check#0',
          'wizard.submit',
          'xstate.done.actor.submitSend',
        ],
      },
      { step: 'openLog' },
      {
        machine: 'campaign-control',
        events: ['campaigns.watch', 'model.after.pollInterval', 'xstate.done.actor.fetchStates'],
      },
      { step: 'mailbox' },
      { step: 'answer' },
      { step: 'unsubscribe' },
    ],
  },
  {
    id: 'sendOthers',
    parts: [signIn, { step: 'list' }, { step: 'group' }, { step: 'excel' }, { step: 'checkLog' }],
  },
  {
    id: 'topUp',
    parts: [
      signIn,
      { step: 'openRecharge' },
      {
        machine: 'recharge',
        events: [
          'xstate.done.actor.loadCatalog',
          'recharge.package',
          'recharge.provider',
          'recharge.submit',
          'xstate.done.actor.placeOrder',
        ],
      },
      { step: 'openOrder' },
      {
        machine: 'payment-order',
        events: [
          'xstate.done.actor.loadOrder#0',
          'order.markPaid',
          'xstate.done.actor.actOnOrder',
          'xstate.done.actor.loadOrder#1',
        ],
      },
      { step: 'balance' },
    ],
  },
];

function modelNamed(name: string): MachineModel {
  const model = machineModels.find((item) => item.name === name);
  if (!model) throw new Error(`No machine ${name} in tests/models/catalog.ts`);
  return model;
}

/**
 * Replays a machine part on the machine's model: every event must be one the machine takes
 * where it is, and the part must not stop in a state that only waits for the server.
 */
export function replay(part: { machine: string; events: string[] }): RawPath {
  const model = modelNamed(part.machine);
  const machine = modelOf(model);
  let snapshot = machine.getInitialSnapshot(createActor(machine).system as never, model.input as never);
  const start = leafPaths(snapshot.value);
  const steps: RawPath['steps'] = [];
  for (const name of part.events) {
    const [type = '', index = '0'] = name.split('#');
    const event: EventObject = model.samples?.[type]?.[Number(index)] ?? { type };
    if (!snapshot.can(event)) {
      throw new Error(`${part.machine}: ${name} is not taken in ${JSON.stringify(snapshot.value)}`);
    }
    const from = leafPaths(snapshot.value);
    snapshot = getNextSnapshot(machine, snapshot, event);
    steps.push({ event, from, to: leafPaths(snapshot.value) });
  }
  if (isPassing(model.machine, snapshot.value)) {
    throw new Error(`${part.machine}: the part ends waiting in ${JSON.stringify(snapshot.value)}`);
  }
  return { start, steps };
}

/** A journey in words: its own preconditions, then every part's steps in order. */
export function journeyPath(language: QaLanguage, journey: Journey): QaPath {
  const words = qaTexts[language].journeys[journey.id];
  if (!words) throw new Error(`qa:journeys.${journey.id} is missing in ${language}`);
  const steps = journey.parts.flatMap((part, index) => {
    if ('step' in part) {
      const step = words.steps[part.step];
      if (!step) throw new Error(`qa:journeys.${journey.id}.steps.${part.step} is missing in ${language}`);
      return [step];
    }
    const path = toQaPath(modelNamed(part.machine), language, replay(part));
    // The first part starts from the preconditions; later ones carry on from the last step.
    return index === 0 ? path.steps : path.steps.slice(1);
  });
  return { title: words.title, preconditions: words.preconditions, steps };
}

/** The machines each journey goes through (for the e2e runner and the README). */
export const journeyMachines = (journey: Journey) =>
  journey.parts.flatMap((part) => ('machine' in part ? [part.machine] : []));

/**
 * The keys of a journey's steps, in the order journeyPath prints them: `begin:<machine>` for the
 * first state, `<machine>:<event>` for a machine's event, `step:<name>` for a written step. The
 * e2e runner (tests/e2e/qa-journeys.e2e.ts) walks each key in Chromium.
 */
export function journeyStepKeys(journey: Journey): string[] {
  return journey.parts.flatMap((part, index) => {
    if ('step' in part) return [`step:${part.step}`];
    const events = part.events.map((event) => `${part.machine}:${event}`);
    return index === 0 ? [`begin:${part.machine}`, ...events] : events;
  });
}
