/**
 * The person-level words of QA's test paths: src/i18n/locales/{ar,en}/qa.json, namespace `qa`.
 * For every catalogued machine (keyed by its catalog name) the file holds, in both languages:
 * - `events[type]`: what a tester does (for an invocation's completion `xstate.done.actor.<id>` /
 *   `xstate.error.actor.<id>`: how the tester makes the server answer that way),
 * - `answers[type]`: for those completions, what the server answers,
 * - `states[path]`: what must be seen in each atomic state (`signedOut.idle`),
 * - `omitted[type]`: why an event is left out of the walk (`other`: every other left-out event),
 * - `uncovered[item]`: why a state or transition (`node + type`) the printed paths miss is missed.
 * An event with several sample payloads in the catalog has an array of texts, one per sample.
 * tests/unit/qa-words.test.ts checks that nothing is missing.
 */
import type { AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import ar from '../../src/i18n/locales/ar/qa.json';
import en from '../../src/i18n/locales/en/qa.json';

export const qaLanguages = ['ar', 'en'] as const;
export type QaLanguage = (typeof qaLanguages)[number];

type Text = string | string[];
export interface MachineWords {
  title: string;
  preconditions: string;
  events: Record<string, Text>;
  answers?: Record<string, Text>;
  states: Record<string, string>;
  omitted?: Record<string, string>;
  /** Why a state or transition the printed paths miss is not walked (`polling.settling`, `node + type`). */
  uncovered?: Record<string, string>;
}
export interface JourneyWords {
  title: string;
  preconditions: string;
  steps: Record<string, { action: string; expected: string }>;
}
export interface QaTexts {
  ui: Record<string, string>;
  machines: Record<string, MachineWords>;
  journeys: Record<string, JourneyWords>;
}

export const qaTexts: Record<QaLanguage, QaTexts> = {
  ar: ar as unknown as QaTexts,
  en: en as unknown as QaTexts,
};

/** `{{name}}` placeholders of the `ui` texts filled in (the other texts are printed as written). */
export function ui(language: QaLanguage, key: string, values: Record<string, string | number> = {}): string {
  const text = qaTexts[language].ui[key];
  if (text === undefined) throw new Error(`qa:ui.${key} is missing in ${language}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The invocation completions: their words say how to make the answer happen, plus the answer. */
export const isServiceEvent = (type: string) => /^xstate\.(done|error)\.actor\./.test(type);

/** The text for one sample of an event: the nth of a list, or the one text for all samples. */
export function pick(text: Text | undefined, index: number): string | undefined {
  if (Array.isArray(text)) return text[index];
  return text;
}

/** Atomic states active in a state value: `{ valid: { a: 'x', b: 'y' } }` -> valid.a.x, valid.b.y. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leafPaths(child, prefix ? `${prefix}.${key}` : key),
  );
}

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

export const atomicPaths = (machine: AnyStateMachine) =>
  allNodes(machine.root)
    .filter((node) => Object.keys(node.states).length === 0)
    .map((node) => node.path.join('.'));

export function nodeAt(machine: AnyStateMachine, path: string): AnyStateNode | undefined {
  let node: AnyStateNode | undefined = machine.root;
  for (const key of path.split('.')) node = node?.states[key];
  return node;
}

/**
 * A state where nothing can be checked: it waits for the server (an atomic state with an
 * invocation of its own: `submitting`, `signingOut`). Paths do not end there.
 */
export function isPassing(machine: AnyStateMachine, value: unknown): boolean {
  return isPassingLeaves(machine, leafPaths(value));
}

export function isPassingLeaves(machine: AnyStateMachine, leaves: string[]): boolean {
  return leaves.some((path) => (nodeAt(machine, path)?.invoke.length ?? 0) > 0);
}

/** Index of a sample among the catalog's samples of its type (0 when it is tried bare). */
export function sampleIndex(samples: EventObject[] | undefined, event: EventObject): number {
  const key = JSON.stringify(event);
  return Math.max(0, samples?.findIndex((sample) => JSON.stringify(sample) === key) ?? 0);
}
