import { fromPromise } from 'xstate';
import { templateEndpoints } from '../../../contract/templates.contract.ts';
import type { Notify } from '../../machines/notify.ts';
import { templateEditorMachine } from '../../machines/template-editor.machine.ts';
import type { Call } from '../../services/http.ts';

/** The template editor with its real calls; `leave` comes from the screen (router). */
export function provideTemplateEditor({
  call,
  notify,
  leave,
}: {
  call: Call;
  notify: Notify;
  leave: () => void;
}) {
  return templateEditorMachine.provide({
    actors: {
      loadTemplate: fromPromise(({ input, signal }) =>
        call(templateEndpoints.get, { params: { id: input.id } }, signal),
      ),
      saveTemplate: fromPromise(({ input, signal }) =>
        input.id === null
          ? call(templateEndpoints.create, { body: input.draft }, signal)
          : call(templateEndpoints.update, { params: { id: input.id }, body: input.draft }, signal),
      ),
    },
    actions: { notify: (_, notice) => notify(notice), leave: () => leave() },
  });
}
