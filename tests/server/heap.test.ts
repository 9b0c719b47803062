import { describe, expect, it } from 'vitest';
import { garbageCounter, ROWS_PER_COLLECTION } from '../../server/lib/heap.ts';

describe('garbageCounter (a full collection now and then in a big accept)', () => {
  it('collects after every ROWS_PER_COLLECTION rows and once at the end of a big job', () => {
    let collections = 0;
    const counter = garbageCounter(() => (collections += 1));
    for (let rows = 0; rows < ROWS_PER_COLLECTION * 2.5; rows += 500) counter.add(500);
    expect(collections).toBe(2);
    counter.finish();
    expect(collections).toBe(3);
  });

  it('does not collect twice when the job ends right after a collection', () => {
    let collections = 0;
    const counter = garbageCounter(() => (collections += 1));
    counter.add(ROWS_PER_COLLECTION);
    counter.finish();
    expect(collections).toBe(1);
  });

  it('leaves small jobs (most sends) to V8', () => {
    let collections = 0;
    const counter = garbageCounter(() => (collections += 1));
    counter.add(ROWS_PER_COLLECTION / 10);
    counter.finish();
    expect(collections).toBe(0);
  });

  it('collects as often as a caller asks (compose threads: every 5,000 messages)', () => {
    let collections = 0;
    const counter = garbageCounter(() => (collections += 1), 5000);
    for (let messages = 0; messages < 12_000; messages += 10) counter.add(10);
    expect(collections).toBe(2);
  });

  it('does nothing when the process runs without --expose-gc', () => {
    const counter = garbageCounter(undefined);
    expect(() => {
      counter.add(ROWS_PER_COLLECTION);
      counter.finish();
    }).not.toThrow();
  });
});
