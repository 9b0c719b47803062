import { createActor, type Snapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import type { Template } from '../../../contract/templates.contract.ts';
import {
  problemsOf,
  templateEditorMachine,
  type SaveTemplateInput,
  type TemplateEditorContext,
} from '../../../src/machines/template-editor.machine.ts';
import type { AppError } from '../../../src/lib/app-error.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { toModelMachine } from '../../support/model-machine.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
type ModelSnapshot = Snapshot<unknown> & { value: unknown; context: TemplateEditorContext };
type ModelPath = TestPath<ModelSnapshot, ModelEvent>;

const stored: Template = {
  id: 'tpl-1',
  name: 'Stored',
  subject: 'Hi {{name}}',
  content: '<p>Dear {{name}}, your code is {{code}}</p>',
  editor: 'html',
  variables: ['code'],
  owner_id: 'u1',
  owner_username: 'sara',
  created_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
};
// What the server answers to a save: the machine adopts it as the new saved state.
const answered: Template = { ...stored, id: 'tpl-saved', name: 'Welcome', editor: 'visual' };
const refused: AppError = { code: 'errors.validation', status: 400, fields: { name: 'validation.tooLong' } };
const offline: AppError = { code: 'errors.network', status: null };

const events: Array<[ModelEvent, string]> = [
  [{ type: 'xstate.done.actor.loadTemplate', output: stored }, 'loaded'],
  [{ type: 'xstate.error.actor.loadTemplate', error: offline }, 'load failed'],
  [{ type: 'template.retry' }, 'retry'],
  [{ type: 'template.edit', field: 'name', value: 'Welcome' }, 'name'],
  [{ type: 'template.edit', field: 'content', value: '<p>Hi</p>' }, 'short content'],
  [{ type: 'template.edit', field: 'content', value: '<p>Dear {{name}}, code {{code}}</p>' }, 'content'],
  [{ type: 'template.mode', mode: 'html' }, 'to HTML'],
  [{ type: 'template.mode', mode: 'visual' }, 'to visual'],
  [{ type: 'variable.add', name: 'code' }, 'add code'],
  [{ type: 'variable.add', name: 'مدينة' }, 'add Arabic variable'],
  [{ type: 'variable.remove', name: 'code' }, 'remove code'],
  [{ type: 'template.save' }, 'save'],
  [{ type: 'xstate.done.actor.saveTemplate', output: answered }, 'saved'],
  [{ type: 'xstate.error.actor.saveTemplate', error: refused }, 'save refused'],
  [{ type: 'template.leave' }, 'leave'],
  [{ type: 'leave.confirm' }, 'confirm leave'],
  [{ type: 'leave.cancel' }, 'stay'],
];

function label(path: ModelPath) {
  const words = path.steps.map((step) => events.find(([event]) => event === step.event)?.[1]);
  return `${words.filter(Boolean).join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
}

// The draft, the dirty flag and the problems shown make a state; what was saved only feeds `dirty`.
const serializeState = (state: ModelSnapshot) => {
  const { draft, dirty, fieldErrors } = state.context;
  return JSON.stringify([state.value, draft, dirty, Object.entries(fieldErrors).sort()]);
};

function modelTest(templateId: string | null) {
  const model = createTestModel(toModelMachine(templateEditorMachine, { templateId }), {
    events: events.map(([event]) => event) as never,
    serializeState: serializeState as never,
  });

  function run(path: ModelPath) {
    it(label(path), async () => {
      const load = controlledActor<Template, { id: string }>();
      const save = controlledActor<Template, SaveTemplateInput>();
      let left = 0;
      const actor = createActor(
        templateEditorMachine.provide({
          actors: { loadTemplate: load.logic, saveTemplate: save.logic },
          actions: { leave: () => void (left += 1) },
        }),
        { input: { templateId } },
      ).start();
      const after = (work: () => void) => async () => {
        work();
        await settle();
      };
      const send = ({ event }: { event: ModelEvent }) => void actor.send(event as never);
      await path.test({
        events: {
          'xstate.done.actor.loadTemplate': after(() => load.resolve(stored)),
          'xstate.error.actor.loadTemplate': after(() => load.reject(offline)),
          'template.retry': send,
          'template.edit': send,
          'template.mode': send,
          'variable.add': send,
          'variable.remove': send,
          'template.save': async () => {
            const before = save.calls.length;
            const { draft } = actor.getSnapshot().context;
            actor.send({ type: 'template.save' });
            await settle();
            // Only a draft that passes the contract's rules reaches the server, and all of it.
            if (save.calls.length > before) {
              expect(problemsOf(draft).fieldErrors).toEqual({});
              expect(save.last().input).toEqual({ id: actor.getSnapshot().context.templateId, draft });
            }
          },
          'xstate.done.actor.saveTemplate': after(() => save.resolve(answered)),
          'xstate.error.actor.saveTemplate': after(() => save.reject(refused)),
          'template.leave': send,
          'leave.confirm': send,
          'leave.cancel': send,
        },
        states: {
          '*': (state) => {
            const real = actor.getSnapshot();
            expect(real.value).toEqual(state.value);
            expect(real.context.draft).toEqual(state.context.draft);
            expect(real.context.dirty).toBe(state.context.dirty);
            expect(real.context.fieldErrors).toEqual(state.context.fieldErrors);
            expect(left).toBe(real.value === 'left' ? 1 : 0);
          },
        },
      });
    });
  }

  const paths = model.getShortestPaths() as ModelPath[];
  it('reaches loading failures, saving, the leave question and a closed editor', () => {
    const values = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect(values).toContain('"saving"');
    expect(values).toContain('"confirmingLeave"');
    expect(values).toContain('"left"');
    expect(paths.length).toBeLessThan(2000);
  });
  describe('shortest paths', () => paths.forEach(run));
}

describe('template editor model: a new template', () => modelTest(null));
describe('template editor model: an existing template', () => modelTest('tpl-1'));
