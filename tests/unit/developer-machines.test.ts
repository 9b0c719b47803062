import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  apiKeyFormMachine,
  apiKeyRequestOf,
  webhookFormMachine,
} from '../../src/machines/developer/forms.ts';
import {
  developerRequestsMachine,
  type DeveloperRequest,
} from '../../src/machines/developer/requests.machine.ts';
import type { Notice } from '../../src/machines/notify.ts';

describe('the create-then-show-once form', () => {
  it('refuses a draft the contract refuses, without calling the server', () => {
    const created: unknown[] = [];
    const actor = createActor(
      apiKeyFormMachine.provide({
        actors: { create: fromPromise(async ({ input }) => (created.push(input), { secret: 'eln_x' })) },
      }),
    ).start();
    actor.send({ type: 'form.open' });
    actor.send({ type: 'form.change', changes: { name: '  ', scopes: [] } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fields).toEqual({
      name: 'validation.required',
      scopes: 'validation.required',
    });
    // Changing a field clears its problem only.
    actor.send({ type: 'form.change', changes: { name: 'Shop' } });
    expect(actor.getSnapshot().context.fields).toEqual({ scopes: 'validation.required' });
    expect(created).toEqual([]);
  });

  it('shows the secret once after creating, refreshes the list, and forgets the secret when dismissed', async () => {
    const notices: Notice[] = [];
    let refreshed = 0;
    const actor = createActor(
      webhookFormMachine.provide({
        actors: { create: fromPromise(async () => ({ secret: 'whsec_abc' })) },
        actions: {
          notify: (_, notice) => void notices.push(notice),
          refreshList: () => void (refreshed += 1),
        },
      }),
    ).start();
    actor.send({ type: 'form.open' });
    actor.send({ type: 'form.change', changes: { url: 'https://example.com/hook' } });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.secret).toBe('whsec_abc');
    expect(notices).toEqual([{ kind: 'success', key: 'developer:webhooks.created' }]);
    expect(refreshed).toBe(1);
    actor.send({ type: 'secret.dismiss' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.secret).toBeNull();
  });

  it('keeps the draft and shows the server’s field problems when it refuses', async () => {
    const refusal = {
      isAxiosError: true,
      response: {
        status: 400,
        data: {
          statusCode: 400,
          code: 'errors.validation',
          message: 'x',
          fields: { url: 'validation.invalid' },
        },
      },
    };
    const actor = createActor(
      webhookFormMachine.provide({ actors: { create: fromPromise(async () => Promise.reject(refusal)) } }),
    ).start();
    actor.send({ type: 'form.open' });
    actor.send({ type: 'form.change', changes: { url: 'https://10.0.0.1/hook' } });
    actor.send({ type: 'form.submit' });
    await waitFor(
      actor,
      (snapshot) => snapshot.matches('editing') && Object.keys(snapshot.context.fields).length > 0,
    );
    expect(actor.getSnapshot().context.fields).toEqual({ url: 'validation.invalid' });
    expect(actor.getSnapshot().context.draft.url).toBe('https://10.0.0.1/hook');
  });

  it('turns an expiry day into the end of that day, and leaves it out when empty', () => {
    expect(apiKeyRequestOf({ name: 'a', scopes: ['read'], expires: '' })).toEqual({
      name: 'a',
      scopes: ['read'],
    });
    const request = apiKeyRequestOf({ name: 'a', scopes: ['read'], expires: '2030-05-01' });
    expect(new Date(request.expires_at!).getDate()).toBe(1);
    expect(new Date(request.expires_at!).getHours()).toBe(23);
  });
});

describe('the developer requests machine', () => {
  it('runs one request, toasts it and refreshes; a failure toasts the error', async () => {
    const notices: Notice[] = [];
    let refreshed = 0;
    let fail = false;
    const actor = createActor(
      developerRequestsMachine.provide({
        actors: {
          run: fromPromise<unknown, DeveloperRequest>(async () => {
            if (fail)
              throw {
                isAxiosError: true,
                response: { status: 404, data: { statusCode: 404, code: 'errors.notFound', message: 'x' } },
              };
            return null;
          }),
        },
        actions: {
          notify: (_, notice) => void notices.push(notice),
          refreshList: () => void (refreshed += 1),
        },
      }),
    ).start();
    actor.send({ type: 'request', request: { kind: 'toggle', id: 'w1', enabled: false } });
    expect(actor.getSnapshot().value).toBe('working');
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    fail = true;
    actor.send({ type: 'request', request: { kind: 'replay', id: 'w1', delivery: 'd1' } });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(notices).toEqual([
      { kind: 'success', key: 'developer:webhooks.disabledDone' },
      { kind: 'error', key: 'errors.notFound' },
    ]);
    expect(refreshed).toBe(1);
  });
});
