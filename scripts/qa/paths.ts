/**
 * The model-based paths of a catalogued machine, as steps a person follows: an action and an
 * expected result on every step, in Arabic or English (./words.ts). Paths never end in a state
 * that only waits for the server: such a path is carried on by the server's answer, or dropped
 * when another path already shows where that answer leads.
 */
import { createActor, getNextSnapshot, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { MachineModel } from '../../tests/models/catalog.ts';
import { toModelMachine } from '../../tests/support/model-machine.ts';
import {
  allNodes,
  isPassing,
  isServiceEvent,
  leafPaths,
  pick,
  qaTexts,
  sampleIndex,
  ui,
  type QaLanguage,
} from './words.ts';

type ModelSnapshot = Snapshot<unknown> & { value: unknown };
type AnyPath = StatePath<ModelSnapshot, EventObject>;

/** One step: what the tester does, and what must be seen then. */
export interface QaStep {
  action: string;
  expected: string;
}
export interface QaPath {
  title: string;
  preconditions: string;
  steps: QaStep[];
}
/** A walked path before it is put into words: which events, through which states. */
export interface RawPath {
  start: string[];
  steps: Array<{ event: EventObject; from: string[]; to: string[] }>;
}
export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  /** Events left out of the walk on purpose, with the reason from qa.json. */
  omitted: Array<{ event: string; reason: string }>;
  /** Why each missing state or transition is missed (qa.json `uncovered`); '' when it says nothing. */
  reasons: Record<string, string>;
}

/** Every event type the (model) machine reacts to, with the catalog's sample payloads. */
export function eventsOf(model: MachineModel, machine: AnyStateMachine): EventObject[] {
  const types = [...new Set(machine.events)].filter((type) => type !== '*' && !type.endsWith('.*'));
  return types.flatMap((type) => model.samples?.[type] ?? [{ type }]);
}

/** Event types with an empty list of samples: left out of the walk. */
export function omittedTypes(model: MachineModel, machine: AnyStateMachine): string[] {
  return [...new Set(machine.events)].filter((type) => model.samples?.[type]?.length === 0);
}

export function modelOf(model: MachineModel) {
  return toModelMachine(model.machine, model.input);
}

function rawOf(p: AnyPath): RawPath {
  const [init, ...rest] = p.steps;
  const start = leafPaths((init?.state ?? p.state).value);
  let from = start;
  const steps = rest.map((step) => {
    const to = leafPaths(step.state.value);
    const item = { event: step.event, from, to };
    from = to;
    return item;
  });
  return { start, steps };
}

/**
 * A path that ends waiting for the server goes on with the first answer (success first) that
 * leads somewhere checkable.
 */
function carryOn(model: MachineModel, machine: AnyStateMachine, p: AnyPath, events: EventObject[]) {
  let snapshot = p.state;
  const steps = [...p.steps];
  const answers = [...events].sort(
    (a, b) => Number(b.type.startsWith('xstate.done')) - Number(a.type.startsWith('xstate.done')),
  );
  for (let guard = 0; guard < 4 && isPassing(model.machine, snapshot.value); guard += 1) {
    const next = answers
      .map((event) => ({ event, state: getNextSnapshot(machine, snapshot as never, event) as ModelSnapshot }))
      .find(({ state }) => JSON.stringify(state.value) !== JSON.stringify(snapshot.value));
    if (!next) break;
    steps.push(next as never);
    snapshot = next.state;
  }
  return { ...p, state: snapshot, steps } as AnyPath;
}

function distinct<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && Boolean(seen.add(key(item))));
}

/** Paths that are not the beginning of a longer one. */
function maximal(paths: RawPath[]): RawPath[] {
  const keys = paths.map((p) => JSON.stringify(p.steps).slice(0, -1));
  return paths.filter((_, i) => {
    const own = keys[i] ?? '';
    return !keys.some((other, j) => j !== i && other.length > own.length && other.startsWith(own));
  });
}

/**
 * The walked paths of a machine: the shortest way to each checkable state, and the complete
 * journeys that visit no state twice (at most `max`, shortest first).
 */
const walked = new Map<string, ReturnType<typeof walk>>();

