/**
 * App-level journeys for QA, composed from the catalogued machines: each machine part is a list
 * of the machine's own events (with `#n`: the catalog's nth sample payload), replayed on the
 * machine's model, so a journey that the machine no longer allows fails to build (and
 * tests/unit/test-paths.test.ts fails). Screens a journey walks without a catalogued machine's
 * events (lists, templates, the wizard's other sources, Mailbox, the recipient's pages) are steps
 * written in qa:journeys.<id>.steps. Every printed step carries ids that the e2e runner
 * (tests/e2e/qa-journeys/) maps to Playwright actions and checks (see JourneyStep).
 */
import { createActor, getNextSnapshot, type EventObject } from 'xstate';
import { machineModels, type MachineModel } from '../../tests/models/catalog.ts';
import { modelOf, toQaPath, type QaPath, type QaStep, type RawPath } from './paths.ts';
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
    parts: [signIn, { step: 'newList' }, { step: 'openList' }, { step: 'import' }, { step: 'mapColumns' }],
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
          'recipient.set#0',
          'recipient.set#1',
          'wizard.next',
          'xstate.done.actor.check#0',
          'message.set#0',
          'message.set#1',
          'message.set#2',
          'wizard.next',
          'xstate.done.actor.check#0',
          'wizard.next',
          'xstate.done.actor.check#0',
          'survey.type',
          'survey.question',
          'wizard.next',
          'wizard.next',
          'xstate.done.actor.check#0',
          'wizard.submit',
          'xstate.done.actor.submitSend',
        ],
      },
      { step: 'openLog' },
      { step: 'mailbox' },
      { step: 'answer' },
      { step: 'unsubscribe' },
      { step: 'suppressed' },
    ],
  },
  {
    id: 'sendList',
    parts: [
      signIn,
      { step: 'openWizard' },
      { step: 'chooseList' },
      { step: 'message' },
      { step: 'attach' },
      { step: 'survey' },
      { step: 'sendNow' },
      { step: 'send' },
      { step: 'mailbox' },
      { step: 'answer' },
    ],
  },
  {
    id: 'sendGroup',
    parts: [
      signIn,
      { step: 'openWizard' },
      { step: 'chooseGroup' },
      { step: 'message' },
      { step: 'noFiles' },
      { step: 'noSurvey' },
      { step: 'later' },
      { step: 'send' },
      { step: 'openLog' },
    ],
  },
  {
    id: 'sendExcel',
    parts: [
      signIn,
      { step: 'openWizard' },
      { step: 'readFile' },
      { step: 'useRows' },
      { step: 'message' },
      { step: 'attach' },
      { step: 'noSurvey' },
      { step: 'sendNow' },
      { step: 'send' },
      { step: 'mailbox' },
    ],
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
          'recharge.provider#1',
          'recharge.submit',
          'xstate.done.actor.placeOrder',
        ],
      },
      // The user's result page reads the order; the administrator settles it elsewhere; the
      // user's page then reads it again (the part starts again from loading: a reload).
      { machine: 'payment-order', events: ['xstate.done.actor.loadOrder#0'] },
      { step: 'adminMarksPaid' },
      { machine: 'payment-order', events: ['xstate.done.actor.loadOrder#1'] },
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

/**
 * One printed step of a journey with its ids, which the e2e runner (tests/e2e/qa-journeys/) maps
 * to Playwright: `act` names the action (`begin:<machine>` for the first state, `<machine>:<event>`
 * as the journey lists the event, `<journey>/<step>` for a written step, whose driver also checks
 * its expected result) and `see`, on a machine's step, the state whose words are the expected
 * result (`<machine>@<atomic states joined by +>`).
 */
export interface JourneyStep extends QaStep {
  act: string;
  see?: string;
}
export interface JourneyPath extends QaPath {
  id: string;
  steps: JourneyStep[];
}

const seeKey = (machine: string, leaves: string[]) => `${machine}@${leaves.join('+')}`;

/** A journey in words: its own preconditions, then every part's steps in order, one per event. */
export function journeyPath(language: QaLanguage, journey: Journey): JourneyPath {
  const words = qaTexts[language].journeys[journey.id];
  if (!words) throw new Error(`qa:journeys.${journey.id} is missing in ${language}`);
  const steps = journey.parts.flatMap((part, index): JourneyStep[] => {
    if ('step' in part) {
      const step = words.steps[part.step];
      if (!step) throw new Error(`qa:journeys.${journey.id}.steps.${part.step} is missing in ${language}`);
      return [{ ...step, act: `${journey.id}/${part.step}` }];
    }
    const raw = replay(part);
    // One printed step per event (no merging of typed fields), so each maps to one action.
    const path = toQaPath(modelNamed(part.machine), language, raw, false);
    const ids = [
      { act: `begin:${part.machine}`, see: seeKey(part.machine, raw.start) },
      ...raw.steps.map((step, n) => ({
        act: `${part.machine}:${part.events[n]}`,
        see: seeKey(part.machine, step.to),
      })),
    ];
    const named = path.steps.map((step, n) => ({ ...step, ...ids[n]! }));
    // The first part starts from the preconditions; later ones carry on from the last step.
    return index === 0 ? named : named.slice(1);
  });
  return { id: journey.id, title: words.title, preconditions: words.preconditions, steps };
}

/** The machines each journey goes through. */
export const journeyMachines = (journey: Journey) =>
  journey.parts.flatMap((part) => ('machine' in part ? [part.machine] : []));
