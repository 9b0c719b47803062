import { fromPromise } from 'xstate';
import { passwordResetEndpoints } from '../../../contract/password-reset.contract.ts';
import type { Notify } from '../../machines/notify.ts';
import { requestResetMachine } from '../../machines/password-reset/request-reset.machine.ts';
import { resetPasswordMachine } from '../../machines/password-reset/reset-password.machine.ts';
import type { Call } from '../../services/http.ts';

type Deps = { call: Call; notify: Notify };

/** The forgot-password machine with its real call. */
export function provideRequestReset({ call, notify }: Deps) {
  return requestResetMachine.provide({
    actors: {
      requestResetLink: fromPromise(async ({ input, signal }) => {
        await call(passwordResetEndpoints.forgot, { body: input }, signal);
      }),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
}

/** The reset-password machine with its real calls; `goToLogin` comes from the router. */
export function provideResetPassword({ call, notify, goToLogin }: Deps & { goToLogin: () => void }) {
  return resetPasswordMachine.provide({
    actors: {
      checkResetLink: fromPromise(async ({ input, signal }) => {
        await call(passwordResetEndpoints.check, { params: input }, signal);
      }),
      resetPassword: fromPromise(({ input, signal }) =>
        call(passwordResetEndpoints.reset, { body: input }, signal),
      ),
    },
    actions: { notify: (_, notice) => notify(notice), goToLogin },
  });
}
