import { z } from 'zod';
import { testSendRequestSchema } from '../../contract/send.contract.ts';
import { closest, unknownKeys } from '../../server/lib/unknown-keys.ts';

describe('unknown request keys', () => {
  it('finds keys a schema does not name, through wrappers, arrays, unions and intersections', () => {
    const schema = z
      .object({
        name: z.string(),
        items: z.array(z.object({ id: z.string() })).optional(),
        kind: z.discriminatedUnion('type', [
          z.object({ type: z.literal('a'), a: z.string() }),
          z.object({ type: z.literal('b'), b: z.string() }),
        ]),
        anything: z.record(z.string(), z.unknown()),
        loose: z.object({ x: z.string() }).catchall(z.string()),
      })
      .and(z.object({ to: z.array(z.object({ email: z.string() })) }));
    const found = unknownKeys(schema, {
      nmae: 'x',
      name: 'x',
      items: [{ id: '1' }, { id: '2', idd: '3' }],
      kind: { type: 'b', b: 'x', c: 'y' },
      anything: { free: 1 },
      loose: { x: 'a', y: 'b' },
      to: [{ email: 'a@b.c', emial: 'x' }],
      extra: 1,
    });
    expect(found).toEqual([
      { path: [], key: 'nmae', suggestion: 'name' },
      { path: [], key: 'extra', suggestion: undefined },
      { path: ['items', 1], key: 'idd', suggestion: 'id' },
      { path: ['kind'], key: 'c', suggestion: 'b' },
      { path: ['to', 0], key: 'emial', suggestion: 'email' },
    ]);
  });

  it('checks the test send body inside each side of its intersection', () => {
    const found = unknownKeys(testSendRequestSchema, {
      to: ['a@example.com'],
      subject: 's',
      source: { type: 'single', recipient: { email: 'a@example.com', nam: 'x' } },
    });
    expect(found).toEqual([{ path: ['source', 'recipient'], key: 'nam', suggestion: 'name' }]);
  });

  it('suggests only close names', () => {
    expect(closest('schedule_at', ['scheduled_at', 'subject'])).toBe('scheduled_at');
    expect(closest('statuss', ['status', 'search', 'page'])).toBe('status');
    expect(closest('PageSize', ['page_size'])).toBe('page_size');
    expect(closest('colour', ['name'])).toBeUndefined();
  });
});
