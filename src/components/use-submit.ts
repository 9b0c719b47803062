import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useAppServices } from '../app/app-services.tsx';
import { submitMachine, type FieldErrors } from '../machines/submit.machine.ts';

/** A submit actor for one form: `save` sends the values, `saved` reacts to the answer. */
export function useSubmit<Values, Output>(options: {
  successKey: string;
  save: (values: Values) => Promise<Output>;
  saved?: (output: Output) => void;
  check?: (values: Values) => FieldErrors;
}) {
  const { notify } = useAppServices();
  const actor = useActorRef(
    submitMachine.provide({
      actors: { save: fromPromise(({ input }) => options.save(input as Values)) },
      actions: {
        notify: (_, notice) => notify(notice),
        saved: (_, output) => options.saved?.(output as Output),
      },
    }),
    { input: { successKey: options.successKey, check: options.check as (values: unknown) => FieldErrors } },
  );
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  return { submit: (values: Values) => actor.send({ type: 'submit', values }), busy, fieldErrors, errorKey };
}
