/// <reference lib="webworker" />
import { parseRecipientFile, type ParsedSheet } from '../services/recipient-import/parse-file.ts';

export type ParseRequest = { name: string; data: ArrayBuffer };
export type ParseReply = { ok: true; sheet: ParsedSheet } | { ok: false };

/**
 * Parses the user's spreadsheet off the page's thread, so a 100k-row file never freezes the
 * screen. SheetJS runs here only, on the user's own file; its answer is plain strings.
 */
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  let reply: ParseReply;
  try {
    reply = { ok: true, sheet: parseRecipientFile(event.data.name, event.data.data) };
  } catch {
    reply = { ok: false };
  }
  (self as unknown as Worker).postMessage(reply);
};
