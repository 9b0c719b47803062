import { describe, expect, it, vi } from 'vitest';
import { createActor, type Snapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import type { SenderDomain, SenderIdentities } from '../../../contract/senders.contract.ts';
import type { AdminUser } from '../../../contract/users.contract.ts';
import {
  senderIdentitiesMachine,
  type IdentitiesContext,
  type IdentitiesLoad,
  type IdentityRef,
} from '../../../src/machines/senders/sender-identities.machine.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { toModelMachine } from '../../support/model-machine.ts';

type ModelSnapshot = Snapshot<unknown> & { value: unknown; context: IdentitiesContext };
type ModelPath = TestPath<ModelSnapshot, { type: string }>;

const user = { id: 'u1', username: 'layla' } as AdminUser;
const domain: SenderDomain = {
  id: 'd1',
  domain: 'mail.example.test',
  dkim_selector: 's1',
  verified_at: null,
  last_checked_at: null,
  records: [],
};
const identities: SenderIdentities = {
  domains: [domain],
  emails: [{ id: 'e1', email: 'news@mail.example.test', domain_id: 'd1' }],
  names: [{ id: 'n1', name: 'Newsroom' }],
};
const verified: SenderDomain = { ...domain, verified_at: '2026-11-24T10:00:00.000Z' };
const refusal = { code: 'errors.notFound', status: 404 };

// The walk removes the domain (and with it its address) or the name; both kinds are tried.
const model = createTestModel(toModelMachine(senderIdentitiesMachine, { userId: 'u1' }), {
  events: [
    { type: 'identities.retry' },
    { type: 'identities.check', domainId: 'd1' },
    { type: 'identities.remove', kind: 'domain', id: 'd1' },
    { type: 'identities.remove', kind: 'name', id: 'n1' },
    { type: 'identities.confirm' },
    { type: 'identities.cancel' },
    { type: 'identities.added', kind: 'name', item: { id: 'n2', name: 'Support' } },
    { type: 'xstate.done.actor.loadIdentities', output: { user, identities } },
    { type: 'xstate.error.actor.loadIdentities', error: { code: 'errors.network', status: null } },
    { type: 'xstate.done.actor.checkDomain', output: verified },
    { type: 'xstate.error.actor.checkDomain', error: refusal },
    { type: 'xstate.done.actor.removeIdentity', output: undefined },
    { type: 'xstate.error.actor.removeIdentity', error: refusal },
  ],
  // States differ by value, what is pending and how many of each identity there are; one added
  // name is enough to show that adding works in every substate, and keeps the walk finite.
  serializeState: (state) => JSON.stringify(summary(state.value, state.context as IdentitiesContext)),
  filterEvents: (state, event) =>
    event.type !== 'identities.added' ||
    ((state.context as IdentitiesContext).identities?.names.length ?? 0) < 2,
});

/** What tells states apart: the model keeps one snapshot per summary, so tests compare summaries. */
function summary(value: unknown, { pending, identities: held }: IdentitiesContext) {
  const counts = held ? [held.domains.length, held.emails.length, held.names.length] : null;
  return [value, pending, counts];
}

function start() {
  const load = controlledActor<IdentitiesLoad, { userId: string }>();
  const check = controlledActor<SenderDomain, { userId: string; domainId: string }>();
  const remove = controlledActor<unknown, { userId: string } & IdentityRef>();
  const notify = vi.fn();
  const actor = createActor(
    senderIdentitiesMachine.provide({
      actors: { loadIdentities: load.logic, checkDomain: check.logic, removeIdentity: remove.logic },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    { input: { userId: 'u1' } },
  ).start();
  return { actor, load, check, remove, notify };
}

const describePath = (path: ModelPath) =>
  `${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;

describe('sender identities machine: every shortest path, against the real actor', () => {
  for (const path of model.getShortestPaths() as ModelPath[]) {
    it(describePath(path), async () => {
      const run = start();
      await path.test({
        events: {
          'xstate.done.actor.loadIdentities': async () => {
            run.load.resolve({ user, identities });
            await settle();
          },
          'xstate.error.actor.loadIdentities': async () => {
            run.load.reject({ code: 'errors.network', status: null });
            await settle();
          },
          'xstate.done.actor.checkDomain': async () => {
            expect(run.check.last().input).toEqual({ userId: 'u1', domainId: 'd1' });
            run.check.resolve(verified);
            await settle();
          },
          'xstate.error.actor.checkDomain': async () => {
            run.check.reject(refusal);
            await settle();
          },
          'xstate.done.actor.removeIdentity': async () => {
            run.remove.resolve(undefined);
            await settle();
          },
          'xstate.error.actor.removeIdentity': async () => {
            run.remove.reject(refusal);
            await settle();
          },
          'identities.retry': () => run.actor.send({ type: 'identities.retry' }),
          'identities.check': () => run.actor.send({ type: 'identities.check', domainId: 'd1' }),
          'identities.remove': ({ event }) => run.actor.send(event as never),
          'identities.confirm': () => run.actor.send({ type: 'identities.confirm' }),
          'identities.cancel': () => run.actor.send({ type: 'identities.cancel' }),
          'identities.added': ({ event }) => run.actor.send(event as never),
        },
        states: {
          '*': (state) => {
            const real = run.actor.getSnapshot();
            expect(summary(real.value, real.context)).toEqual(summary(state.value, state.context));
            // A removed domain takes its addresses with it, on the real actor as in the model.
            const held = real.context.identities;
            if (held)
              expect(held.emails.every((row) => held.domains.some((d) => d.id === row.domain_id))).toBe(true);
          },
        },
      });
    });
  }
});
