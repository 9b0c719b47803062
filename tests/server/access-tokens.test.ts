import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../server/lib/tokens.ts';

/**
 * Access tokens: what the auth hook trusts before it reads the session. Verified tokens are
 * remembered until they expire; what is remembered must never let through what jose would refuse.
 */
describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const claims = { userId: 'user-1', sessionId: 'session-1', role: 'sender' as const };

  it('answers the same claims for a token seen before, and refuses a tampered copy of it', async () => {
    const tokens = createTokenService({ secret: 'x'.repeat(40), accessTtlSeconds: 60 });
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    // A character inside the signature (the last one only carries padding bits in base64url).
    const at = token.length - 10;
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await tokens.verifyAccessToken(tampered)).toBeNull();
    // Signed with another secret: refused, even though a token for the same claims is remembered.
    const other = createTokenService({ secret: 'y'.repeat(40), accessTtlSeconds: 60 });
    expect(await tokens.verifyAccessToken(await other.signAccessToken(claims))).toBeNull();
  });

  it.each([5000, 0])('refuses a remembered token once it expires (cache of %i)', async (cacheSize) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00.000Z'));
    const tokens = createTokenService({ secret: 'x'.repeat(40), accessTtlSeconds: 60, cacheSize });
    const token = await tokens.signAccessToken(claims);
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-28T10:00:59.999Z'));
    expect(await tokens.verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-28T10:01:00.000Z'));
    expect(await tokens.verifyAccessToken(token)).toBeNull();
  });

  it('keeps verifying correctly when more tokens come than it remembers', async () => {
    const tokens = createTokenService({ secret: 'x'.repeat(40), accessTtlSeconds: 60, cacheSize: 2 });
    const signed = await Promise.all(
      [1, 2, 3, 4].map((n) => tokens.signAccessToken({ ...claims, sessionId: `session-${n}` })),
    );
    for (const round of [1, 2])
      for (const [index, token] of signed.entries())
        expect(await tokens.verifyAccessToken(token), `round ${round}`).toEqual({
          ...claims,
          sessionId: `session-${index + 1}`,
        });
  });
});
