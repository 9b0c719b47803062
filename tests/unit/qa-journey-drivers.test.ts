import { journeyPath, journeys } from '../../scripts/qa/journeys.ts';
import { actions, checks, unwalkable, waitsForServer, walkedIn } from '../e2e/qa-journeys/runner.ts';

/**
 * The printed journeys are what CI walks in Chromium (tests/e2e/qa-journeys*.e2e.ts): every
 * journey is walked by one of the two files, and every printed step maps, by its ids, to a
 * Playwright action and (unless its state only waits for the server) a check. Checked here
 * without a browser, so a journey or step added without its driver fails the unit tests too.
 */
describe('QA journeys and their Chromium drivers', () => {
  it('walks every journey in exactly one e2e file', () => {
    const walked = Object.values(walkedIn).flat();
    expect([...walked].sort()).toEqual(journeys.map((journey) => journey.id).sort());
    expect(new Set(walked).size).toBe(walked.length);
  });

  it.each(journeys.map((journey) => [journey.id, journey] as const))(
    '%s: every printed step has an action, and a check where something can be seen',
    (_, journey) => {
      expect(unwalkable(journey)).toEqual([]);
      for (const language of ['ar', 'en'] as const) {
        for (const step of journeyPath(language, journey).steps) expect(step.act).toBeTruthy();
      }
    },
  );

  it('has no driver that no printed step uses', () => {
    const steps = journeys.flatMap((journey) => journeyPath('en', journey).steps);
    const acts = new Set(steps.map((step) => step.act));
    const sees = new Set(steps.flatMap((step) => (step.see ? [step.see] : [])));
    expect(Object.keys(actions).filter((key) => !acts.has(key))).toEqual([]);
    expect(Object.keys(checks).filter((key) => !sees.has(key))).toEqual([]);
  });

  it('skips the check only where the state waits for the server', () => {
    expect(waitsForServer('auth@signedOut.submitting')).toBe(true);
    expect(waitsForServer('auth@signedOut.idle')).toBe(false);
    expect(() => waitsForServer('nope@idle')).toThrow(/no machine/);
  });
});
