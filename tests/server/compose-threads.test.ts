import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.ts';
import { ComposeThreads } from '../../server/mail/compose-threads.ts';
import type { ClaimedMessage } from '../../server/mail/queue.repository.ts';

/**
 * A compose thread that cannot do its work must not lose a message: what it was asked for comes
 * back as "compose it here", and so does everything after. (What a working thread builds is
 * checked on the wire by sending-compose.test.ts, with and without compose threads.)
 */
const message = (id: string): ClaimedMessage => ({
  id,
  campaign_id: 'campaign',
  email: `${id}@example.test`,
  name: id,
  variables: '{}',
  attachment: null,
  token: `token-${id}`,
  attempts: 0,
  claim_generation: 1,
});

describe('compose threads', () => {
  it('hands a dead thread’s requests back to the dispatcher, and every later one', async () => {
    // A data folder that cannot exist (under a file): the thread dies opening its database.
    const threads = new ComposeThreads({
      config: { dataDir: '/dev/null/compose-thread-test' } as unknown as AppConfig,
    });
    try {
      const first = await threads.build([message('a'), message('b')], new Date());
      expect(first).toEqual([{ kind: 'here' }, { kind: 'here' }]);
      const later = await threads.build([message('c')], new Date());
      expect(later).toEqual([{ kind: 'here' }]);
      expect(threads.built).toBe(0);
    } finally {
      threads.close();
    }
  });
});
