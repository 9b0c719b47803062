import { describeEvent, describeState, pathsOf } from '../../scripts/test-paths.ts';
import { machineModels } from '../models/catalog.ts';

describe('the QA path listing (npm run test:paths)', () => {
  it('reads events and states as English steps', () => {
    expect(describeEvent({ type: 'xstate.done.actor.loadThemes' })).toBe('loadThemes succeeds');
    expect(describeEvent({ type: 'xstate.error.actor.x', error: { code: 'errors.network' } } as never)).toBe(
      'x fails (errors.network)',
    );
    expect(describeEvent({ type: 'model.after.300' })).toBe('300 ms pass');
    expect(describeEvent({ type: 'reset.request', language: 'en' } as never)).toBe(
      'reset.request (language="en")',
    );
    expect(describeState({ valid: { validation: 'judged', submission: 'idle' } })).toBe(
      'valid(validation.judged + submission.idle)',
    );
  });

  it.each(machineModels.map((model) => [model.name, model] as const))(
    'walks the %s machine to more than its first state',
    (_, model) => {
      const paths = pathsOf(model);
      expect(paths.shortest.length).toBeGreaterThan(1);
      expect(paths.simple.length).toBeGreaterThan(0);
      for (const path of paths.simple) expect(path.steps.length).toBeGreaterThan(0);
    },
  );

  it('reaches the end states a user can reach in the reset-password flow', () => {
    const paths = pathsOf(machineModels.find((model) => model.name === 'reset-password')!);
    const ends = paths.shortest.map((path) => path.end);
    expect(ends).toEqual(expect.arrayContaining(['invalid', 'done', 'checkingLink']));
  });
});
