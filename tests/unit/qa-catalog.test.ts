import { StateMachine, type AnyStateMachine } from 'xstate';
import { machineModels } from '../models/catalog.ts';

/**
 * Every XState machine the app's code exports (src/machines/**) is in QA's catalog
 * (tests/models/catalog.ts), so `npm run test:paths` prints its paths and tests/unit/qa-words
 * requires its words in both languages. Found by importing every module there: a machine added
 * anywhere under src/machines without its catalog entry fails here.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../src/machines/**/*.ts', '!../../src/machines/**/*.test.ts'],
  { eager: true },
);

function exportedMachines(): Array<{ name: string; machine: AnyStateMachine }> {
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => value instanceof StateMachine)
      .map(([name, value]) => ({
        name: `${file.replace('../../src/machines/', '')}: ${name}`,
        machine: value as never,
      })),
  );
}

/**
 * Machines QA does not walk, with why. Only for a machine whose paths would show a tester nothing:
 * its behaviour is walked where a screen's journey uses it.
 */
const notWalked: Record<string, string> = {
  'send-wizard/uploads.machine.ts: uploadsMachine':
    'no states to walk: the files of the Attachments step, each uploaded by an actor of its own, kept in its context; the sendList and sendExcel journeys upload through it',
};

describe('QA catalog', () => {
  it('finds the machines by importing src/machines', () => {
    const names = exportedMachines().map((item) => item.name);
    expect(names).toContain('auth.machine.ts: authMachine');
    expect(names.length).toBeGreaterThan(20);
  });

  it('holds every machine src/machines exports', () => {
    const catalogued = new Set<unknown>(machineModels.map((model) => model.source ?? model.machine));
    const missing = exportedMachines()
      .filter((item) => !catalogued.has(item.machine) && !notWalked[item.name])
      .map((item) => item.name);
    expect(missing).toEqual([]);
  });

  it('leaves out only machines that exist, with a reason', () => {
    const names = new Set(exportedMachines().map((item) => item.name));
    for (const [name, reason] of Object.entries(notWalked)) {
      expect(names.has(name), name).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('names each machine once', () => {
    const names = machineModels.map((model) => model.name);
    expect(names.length).toBe(new Set(names).size);
  });
});
