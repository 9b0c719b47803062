import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and raw body. */
export type ReceivedWebhook = { headers: Record<string, string>; body: string };

/**
 * An HTTP server that takes webhooks the way a customer's endpoint would. `mode` decides its
 * answer: `ok` (204), `fail` (500) or `hold` (read the request, never answer: an endpoint that
 * hangs, or a process killed mid-delivery).
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = [];
  const held: ServerResponse[] = [];
  const state = { mode: 'ok' as 'ok' | 'fail' | 'hold' };
  let waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      waiters = waiters.filter((waiter) => {
        if (received.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
      if (state.mode === 'hold') held.push(response);
      else response.writeHead(state.mode === 'ok' ? 204 : 500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    port: address.port,
    received,
    state,
    /** Resolves once `count` requests have arrived in all. */
    waitFor: (count: number) =>
      new Promise<void>((resolve) => {
        if (received.length >= count) resolve();
        else waiters.push({ count, resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
