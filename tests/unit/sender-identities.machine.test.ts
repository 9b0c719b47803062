import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SenderDomain, SenderIdentities } from '../../contract/senders.contract.ts';
import type { AdminUser } from '../../contract/users.contract.ts';
import {
  senderIdentitiesMachine,
  selectCheckingId,
  selectPendingLabel,
  type SenderIdentitiesSnapshot,
} from '../../src/machines/senders/sender-identities.machine.ts';
import {
  checkDomainInput,
  checkEmailInput,
  checkNameInput,
} from '../../src/machines/senders/identity-checks.ts';

const layla: AdminUser = {
  id: 'u1',
  username: 'layla',
  email: 'layla@example.test',
  role: 'sender',
  is_active: true,
  organization: null,
  sender_name: null,
  quota: 0,
  used_quota: 0,
  remaining_quota: 0,
  created_at: '2026-11-20T08:00:00.000Z',
};

const domain: SenderDomain = {
  id: 'd1',
  domain: 'mail.example.test',
  dkim_selector: 'sel1',
  verified_at: null,
  last_checked_at: null,
  records: [
    {
      purpose: 'dkim',
      type: 'TXT',
      name: 'sel1._domainkey.mail.example.test',
      value: 'v=DKIM1; p=AAA',
      found: null,
    },
  ],
};

const identities: SenderIdentities = {
  domains: [domain],
  emails: [{ id: 'e1', email: 'news@mail.example.test', domain_id: 'd1' }],
  names: [{ id: 'n1', name: 'Newsroom' }],
};

function start(
  overrides: {
    load?: () => Promise<{ user: AdminUser; identities: SenderIdentities }>;
    check?: (input: { userId: string; domainId: string }) => Promise<SenderDomain>;
    remove?: (input: { userId: string; kind: string; id: string }) => Promise<unknown>;
  } = {},
) {
  const notify = vi.fn();
  const check = vi.fn(overrides.check ?? (async () => domain));
  const remove = vi.fn(overrides.remove ?? (async () => undefined));
  const machine = senderIdentitiesMachine.provide({
    actors: {
      loadIdentities: fromPromise(overrides.load ?? (async () => ({ user: layla, identities }))),
      checkDomain: fromPromise(({ input }) => check(input)),
      removeIdentity: fromPromise(({ input }) => remove(input)),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
  const actor = createActor(machine, { input: { userId: 'u1' } }).start();
  return { actor, notify, check, remove };
}

const ready = (snapshot: SenderIdentitiesSnapshot) => snapshot.matches({ ready: 'idle' });

describe('sender identities machine', () => {
  it('loads the user and its identities, and offers a retry when loading fails', async () => {
    let fail = true;
    const { actor } = start({
      load: async () => {
        if (fail) throw { code: 'errors.network', status: null };
        return { user: layla, identities };
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.errorKey).toBe('errors.network');
    fail = false;
    actor.send({ type: 'identities.retry' });
    await waitFor(actor, ready);
    expect(actor.getSnapshot().context.user?.username).toBe('layla');
    expect(actor.getSnapshot().context.identities).toEqual(identities);
  });

  it('checks a domain now, shows each record’s result and tells whether it is verified', async () => {
    const verified: SenderDomain = {
      ...domain,
      verified_at: '2026-11-24T10:00:00.000Z',
      last_checked_at: '2026-11-24T10:00:00.000Z',
      records: [{ ...domain.records[0]!, found: true }],
    };
    let answer: SenderDomain = { ...domain, records: [{ ...domain.records[0]!, found: false }] };
    const { actor, notify, check } = start({ check: async () => answer });
    await waitFor(actor, ready);
    actor.send({ type: 'identities.check', domainId: 'd1' });
    expect(selectCheckingId(actor.getSnapshot())).toBe('d1');
    await waitFor(actor, ready);
    expect(check).toHaveBeenCalledWith({ userId: 'u1', domainId: 'd1' });
    expect(actor.getSnapshot().context.identities?.domains[0]?.records[0]?.found).toBe(false);
    expect(notify).toHaveBeenLastCalledWith({ kind: 'error', key: 'senders:notices.notVerified' });

    answer = verified;
    actor.send({ type: 'identities.check', domainId: 'd1' });
    await waitFor(actor, (snapshot) => snapshot.context.identities?.domains[0]?.verified_at !== null);
    expect(notify).toHaveBeenLastCalledWith({ kind: 'success', key: 'senders:notices.verified' });
    expect(selectCheckingId(actor.getSnapshot())).toBeNull();
  });

  it('asks before removing; cancelling keeps the item and removing a domain drops its addresses', async () => {
    const { actor, notify, remove } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'identities.remove', kind: 'domain', id: 'd1' });
    expect(selectPendingLabel(actor.getSnapshot())).toBe('mail.example.test');
    actor.send({ type: 'identities.cancel' });
    expect(remove).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.identities?.domains).toHaveLength(1);

    actor.send({ type: 'identities.remove', kind: 'domain', id: 'd1' });
    actor.send({ type: 'identities.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.identities?.domains.length === 0);
    expect(remove).toHaveBeenCalledWith({ userId: 'u1', kind: 'domain', id: 'd1' });
    expect(actor.getSnapshot().context.identities?.emails).toEqual([]);
    expect(actor.getSnapshot().context.identities?.names).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith({ kind: 'success', key: 'senders:notices.domainRemoved' });
  });

  it('keeps the item and says why when the server refuses a removal', async () => {
    const { actor, notify } = start({
      remove: async () => {
        throw { code: 'errors.notFound', status: 404 };
      },
    });
    await waitFor(actor, ready);
    actor.send({ type: 'identities.remove', kind: 'name', id: 'n1' });
    actor.send({ type: 'identities.confirm' });
    await waitFor(actor, (snapshot) => notify.mock.calls.length > 0 && ready(snapshot));
    expect(notify).toHaveBeenCalledWith({ kind: 'error', key: 'errors.notFound' });
    expect(actor.getSnapshot().context.identities?.names).toHaveLength(1);
  });

  it('takes in what the add forms saved', async () => {
    const { actor } = start();
    await waitFor(actor, ready);
    actor.send({ type: 'identities.added', kind: 'name', item: { id: 'n2', name: 'Support' } });
    actor.send({
      type: 'identities.added',
      kind: 'email',
      item: { id: 'e2', email: 'help@mail.example.test', domain_id: 'd1' },
    });
    expect(actor.getSnapshot().context.identities?.names.map((row) => row.name)).toEqual([
      'Newsroom',
      'Support',
    ]);
    expect(actor.getSnapshot().context.identities?.emails).toHaveLength(2);
  });
});

describe('identity checks', () => {
  it('refuse a malformed domain and a blank name with the contract’s keys', () => {
    expect(checkDomainInput({ domain: 'not a domain' })).toEqual({ domain: 'validation.domain' });
    expect(checkDomainInput({ domain: 'Mail.Example.TEST' })).toEqual({});
    expect(checkNameInput({ name: '  ' })).toEqual({ name: 'validation.required' });
    expect(checkNameInput({ name: 'Newsroom' })).toEqual({});
  });

  it('accept a sender e-mail only on one of the user’s domains', () => {
    const domains = ['mail.example.test'];
    expect(checkEmailInput({ email: 'nope', domains })).toEqual({ email: 'validation.email' });
    expect(checkEmailInput({ email: 'a@other.test', domains })).toEqual({
      email: 'validation.emailDomainNotOwned',
    });
    expect(checkEmailInput({ email: 'news@Mail.Example.test', domains })).toEqual({});
  });
});
