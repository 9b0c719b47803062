/**
 * Returning a big job's garbage at once. Accepting a campaign of 100,000 recipients leaves about
 * 80 MB of dead objects in the API thread's old generation (rows promoted while a chunk was in
 * flight); V8 frees them only at its next full collection, and an API thread that goes quiet
 * after the accept may not run one for a long time, so the process holds them while it sends.
 * With `--expose-gc` (npm start passes it) the work calls a full collection itself every so many
 * rows; without it (node run by hand) this does nothing and V8 decides. A full collection of a
 * heap this size takes tens of milliseconds, once per tens of thousands of rows.
 */
const gc = (globalThis as { gc?: () => void }).gc;

export const ROWS_PER_COLLECTION = 50_000;

/**
 * Counts the rows of a big job: `add` collects after every `every` rows (ROWS_PER_COLLECTION by
 * default), `finish` once more at the end when the job was big enough to matter and rows were
 * added since.
 */
export function garbageCounter(
  collect: (() => void) | undefined = gc,
  every = ROWS_PER_COLLECTION,
): {
  add: (rows: number) => void;
  finish: () => void;
} {
  let since = 0;
  let total = 0;
  return {
    add: (rows) => {
      since += rows;
      total += rows;
      if (since >= every) {
        since = 0;
        collect?.();
      }
    },
    finish: () => {
      if (total >= every / 5 && since > 0) collect?.();
    },
  };
}