/** The walk is slow for some machines (seconds): done once per machine and limit. */
export function rawPathsOf(model: MachineModel, max = 60) {
  const key = `${model.name}:${max}`;
  const known = walked.get(key);
  if (known) return known;
  const result = walk(model, max);
  walked.set(key, result);
  return result;
}

function walk(model: MachineModel, max: number) {
  const machine = modelOf(model);
  const events = eventsOf(model, machine);
  const options = {
    events,
    serializeState: (snapshot: { value: unknown; context: never }) =>
      JSON.stringify([snapshot.value, model.stateKey?.(snapshot.context) ?? null]),
  } as never;
  const byLength = (a: AnyPath, b: AnyPath) => a.steps.length - b.steps.length;
  const checkable = (p: AnyPath) => !isPassing(model.machine, p.state.value);
  const shortest = distinct(
    (getShortestPaths(machine, options) as AnyPath[])
      // The first state is the first step of every path.
      .filter((p) => checkable(p) && p.steps.length > 1)
      .sort(byLength)
      .map(rawOf),
    (p) => JSON.stringify(p.steps.at(-1)?.to ?? p.start),
  );
  const initial = machine.getInitialSnapshot(createActor(machine).system as never, model.input as never);
  const start = JSON.stringify(leafPaths(initial.value));
  const simple = maximal(
    distinct(
      (getSimplePaths(machine, options) as AnyPath[])
        .map((p) => carryOn(model, machine, p, events))
        .filter(checkable)
        .sort(byLength)
        .map(rawOf)
        // A journey that never leaves the first state (typing, then nothing) shows QA nothing.
        .filter((p) => p.steps.some((step) => JSON.stringify(step.to) !== start)),
      (p) => JSON.stringify(p.steps.map((s) => [s.event, s.to])),
    ),
  ).slice(0, max);
  // Every transition the paths above miss (an error that leads back, a retry): the shortest way
  // to where it starts, then the transition, then the server's answer if it waits for one.
  const covered = coverageOf(model, 'en', machine, [...shortest, ...simple]).transitions.missing;
  const all = (getShortestPaths(machine, options) as AnyPath[]).sort(byLength);
  const extra: RawPath[] = [];
  for (const missing of covered) {
    const [node = '', type = ''] = missing.split(' + ');
    const within = (leaf: string) => node === '(any)' || leaf === node || leaf.startsWith(`${node}.`);
    const samples = events.filter((event) => event.type === type);
    const found = all
      .filter((p) => leafPaths(p.state.value).some(within))
      .flatMap((p) => samples.map((event) => ({ p, event })))
      .find(({ p, event }) => (p.state as unknown as { can: (e: EventObject) => boolean }).can(event));
    if (!found) continue;
    const state = getNextSnapshot(machine, found.p.state as never, found.event) as ModelSnapshot;
    const longer = carryOn(
      model,
      machine,
      { ...found.p, state, steps: [...found.p.steps, { event: found.event, state }] } as AnyPath,
      events,
    );
    if (checkable(longer)) extra.push(rawOf(longer));
  }
  return { machine, shortest, simple, extra: distinct(extra, (p) => JSON.stringify(p.steps)) };
}

/** What must be seen in a state: the words of each of its active atomic states. */
export function expectedIn(model: MachineModel, language: QaLanguage, leaves: string[]): string {
  const states = qaTexts[language].machines[model.name]?.states ?? {};
  return leaves.map((leaf) => states[leaf] ?? `[${leaf}]`).join('. ');
}

/** What the tester does for one event, with the server's answer for an invocation's completion. */
export function actionFor(model: MachineModel, language: QaLanguage, event: EventObject): string {
  const words = qaTexts[language].machines[model.name];
  const index = sampleIndex(model.samples?.[event.type], event);
  const action = pick(words?.events[event.type], index) ?? `[${event.type}]`;
  if (!isServiceEvent(event.type)) return action;
  const answer = pick(words?.answers?.[event.type], index);
  return answer ? `${action}. ${ui(language, 'serverAnswers', { answer })}` : action;
}

