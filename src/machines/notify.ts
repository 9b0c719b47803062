import { toAppError, toastKeyOf } from '../lib/app-error.ts';

/**
 * The one way machines ask for a toast. `key` is an i18n key; the composition root's notifier
 * translates it and shows it at top-center for 5000 ms (spec §9).
 */
export interface Notice {
  kind: 'success' | 'error';
  key: string;
}

export type Notify = (notice: Notice) => void;

/** The error toast of a failed call: the first field's key (e.g. validation.required), else the code. */
export function failureNotice(error: unknown): Notice {
  return { kind: 'error', key: toastKeyOf(toAppError(error)) };
}

/**
 * The body of every actor a machine declares but only its wiring supplies: calling it means the
 * machine was started without `machine.provide()`, a programming error worth failing loudly on.
 */
export function notProvided(name: string): never {
  throw new Error(`${name} is not provided; plug it in with machine.provide()`);
}
