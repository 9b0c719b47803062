import { fromPromise, type NonReducibleUnknown } from 'xstate';

export interface PendingCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

/**
 * A promise actor the test settles by hand, recording every call: lets a test hold a machine
 * in `submitting`, `refreshing`, ... and choose how the call ends.
 */
export function controlledActor<TOutput, TInput = NonReducibleUnknown>() {
  const calls: Array<PendingCall<TOutput, TInput>> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  const last = (): PendingCall<TOutput, TInput> => {
    const call = calls.at(-1);
    if (!call) throw new Error('The actor was never invoked');
    return call;
  };
  return {
    logic,
    calls,
    last,
    resolve: (output: TOutput) => last().resolve(output),
    reject: (error: unknown) => last().reject(error),
  };
}

/** Lets promise callbacks and the actor messages they send run. */
export async function settle(): Promise<void> {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
}
