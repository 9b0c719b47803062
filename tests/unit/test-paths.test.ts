import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import Papa from 'papaparse';
import { csvColumns, render, toGherkin } from '../../scripts/qa/formats.ts';
import { journeyPath, journeys, replay } from '../../scripts/qa/journeys.ts';
import { machinePaths, rawPathsOf } from '../../scripts/qa/paths.ts';
import { atomicPaths, isPassing, isPassingLeaves, leafPaths } from '../../scripts/qa/words.ts';
import { documents, journeysDocument, machineDocument, parseOptions } from '../../scripts/test-paths.ts';
import { machineModels } from '../models/catalog.ts';

const parse = (text: string) =>
  new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher()).parse(text);

/** Words a tester does not use: state names and event types of the machines. */
function internalNames(): RegExp {
  const names = new Set<string>();
  for (const model of machineModels) {
    for (const state of atomicPaths(model.machine))
      if (state.includes('.') || /[A-Z]/.test(state)) names.add(state);
    for (const type of model.machine.events) if (type.includes('.')) names.add(type);
  }
  const escaped = [...names].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(^|[^\\w.])(${escaped.join('|')})(?![\\w.])|xstate\\.|\\[[a-z]+[.A-Z]`);
}

describe('QA test paths (npm run test:paths)', () => {
  it('reads its options and refuses unknown ones', () => {
    expect(parseOptions([])).toEqual({ lang: 'ar', format: 'md', max: 60 });
    expect(
      parseOptions(['--lang', 'en', '--format', 'gherkin', '--machine', 'auth', '--max', '5', '--out', 'x/']),
    ).toEqual({ lang: 'en', format: 'gherkin', machine: 'auth', max: 5, out: 'x/' });
    expect(parseOptions(['reset-password']).machine).toBe('reset-password');
    expect(() => parseOptions(['--lang', 'fr'])).toThrow(/--lang/);
    expect(() => parseOptions(['--format', 'xls'])).toThrow(/--format/);
    expect(() => parseOptions(['--machine', 'nope'])).toThrow(/--machine/);
    expect(() => parseOptions(['--max', '0'])).toThrow(/--max/);
  });

  it.each(machineModels.map((model) => [model.name, model] as const))(
    'walks %s into steps with an expected result each, ending where something can be checked',
    (_, model) => {
      const { shortest, simple, extra } = rawPathsOf(model);
      // A form with one busy state has no checkable state but its first: no shortest path then.
      expect(simple.length).toBeGreaterThan(0);
      for (const path of [...shortest, ...simple, ...extra]) {
        const end = path.steps.at(-1)?.to ?? path.start;
        expect(isPassingLeaves(model.machine, end), end.join()).toBe(false);
      }
      for (const language of ['ar', 'en'] as const) {
        const paths = machinePaths(model, language);
        for (const path of [...paths.shortest, ...paths.simple, ...paths.extra]) {
          expect(path.steps.length).toBeGreaterThan(1);
          for (const step of path.steps) {
            expect(step.action.trim()).not.toBe('');
            expect(step.expected.trim()).not.toBe('');
          }
        }
      }
    },
  );

  it('ends no path in a state that only waits for the server', () => {
    const auth = machineModels.find((model) => model.name === 'auth')!;
    const ends = [...rawPathsOf(auth).simple, ...rawPathsOf(auth).shortest].map(
      (p) => p.steps.at(-1)?.to ?? p.start,
    );
    expect(ends.flat()).not.toContain('signingOut');
    expect(ends.flat()).not.toContain('signedOut.submitting');
    expect(isPassing(auth.machine, 'signingOut')).toBe(true);
    expect(isPassing(auth.machine, { signedOut: 'idle' })).toBe(false);
    expect(leafPaths({ valid: { validation: 'judged', submission: 'idle' } })).toEqual([
      'valid.validation.judged',
      'valid.submission.idle',
    ]);
  });

  it('prints a manual test script without internal state names or event types, in both languages', () => {
    const pattern = internalNames();
    for (const language of ['ar', 'en'] as const) {
      const text = render('md', language, documents({ lang: language, format: 'md', max: 60 }));
      const found = text.split('\n').filter((line) => pattern.test(line) && !line.startsWith('- '));
      expect(found).toEqual([]);
      expect(text).toContain(language === 'ar' ? 'النتيجة المتوقعة' : 'Expected result');
    }
  });

  it('summarises coverage per machine and names what is left out on purpose, with the reason', () => {
    const campaigns = machineDocument('campaign-control', 'en', 60);
    expect(campaigns.coverage?.omitted).toEqual([
      { event: 'campaigns.recheck', reason: expect.stringContaining('interval') },
    ]);
    const auth = machineDocument('auth', 'en', 60).coverage!;
    expect(auth.states).toEqual({ covered: 9, total: 9, missing: [] });
    expect(auth.transitions.covered).toBeGreaterThan(auth.transitions.total - 3);
    expect(render('md', 'en', [campaigns])).toMatch(/Left out on purpose: campaigns\.recheck: Coming back/);
  });

  it('gives every state and transition the printed paths miss its reason, in both languages', () => {
    const unexplained: string[] = [];
    for (const model of machineModels) {
      for (const language of ['ar', 'en'] as const) {
        const { reasons } = machinePaths(model, language).coverage;
        for (const [item, reason] of Object.entries(reasons)) {
          if (!reason.trim()) unexplained.push(`${language} ${model.name}: ${item}`);
        }
      }
    }
    expect(unexplained).toEqual([]);
    const campaigns = machineDocument('campaign-control', 'en', 60);
    expect(render('md', 'en', [campaigns])).toMatch(/Not covered: polling\.settling: A passing moment/);
  });

  it('writes Gherkin that @cucumber/gherkin parses, with Arabic keywords for ar', () => {
    const docs = [machineDocument('reset-password', 'ar', 60), journeysDocument('ar')];
    for (const doc of docs) {
      const text = toGherkin('ar', doc);
      expect(text.startsWith('# language: ar\n')).toBe(true);
      const feature = parse(text).feature!;
      expect(feature.language).toBe('ar');
      expect(feature.keyword).toBe('خاصية');
      const scenarios = feature.children.map((child) => child.scenario!);
      const count = doc.sections.reduce((sum, section) => sum + section.paths.length, 0);
      expect(scenarios).toHaveLength(count);
      const keywords = new Set(scenarios.flatMap((s) => s.steps.map((step) => step.keyword.trim())));
      expect([...keywords].sort()).toEqual(['بفرض', 'ثم', 'عندما'].sort());
      // Each path step is a When and a Then; the first is the preconditions and what they show.
      const first = doc.sections.flatMap((section) => section.paths)[0]!;
      expect(scenarios[0]!.steps).toHaveLength(first.steps.length * 2);
    }
    const english = parse(toGherkin('en', journeysDocument('en'))).feature!;
    expect(english.language).toBe('en');
    expect(english.children[0]!.scenario!.steps.map((step) => step.keyword.trim()).slice(0, 3)).toEqual([
      'Given',
      'Then',
      'When',
    ]);
  });

  it('writes CSV in the multi-row TestRail/Xray shape: one row per step, ID on every row', () => {
    const doc = journeysDocument('ar');
    const { data } = Papa.parse<string[]>(render('csv', 'ar', [doc]), { skipEmptyLines: true });
    expect(data[0]).toEqual([...csvColumns]);
    const rows = data.slice(1);
    const paths = doc.sections[0]!.paths;
    expect(rows).toHaveLength(paths.reduce((sum, path) => sum + path.steps.length, 0));
    const first = rows.filter((row) => row[0] === 'journeys-1');
    expect(first).toHaveLength(paths[0]!.steps.length);
    expect(first[0]!.slice(1, 5)).toEqual([
      paths[0]!.title,
      `${doc.title} / ${doc.sections[0]!.heading}`,
      paths[0]!.preconditions,
      '1',
    ]);
    expect(first[1]!.slice(1, 4)).toEqual(['', '', '']);
    for (const row of rows) expect(row[6]?.trim()).not.toBe('');
  });

  it('composes the app-level journeys from the machines, each replayed on its machine', () => {
    for (const journey of journeys) {
      for (const language of ['ar', 'en'] as const) {
        const path = journeyPath(language, journey);
        expect(path.steps.length).toBeGreaterThan(2);
      }
    }
    expect(() => replay({ machine: 'auth', events: ['auth.logout'] })).toThrow(/not taken/);
    expect(() =>
      replay({ machine: 'auth', events: ['xstate.done.actor.restoreSession#1', 'auth.login#0'] }),
    ).toThrow(/ends waiting/);
  });
});
