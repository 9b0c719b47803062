/**
 * One user's sender identities as an administrator manages them (spec §1, §3 User): domains with
 * their DNS records, sender e-mails on those domains, and display names.
 *
 *   loading --done--> ready.idle          loading --error--> failed --identities.retry--> loading
 *   ready.idle --identities.check {domainId}--> checking --> idle (the domain's records replaced)
 *   ready.idle --identities.remove {kind,id}--> confirming --confirm--> removing --> idle
 *                                                          --cancel--> idle
 *   ready --identities.added {kind,item}--> (the new item shown, in any substate)
 *
 * Adding goes through one submit actor per form (src/machines/submit.machine.ts, checks in
 * identity-checks.ts); this machine only takes in what it saved. One check or removal runs at a
 * time, so a removal never races the check of the domain it removes.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SenderDomain, SenderIdentities } from '../../../contract/senders.contract.ts';
import type { AdminUser } from '../../../contract/users.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';
import {
  withAdded,
  withoutItem,
  withDomain,
  type AddedIdentity,
  type IdentityKind,
} from './identities.update.ts';

export interface IdentitiesLoad {
  user: AdminUser;
  identities: SenderIdentities;
}

export interface IdentityRef {
  kind: IdentityKind;
  id: string;
}

export interface IdentitiesContext {
  userId: string;
  user: AdminUser | null;
  identities: SenderIdentities | null;
  /** i18n key of a failed load. */
  errorKey: string | null;
  /** The domain being checked, or the item whose removal is asked or running. */
  pending: IdentityRef | null;
}

export type IdentitiesEvent =
  | { type: 'identities.retry' }
  | ({ type: 'identities.added' } & AddedIdentity)
  | { type: 'identities.check'; domainId: string }
  | { type: 'identities.remove'; kind: IdentityKind; id: string }
  | { type: 'identities.confirm' }
  | { type: 'identities.cancel' };

const removedKeys: Record<IdentityKind, string> = {
  domain: 'senders:notices.domainRemoved',
  email: 'senders:notices.emailRemoved',
  name: 'senders:notices.nameRemoved',
};

export const senderIdentitiesMachine = setup({
  types: {
    context: {} as IdentitiesContext,
    events: {} as IdentitiesEvent,
    input: {} as { userId: string },
    tags: {} as 'busy',
  },
  actors: {
    loadIdentities: fromPromise<IdentitiesLoad, { userId: string }>(async () =>
      notProvided('loadIdentities'),
    ),
    checkDomain: fromPromise<SenderDomain, { userId: string; domainId: string }>(async () =>
      notProvided('checkDomain'),
    ),
    removeIdentity: fromPromise<unknown, { userId: string } & IdentityRef>(async () =>
      notProvided('removeIdentity'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    storeLoad: assign((_, load: IdentitiesLoad) => ({ ...load, errorKey: null })),
    storeLoadFailure: assign((_, params: { error: unknown }) => ({
      errorKey: toAppError(params.error).code,
    })),
    add: assign(({ context }, added: AddedIdentity) => ({
      identities: context.identities && withAdded(context.identities, added),
    })),
    markPending: assign((_, pending: IdentityRef) => ({ pending })),
    clearPending: assign({ pending: null }),
    storeDomain: assign(({ context }, domain: SenderDomain) => ({
      identities: context.identities && withDomain(context.identities, domain),
    })),
    dropPending: assign(({ context }) => ({
      identities: context.identities && context.pending && withoutItem(context.identities, context.pending),
    })),
  },
}).createMachine({
  id: 'senderIdentities',
  context: ({ input }) => ({
    userId: input.userId,
    user: null,
    identities: null,
    errorKey: null,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadIdentities',
        src: 'loadIdentities',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'storeLoad', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'identities.retry': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'identities.added': { actions: { type: 'add', params: ({ event }) => event } },
      },
      states: {
        idle: {
          entry: 'clearPending',
          on: {
            'identities.check': {
              target: 'checking',
              actions: {
                type: 'markPending',
                params: ({ event }) => ({ kind: 'domain', id: event.domainId }),
              },
            },
            'identities.remove': {
              target: 'confirming',
              actions: { type: 'markPending', params: ({ event }) => ({ kind: event.kind, id: event.id }) },
            },
          },
        },
        confirming: {
          on: { 'identities.confirm': 'removing', 'identities.cancel': 'idle' },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'checkDomain',
            src: 'checkDomain',
            input: ({ context }) => ({ userId: context.userId, domainId: context.pending?.id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeDomain', params: ({ event }) => event.output },
                {
                  type: 'notify',
                  params: ({ event }) =>
                    event.output.verified_at
                      ? { kind: 'success', key: 'senders:notices.verified' }
                      : { kind: 'error', key: 'senders:notices.notVerified' },
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeIdentity',
            src: 'removeIdentity',
            input: ({ context }) => ({
              userId: context.userId,
              kind: context.pending?.kind ?? 'name',
              id: context.pending?.id ?? '',
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }: { context: IdentitiesContext }) => ({
                    kind: 'success' as const,
                    key: removedKeys[context.pending?.kind ?? 'name'],
                  }),
                },
                'dropPending',
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
            },
          },
        },
      },
    },
  },
});

export type SenderIdentitiesActorRef = ActorRefFrom<typeof senderIdentitiesMachine>;
export type SenderIdentitiesSnapshot = SnapshotFrom<typeof senderIdentitiesMachine>;

export const selectIdentities = (snapshot: SenderIdentitiesSnapshot) => snapshot.context.identities;
export const selectIdentitiesUser = (snapshot: SenderIdentitiesSnapshot) => snapshot.context.user;
export const selectIsLoading = (snapshot: SenderIdentitiesSnapshot) => snapshot.matches('loading');
export const selectLoadError = (snapshot: SenderIdentitiesSnapshot) =>
  snapshot.matches('failed') ? snapshot.context.errorKey : null;
export const selectIsBusy = (snapshot: SenderIdentitiesSnapshot) => snapshot.hasTag('busy');
/** The domain whose records are being looked up now. */
export const selectCheckingId = (snapshot: SenderIdentitiesSnapshot) =>
  snapshot.matches({ ready: 'checking' }) ? (snapshot.context.pending?.id ?? null) : null;
/** The item the removal question is about (while asking and while removing). */
export const selectPendingRemoval = (snapshot: SenderIdentitiesSnapshot): IdentityRef | null =>
  snapshot.matches({ ready: 'confirming' }) || snapshot.matches({ ready: 'removing' })
    ? snapshot.context.pending
    : null;
export const selectIsRemoving = (snapshot: SenderIdentitiesSnapshot) =>
  snapshot.matches({ ready: 'removing' });

/** The name of the item the removal question is about: its domain, address or display name. */
export function selectPendingLabel(snapshot: SenderIdentitiesSnapshot): string {
  const pending = selectPendingRemoval(snapshot);
  const identities = snapshot.context.identities;
  if (!pending || !identities) return '';
  if (pending.kind === 'domain') return identities.domains.find((row) => row.id === pending.id)?.domain ?? '';
  if (pending.kind === 'email') return identities.emails.find((row) => row.id === pending.id)?.email ?? '';
  return identities.names.find((row) => row.id === pending.id)?.name ?? '';
}
