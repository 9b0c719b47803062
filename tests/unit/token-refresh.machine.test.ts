import { describe, expect, it } from 'vitest';
import { requestRefresh } from '../../src/machines/token-refresh.machine.ts';
import { settle } from '../support/controlled-actor.ts';
import { apiError } from '../support/fixtures.ts';
import { createTokenRefreshHarness } from '../support/token-refresh-harness.ts';

const newTokens = { access: 'access-2', refresh: 'refresh-2' };

describe('token-refresh machine', () => {
  it('starts one refresh however many callers ask while it is in flight', () => {
    const { tokenRefresh, refresh } = createTokenRefreshHarness();

    void requestRefresh(tokenRefresh);
    void requestRefresh(tokenRefresh);
    void requestRefresh(tokenRefresh);

    expect(tokenRefresh.getSnapshot().value).toBe('refreshing');
    expect(tokenRefresh.getSnapshot().hasTag('busy')).toBe(true);
    expect(tokenRefresh.getSnapshot().context.waiters).toHaveLength(3);
    expect(refresh.calls).toHaveLength(1);
  });

  it('gives every waiting caller the new access token and tells auth first', async () => {
    const { tokenRefresh, refresh, announceTokensRefreshed } = createTokenRefreshHarness();
    const waiting = [
      requestRefresh(tokenRefresh),
      requestRefresh(tokenRefresh),
      requestRefresh(tokenRefresh),
    ];

    refresh.resolve(newTokens);

    await expect(Promise.all(waiting)).resolves.toEqual(['access-2', 'access-2', 'access-2']);
    expect(announceTokensRefreshed).toHaveBeenCalledOnce();
    expect(announceTokensRefreshed.mock.calls[0]?.[1]).toEqual(newTokens);
    expect(tokenRefresh.getSnapshot().value).toBe('idle');
    expect(tokenRefresh.getSnapshot().context.waiters).toEqual([]);
  });

  it('rejects every waiting caller and tells auth the session expired when the refresh fails', async () => {
    const { tokenRefresh, refresh, announceSessionExpired, announceTokensRefreshed } =
      createTokenRefreshHarness();
    const waiting = [requestRefresh(tokenRefresh), requestRefresh(tokenRefresh)];
    const failure = apiError(401, 'errors.sessionExpired');

    refresh.reject(failure);
    const outcomes = await Promise.allSettled(waiting);

    expect(outcomes).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
    expect(announceSessionExpired).toHaveBeenCalledOnce();
    expect(announceTokensRefreshed).not.toHaveBeenCalled();
    expect(tokenRefresh.getSnapshot().value).toBe('idle');
  });

  it('starts a new refresh for a request that comes after the last one finished', async () => {
    const { tokenRefresh, refresh } = createTokenRefreshHarness();
    const first = requestRefresh(tokenRefresh);
    refresh.resolve(newTokens);
    await first;

    const second = requestRefresh(tokenRefresh);
    refresh.resolve({ access: 'access-3', refresh: 'refresh-3' });

    await expect(second).resolves.toBe('access-3');
    expect(refresh.calls).toHaveLength(2);
  });

  it('rejects at once when the actor has been stopped', async () => {
    const { tokenRefresh } = createTokenRefreshHarness();
    tokenRefresh.stop();

    await expect(requestRefresh(tokenRefresh)).rejects.toThrow('not running');
    await settle();
  });
});
