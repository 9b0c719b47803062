import { createActor, fromPromise, waitFor } from 'xstate';
import { requestResetMachine } from '../../src/machines/password-reset/request-reset.machine.ts';
import {
  passwordFieldErrors,
  resetPasswordMachine,
} from '../../src/machines/password-reset/reset-password.machine.ts';
import type { AppError } from '../../src/lib/app-error.ts';
import type { Notice } from '../../src/machines/notify.ts';

const failWith = (code: string, status: number | null, fields?: Record<string, string>): AppError =>
  fields ? { code, status, fields } : { code, status };

function requestActor(answer: () => Promise<void>) {
  const notices: Notice[] = [];
  const calls: unknown[] = [];
  const actor = createActor(
    requestResetMachine.provide({
      actors: {
        requestResetLink: fromPromise(async ({ input }) => {
          calls.push(input);
          return answer();
        }),
      },
      actions: { notify: (_, notice) => void notices.push(notice) },
    }),
  ).start();
  return { actor, notices, calls };
}

describe('forgot password: requesting a link', () => {
  it('sends the trimmed address in the chosen language and says to check within an hour', async () => {
    const { actor, notices, calls } = requestActor(async () => {});
    actor.send({ type: 'reset.email.change', value: '  sara@example.com ' });
    actor.send({ type: 'reset.request', language: 'en' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toEqual([{ email: 'sara@example.com', language: 'en' }]);
    expect(notices).toEqual([{ kind: 'success', key: 'auth.forgetPassword.sent' }]);
  });

  it('asks for an address before sending anything', () => {
    const { actor, calls } = requestActor(async () => {});
    actor.send({ type: 'reset.request', language: 'ar' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe('validation.required');
    expect(calls).toEqual([]);
  });

  it('tells "account not found" and "network" apart from other failures', async () => {
    let answer: AppError = failWith('errors.accountNotFound', 404);
    const { actor } = requestActor(async () => Promise.reject(answer));
    actor.send({ type: 'reset.email.change', value: 'x@example.com' });
    actor.send({ type: 'reset.request', language: 'ar' });
    await waitFor(actor, (s) => s.matches('notFound'));

    answer = failWith('errors.network', null);
    actor.send({ type: 'reset.request', language: 'ar' });
    await waitFor(actor, (s) => s.matches('networkError'));

    answer = failWith('errors.tooManyAttempts', 429);
    actor.send({ type: 'reset.retry' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.errorKey).toBe('errors.tooManyAttempts');
  });
});

function resetActor(options: {
  token: string | null;
  check?: () => Promise<void>;
  reset?: () => Promise<void>;
}) {
  const sent: unknown[] = [];
  const notices: Notice[] = [];
  let wentToLogin = false;
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        checkResetLink: fromPromise(async () => (options.check ?? (async () => {}))()),
        resetPassword: fromPromise(async ({ input }) => {
          sent.push(input);
          return (options.reset ?? (async () => {}))();
        }),
      },
      actions: {
        notify: (_, notice) => void notices.push(notice),
        goToLogin: () => {
          wentToLogin = true;
        },
      },
    }),
    { input: { token: options.token } },
  ).start();
  return { actor, sent, notices, wentToLogin: () => wentToLogin };
}

describe('reset password: checking the link, then setting the password', () => {
  it('knows a link without a token is invalid without asking the server', () => {
    const { actor } = resetActor({
      token: null,
      check: () => Promise.reject(new Error('must not be called')),
    });
    expect(actor.getSnapshot().matches('invalid')).toBe(true);
  });

  it('shows the invalid state when the server refuses the link', async () => {
    const { actor } = resetActor({
      token: 'used-token-1234567890',
      check: () => Promise.reject(failWith('errors.invalidResetLink', 400)),
    });
    await waitFor(actor, (s) => s.matches('invalid'));
  });

  it('judges the fields as they are typed and submits only valid ones', async () => {
    const { actor, sent, notices, wentToLogin } = resetActor({ token: 'good-token-1234567890' });
    await waitFor(actor, (s) => s.matches('valid'));
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'validation.passwordTooShort' });
    expect(sent).toEqual([]);

    actor.send({ type: 'reset.password.change', value: 'New-pass-456' });
    actor.send({ type: 'reset.confirmation.change', value: 'New-pass-45' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password_confirmation: 'validation.passwordMismatch',
    });
    actor.send({ type: 'reset.confirmation.change', value: 'New-pass-456' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([
      { token: 'good-token-1234567890', password: 'New-pass-456', password_confirmation: 'New-pass-456' },
    ]);
    expect(notices).toEqual([{ kind: 'success', key: 'auth.resetPassword.done' }]);
    expect(wentToLogin()).toBe(true);
  });

  it('keeps the form with the server’s field errors, and goes invalid when the link died meanwhile', async () => {
    let refusal = failWith('errors.validation', 400, { password: 'validation.passwordSameAsName' });
    const { actor } = resetActor({ token: 'good-token-1234567890', reset: () => Promise.reject(refusal) });
    await waitFor(actor, (s) => s.matches('valid'));
    actor.send({ type: 'reset.password.change', value: 'Sara-2026x' });
    actor.send({ type: 'reset.confirmation.change', value: 'Sara-2026x' });
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches({ valid: { submission: 'idle' } }) && s.context.errorKey !== null);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'validation.passwordSameAsName' });

    refusal = failWith('errors.invalidResetLink', 400);
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches('invalid'));
  });

  it('applies the same password rules as the server', () => {
    expect(passwordFieldErrors('abcdefghij', 'abcdefghij')).toEqual({ password: 'validation.passwordWeak' });
    expect(passwordFieldErrors('Good-pass-1', 'Good-pass-1')).toEqual({});
  });
});
