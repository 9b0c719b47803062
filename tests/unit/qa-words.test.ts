import { eventsOf, modelOf, omittedTypes } from '../../scripts/qa/paths.ts';
import { atomicPaths, isServiceEvent, qaLanguages, qaTexts } from '../../scripts/qa/words.ts';
import { machineModels } from '../models/catalog.ts';

/**
 * The words QA reads (src/i18n/locales/{ar,en}/qa.json) are complete: every event the walk
 * tries has an action (and, for the server's answers, what it answers), one per sample payload
 * when the catalog gives several; every atomic state says what must be seen; every event left
 * out of the walk says why.
 */
describe('QA words for the catalogued machines (qa namespace)', () => {
  it.each(
    qaLanguages.flatMap((language) => machineModels.map((model) => [model.name, language, model] as const)),
  )('%s has every event and state in words (%s)', (name, language, model) => {
    const words = qaTexts[language].machines[name];
    expect(words, `qa:machines.${name}`).toBeDefined();
    const machine = modelOf(model);
    const missing: string[] = [];
    const need = (text: unknown, key: string, count: number) => {
      const texts = Array.isArray(text) ? text : [text];
      const ok =
        (Array.isArray(text) ? text.length === count : typeof text === 'string') &&
        texts.every((item) => typeof item === 'string' && item.trim() !== '');
      if (!ok) missing.push(key);
    };
    for (const type of new Set(eventsOf(model, machine).map((event) => event.type))) {
      const count = model.samples?.[type]?.length ?? 1;
      need(words?.events[type], `events.${type}`, count);
      if (isServiceEvent(type)) need(words?.answers?.[type], `answers.${type}`, count);
    }
    for (const state of atomicPaths(machine)) need(words?.states[state], `states.${state}`, 1);
    for (const type of omittedTypes(model, machine)) {
      need(words?.omitted?.[type] ?? words?.omitted?.other, `omitted.${type}`, 1);
    }
    expect(missing).toEqual([]);
  });

  it('has no words for machines, events or states that are gone', () => {
    const stale: string[] = [];
    for (const language of qaLanguages) {
      for (const [name, words] of Object.entries(qaTexts[language].machines)) {
        const model = machineModels.find((item) => item.name === name);
        if (!model) {
          stale.push(`${language}:${name}`);
          continue;
        }
        const machine = modelOf(model);
        const types = new Set(machine.events);
        const states = new Set(atomicPaths(machine));
        for (const type of Object.keys(words.events))
          if (!types.has(type)) stale.push(`${language}:${name}.events.${type}`);
        for (const state of Object.keys(words.states))
          if (!states.has(state)) stale.push(`${language}:${name}.states.${state}`);
      }
    }
    expect(stale).toEqual([]);
  });
});
