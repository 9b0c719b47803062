import { fromPromise } from 'xstate';
import { userEndpoints } from '../../../contract/users.contract.ts';
import type { Notify } from '../../machines/notify.ts';
import { senderIdentitiesMachine } from '../../machines/senders/sender-identities.machine.ts';
import type { Call } from '../../services/http.ts';
import { checkDomain, listIdentities, removeIdentity } from '../../services/senders.service.ts';

/** The sender identities screen's machine with its real calls. */
export function provideSenderIdentities({ call, notify }: { call: Call; notify: Notify }) {
  return senderIdentitiesMachine.provide({
    actors: {
      // The user's own record names the page ("Sender identities of layla") and says whether it exists.
      loadIdentities: fromPromise(async ({ input, signal }) => {
        const [user, identities] = await Promise.all([
          call(userEndpoints.get, { params: { id: input.userId } }, signal),
          listIdentities(call, input.userId, signal),
        ]);
        return { user, identities };
      }),
      checkDomain: fromPromise(({ input, signal }) =>
        checkDomain(call, input.userId, input.domainId, signal),
      ),
      removeIdentity: fromPromise(({ input, signal }) =>
        removeIdentity(call, input.userId, { kind: input.kind, id: input.id }, signal),
      ),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
}
