import { describe, expect, it } from 'vitest';
import { newMessageToken } from '../../server/modules/campaigns/campaigns.repository.ts';

/** The token in every message's links (open pixel, survey, unsubscribe): drawn from a pool. */
describe('message tokens', () => {
  it('are 32 random bytes in URL-safe base64, never the same bytes twice across pool refills', () => {
    const tokens = Array.from({ length: 1000 }, () => newMessageToken());
    expect(new Set(tokens).size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    // No token shares a 16-byte half with another: each byte of the pool is used once.
    const halves = tokens.flatMap((token) => {
      const bytes = Buffer.from(token, 'base64url');
      return [bytes.subarray(0, 16).toString('hex'), bytes.subarray(16).toString('hex')];
    });
    expect(new Set(halves).size).toBe(2000);
  });
});
