/**
 * `npm run test:paths`: the paths that model-based tests walk, for QA to read and reuse.
 * For every machine in tests/models/catalog.ts it prints the shortest path to each state and the
 * simple paths (no state visited twice, bounded) as numbered English steps, and writes them as
 * JSON to test-paths/<machine>.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createActor, type AnyStateMachine, type EventObject, type Snapshot } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { machineModels, type MachineModel } from '../tests/models/catalog.ts';
import { toModelMachine } from '../tests/support/model-machine.ts';

const OUT_DIR = path.resolve('test-paths');
const MAX_SIMPLE_PATHS = Number(process.env.MAX_SIMPLE_PATHS ?? 60);

type AnyPath = StatePath<Snapshot<unknown> & { value: unknown }, EventObject>;

/** Every event type the (model) machine reacts to anywhere, with the catalog's sample payloads. */
function eventsOf(model: MachineModel, machine: AnyStateMachine): EventObject[] {
  const types = [...new Set(machine.events)].filter((type) => type !== '*' && !type.endsWith('.*'));
  return types.flatMap((type) => model.samples?.[type] ?? [{ type }]);
}

export function describeEvent(event: EventObject, labels: Record<string, string> = {}): string {
  const label = labels[event.type];
  if (label) return label;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `${done[1]} succeeds`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed) {
    const error = (event as { error?: { code?: string } }).error;
    return `${failed[1]} fails${error?.code ? ` (${error.code})` : ''}`;
  }
  const delay = /^model\.after\.(.+)$/.exec(event.type);
  if (delay) return `${delay[1]} ms pass`;
  const payload = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return payload.length ? `${event.type} (${payload.join(', ')})` : event.type;
}

export function describeState(value: unknown): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) =>
      typeof child === 'string' ? `${key}.${child}` : `${key}(${describeState(child)})`,
    )
    .join(' + ');
}

function toReadable(model: MachineModel, p: AnyPath) {
  const steps: Array<{ event: string; state: string; type: string; details: string[] }> = [];
  for (const step of p.steps.filter((s) => s.event.type !== 'xstate.init')) {
    const state = describeState(step.state.value);
    const event = describeEvent(step.event, model.labels);
    const last = steps.at(-1);
    // Typing into a form is one step for QA, whatever the order of the fields.
    if (last && last.type === step.event.type && last.state === state) {
      last.details = [...new Set([...last.details, event])].sort();
      last.event = last.details.join('; ');
    } else {
      steps.push({ event, state, type: step.event.type, details: [event] });
    }
  }
  return {
    end: describeState(p.state.value),
    steps: steps.map(({ event, state }) => ({ event, state })),
  };
}

/** Paths that are not the beginning of a longer one: the complete journeys. */
function maximal<T extends { steps: unknown[] }>(paths: T[]): T[] {
  const keys = paths.map((p) => JSON.stringify(p.steps).slice(0, -1));
  return paths.filter((_, i) => {
    const own = keys[i] ?? '';
    return !keys.some((other, j) => j !== i && other.length > own.length && other.startsWith(own));
  });
}

function distinct<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && Boolean(seen.add(key(item))));
}

export function pathsOf(model: MachineModel) {
  const machine = toModelMachine(model.machine, model.input);
  // One vertex per screen state (its value) and what of the context the catalog says matters.
  const options = {
    events: eventsOf(model, machine),
    serializeState: (snapshot: { value: unknown; context: never }) =>
      JSON.stringify([snapshot.value, model.stateKey?.(snapshot.context) ?? null]),
  } as never;
  const byLength = (a: AnyPath, b: AnyPath) => a.steps.length - b.steps.length;
  const shortest = distinct(
    (getShortestPaths(machine, options) as AnyPath[]).sort(byLength).map((p) => toReadable(model, p)),
    (p) => p.end,
  );
  const start = describeState(
    machine.getInitialSnapshot(createActor(machine).system as never, model.input as never).value,
  );
  const simple = maximal(
    distinct(
      (getSimplePaths(machine, options) as AnyPath[])
        .sort(byLength)
        .map((p) => toReadable(model, p))
        // A journey that never leaves the first state (typing, then nothing) shows QA nothing.
        .filter((p) => p.steps.some((step) => step.state !== start)),
      (p) => JSON.stringify(p.steps),
    ),
  ).slice(0, MAX_SIMPLE_PATHS);
  return { name: model.name, description: model.description, shortest, simple };
}

function print(paths: ReturnType<typeof pathsOf>): string {
  const lines = [`# ${paths.name}: ${paths.description}`];
  for (const [title, list] of [
    ['Shortest path to each state', paths.shortest],
    [`Complete journeys without repeating a state (first ${MAX_SIMPLE_PATHS}, shortest first)`, paths.simple],
  ] as const) {
    lines.push('', `## ${title}`);
    list.forEach((p, index) => {
      const steps = p.steps.map((step) => `${step.event} → ${step.state}`);
      lines.push(
        `${index + 1}. ${steps.length ? `start, ${steps.join(', then ')}` : 'start'} [ends in ${p.end}]`,
      );
    });
  }
  return lines.join('\n');
}

async function main() {
  await mkdir(OUT_DIR, { recursive: true });
  const only = process.argv[2];
  for (const model of machineModels.filter((m) => !only || m.name === only)) {
    const paths = pathsOf(model);
    console.log(print(paths), '\n');
    await writeFile(path.join(OUT_DIR, `${model.name}.json`), `${JSON.stringify(paths, null, 2)}\n`);
  }
  console.log(`JSON written to ${path.relative(process.cwd(), OUT_DIR)}/`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