/**
 * A walked path in words. Typing several fields of one form is one step, unless `merge` is off
 * (journeys: every event is a step of its own, walked by its own action in the e2e runner).
 */
export function toQaPath(model: MachineModel, language: QaLanguage, raw: RawPath, merge = true): QaPath {
  const words = qaTexts[language].machines[model.name];
  const steps: Array<QaStep & { type: string; to: string; actions: string[] }> = [];
  for (const step of raw.steps) {
    const action = actionFor(model, language, step.event);
    const to = JSON.stringify(step.to);
    const last = steps.at(-1);
    if (
      merge &&
      last &&
      last.type === step.event.type &&
      last.to === to &&
      !isServiceEvent(step.event.type)
    ) {
      last.actions = [...new Set([...last.actions, action])];
      last.action = last.actions.join(language === 'ar' ? '، ثم ' : ', then ');
    } else {
      steps.push({
        action,
        expected: expectedIn(model, language, step.to),
        type: step.event.type,
        to,
        actions: [action],
      });
    }
  }
  const end = raw.steps.at(-1)?.to ?? raw.start;
  return {
    title: `${words?.title ?? model.name}: ${expectedIn(model, language, end)}`,
    preconditions: words?.preconditions ?? '',
    steps: [
      { action: ui(language, 'begin'), expected: expectedIn(model, language, raw.start) },
      ...steps.map(({ action, expected }) => ({ action, expected })),
    ],
  };
}

/** States and transitions the printed paths go through, out of all the machine has. */
export function coverageOf(
  model: MachineModel,
  language: QaLanguage,
  machine: AnyStateMachine,
  paths: RawPath[],
): Coverage {
  const nodes = allNodes(machine.root);
  const atomic = nodes.filter((node) => Object.keys(node.states).length === 0).map((n) => n.path.join('.'));
  const seen = new Set(paths.flatMap((p) => [...p.start, ...p.steps.flatMap((s) => s.to)]));
  const omitted = new Set(omittedTypes(model, machine));
  const transitions = nodes.flatMap((node) =>
    [...node.transitions.keys()]
      .filter((type) => !omitted.has(type))
      .map((type) => ({ node: node.path.join('.'), type })),
  );
  const within = (leaf: string, node: string) => node === '' || leaf === node || leaf.startsWith(`${node}.`);
  const taken = (t: { node: string; type: string }) =>
    paths.some((p) =>
      p.steps.some((s) => s.event.type === t.type && s.from.some((leaf) => within(leaf, t.node))),
    );
  const reasons = qaTexts[language].machines[model.name]?.omitted ?? {};
  const missingTransitions = transitions
    .filter((t) => !taken(t))
    .map((t) => `${t.node || '(any)'} + ${t.type}`);
  return {
    states: {
      covered: atomic.filter((s) => seen.has(s)).length,
      total: atomic.length,
      missing: atomic.filter((s) => !seen.has(s)),
    },
    transitions: {
      covered: transitions.length - missingTransitions.length,
      total: transitions.length,
      missing: missingTransitions,
    },
    omitted: [...omitted].map((event) => ({ event, reason: reasons[event] ?? reasons.other ?? '' })),
    reasons: Object.fromEntries(
      [...atomic.filter((state) => !seen.has(state)), ...missingTransitions].map((item) => [
        item,
        qaTexts[language].machines[model.name]?.uncovered?.[item] ?? '',
      ]),
    ),
  };
}

export interface MachinePaths {
  name: string;
  title: string;
  shortest: QaPath[];
  simple: QaPath[];
  /** One path for each transition the others miss. */
  extra: QaPath[];
  coverage: Coverage;
}

export function machinePaths(model: MachineModel, language: QaLanguage, max = 60): MachinePaths {
  const { machine, shortest, simple, extra } = rawPathsOf(model, max);
  return {
    name: model.name,
    title: qaTexts[language].machines[model.name]?.title ?? model.name,
    shortest: shortest.map((p) => toQaPath(model, language, p)),
    simple: simple.map((p) => toQaPath(model, language, p)),
    extra: extra.map((p) => toQaPath(model, language, p)),
    coverage: coverageOf(model, language, machine, [...shortest, ...simple, ...extra]),
  };
}
