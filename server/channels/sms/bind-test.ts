import { SmppClient } from './smpp-client.ts';
import type { SmppSettings } from './smpp-url.ts';

/**
 * "Test the connection": one transceiver bind with the account, then unbind. The answer is the
 * first thing that happens: bound, or the reason the connection or the bind failed (no retry:
 * an administrator waiting on the screen wants the reason now), or `timeout`.
 */
export async function testBind(
  settings: SmppSettings,
  timeoutMs = 10_000,
): Promise<{ bound: true; error: null } | { bound: false; error: string }> {
  const client = new SmppClient({ ...settings, reconnectMs: 60_000, responseTimeoutMs: timeoutMs });
  try {
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ bound: false, error: 'timeout' }), timeoutMs);
      client.on('state', (state: string) => {
        if (state === 'bound') resolve({ bound: true, error: null });
        else if (state === 'waiting')
          resolve({ bound: false, error: client.lastError ?? 'connection closed' });
        else return;
        clearTimeout(timer);
      });
    });
  } finally {
    await client.close(0);
  }
}
