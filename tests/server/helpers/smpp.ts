import { SmppClient, type SmppClientOptions } from '../../../server/channels/sms/smpp-client.ts';
import type { DeliveryReceipt } from '../../../server/channels/sms/delivery-receipt.ts';
import { parseSmppUrl } from '../../../server/channels/sms/smpp-url.ts';

export const ARABIC_WORDS = 'مرحبا بكم في خدمة النامر للرسائل ';

/** An Arabic text of exactly `length` characters. */
export function arabicText(length: number): string {
  return ARABIC_WORDS.repeat(Math.ceil(length / ARABIC_WORDS.length)).slice(0, length);
}

/** A client on `url` with fast retries, and the receipts it took, by message id. */
export function smppClient(url: string, overrides: Partial<SmppClientOptions> = {}) {
  const receipts = new Map<string, DeliveryReceipt>();
  const client = new SmppClient({
    ...parseSmppUrl(url),
    tps: 1000,
    window: 10,
    reconnectMs: 20,
    reconnectMaxMs: 200,
    slowDownMs: 20,
    responseTimeoutMs: 5000,
    ...overrides,
    // Kept once the test's own handler took it: a handler that throws refuses the receipt.
    onReceipt: async (receipt) => {
      await overrides.onReceipt?.(receipt);
      receipts.set(receipt.messageId, receipt);
    },
  });
  return { client, receipts };
}

/** Resolves when `check` holds, polling; fails the test with `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
