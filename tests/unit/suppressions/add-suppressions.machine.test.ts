import { createActor, fromPromise, waitFor } from 'xstate';
import {
  addressesOf,
  addSuppressionsMachine,
  problemOf,
} from '../../../src/machines/suppressions/add-suppressions.machine.ts';
import type { Notice } from '../../../src/machines/notify.ts';

function start(addEmails: (emails: string[]) => Promise<{ added: number }>) {
  const notices: Notice[] = [];
  let refreshed = 0;
  const actor = createActor(
    addSuppressionsMachine.provide({
      actors: { addEmails: fromPromise(({ input }) => addEmails(input.emails)) },
      actions: {
        notify: (_, notice) => void notices.push(notice),
        refreshList: () => void (refreshed += 1),
      },
    }),
  ).start();
  return { actor, notices, refreshed: () => refreshed };
}

describe('adding addresses to the suppression list', () => {
  it('reads addresses one per line or separated by commas, once each', () => {
    expect(addressesOf('a@example.org\nb@example.org, a@example.org; c@example.org')).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
    ]);
    expect(problemOf('  ')).toEqual({ key: 'suppressions:add.required' });
    expect(problemOf('a@example.org x@')).toEqual({ key: 'suppressions:add.invalid', email: 'x@' });
    expect(problemOf('a@example.org')).toBeNull();
  });

  it('never sends an invalid text; sends a valid one, then closes, tells and refreshes', async () => {
    const sent: string[][] = [];
    const { actor, notices, refreshed } = start(async (emails) => {
      sent.push(emails);
      return { added: emails.length };
    });
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.change', text: 'nope' });
    actor.send({ type: 'add.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ key: 'suppressions:add.invalid', email: 'nope' });
    expect(sent).toEqual([]);

    actor.send({ type: 'add.change', text: 'a@example.org\nb@example.org' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'add.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('closed'));
    expect(sent).toEqual([['a@example.org', 'b@example.org']]);
    expect(notices).toEqual([{ kind: 'success', key: 'suppressions:add.done' }]);
    expect(refreshed()).toBe(1);
  });

  it('stays open with the server’s problem when the call fails', async () => {
    const { actor, refreshed } = start(async () => {
      throw new Error('offline');
    });
    actor.send({ type: 'add.open' });
    actor.send({ type: 'add.change', text: 'a@example.org' });
    actor.send({ type: 'add.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.problem !== null);
    expect(actor.getSnapshot().context.text).toBe('a@example.org');
    expect(refreshed()).toBe(0);
  });
});
