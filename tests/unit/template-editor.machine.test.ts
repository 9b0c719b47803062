import { createActor } from 'xstate';
import type { Template } from '../../contract/templates.contract.ts';
import type { Notice } from '../../src/machines/notify.ts';
import { templateEditorMachine, type SaveTemplateInput } from '../../src/machines/template-editor.machine.ts';
import { controlledActor, settle } from '../support/controlled-actor.ts';

const stored: Template = {
  id: 'tpl-1',
  name: 'Offer',
  subject: '',
  content: '<p>Dear {{name}}, see our offer today.</p>',
  editor: 'visual',
  variables: [],
  owner_id: 'u1',
  owner_username: 'sara',
  created_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
};

function start(templateId: string | null) {
  const load = controlledActor<Template, { id: string }>();
  const save = controlledActor<Template, SaveTemplateInput>();
  const notices: Notice[] = [];
  const actor = createActor(
    templateEditorMachine.provide({
      actors: { loadTemplate: load.logic, saveTemplate: save.logic },
      actions: { notify: (_, notice) => void notices.push(notice) },
    }),
    { input: { templateId } },
  ).start();
  return { actor, load, save, notices };
}

describe('template editor machine', () => {
  it('switches modes without touching the content, and is clean again when back where it was', async () => {
    const { actor, load } = start('tpl-1');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    load.resolve(stored);
    await settle();
    actor.send({ type: 'template.mode', mode: 'html' });
    expect(actor.getSnapshot().context.draft).toEqual({ ...draftOf(stored), editor: 'html' });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'template.mode', mode: 'visual' });
    expect(actor.getSnapshot().context.dirty).toBe(false);
  });

  it('names the undeclared variables at save and sends nothing', () => {
    const { actor, save } = start(null);
    actor.send({ type: 'template.edit', field: 'name', value: 'Promo' });
    actor.send({ type: 'template.edit', field: 'content', value: '<p>Hello {{city}} and {{zip}}!</p>' });
    actor.send({ type: 'template.save' });
    expect(save.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ content: 'validation.undeclaredVariable' });
    expect(actor.getSnapshot().context.undeclared).toEqual(['city', 'zip']);
    actor.send({ type: 'variable.add', name: 'city' });
    actor.send({ type: 'variable.add', name: 'zip' });
    actor.send({ type: 'template.save' });
    expect(save.last().input).toMatchObject({ id: null, draft: { variables: ['city', 'zip'] } });
  });

  it.each([
    ['', 'validation.variableRequired'],
    ['مدينة', 'validation.variableEnglish'],
    ['2nd', 'validation.variableEnglish'],
    ['email', 'validation.variablePredefined'],
  ])('refuses the variable name %j with %s', (name, key) => {
    const { actor } = start(null);
    actor.send({ type: 'variable.add', name });
    expect(actor.getSnapshot().context.fieldErrors.variable).toBe(key);
    expect(actor.getSnapshot().context.draft.variables).toEqual([]);
  });

  it('saves an existing template under its id, adopts the answer and says so', async () => {
    const { actor, load, save, notices } = start('tpl-1');
    load.resolve(stored);
    await settle();
    actor.send({ type: 'template.edit', field: 'name', value: 'Offer 2' });
    actor.send({ type: 'template.save' });
    expect(save.last().input.id).toBe('tpl-1');
    save.resolve({ ...stored, name: 'Offer 2' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ dirty: false, draft: { name: 'Offer 2' } });
    expect(notices).toEqual([{ kind: 'success', key: 'templates:saved' }]);
  });

  it('keeps the draft and shows the server field errors when a save is refused', async () => {
    const { actor, load, save, notices } = start('tpl-1');
    load.resolve(stored);
    await settle();
    actor.send({ type: 'template.edit', field: 'subject', value: 'New subject' });
    actor.send({ type: 'template.save' });
    save.reject({ code: 'errors.validation', status: 400, fields: { subject: 'validation.tooLong' } });
    await settle();
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context).toMatchObject({ dirty: true, fieldErrors: { subject: 'validation.tooLong' } });
    expect(context.draft.subject).toBe('New subject');
    expect(notices.at(-1)).toEqual({ kind: 'error', key: 'errors.validation' });
  });
});

function draftOf({ name, subject, content, editor, variables }: Template) {
  return { name, subject, content, editor, variables };
}
