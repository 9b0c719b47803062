import { recipientEndpoints } from '../../../contract/recipients.contract.ts';
import type { ImportResult, ImportRow } from '../../../contract/recipients.contract.ts';
import type { Call } from '../http.ts';
import type { ParsedSheet } from '../../lib/recipient-import/sheet.ts';
import type { ParseReply, ParseRequest } from '../../workers/recipient-file.worker.ts';

/** Runs the parser in a Web Worker; aborting (cancel, leaving the screen) stops the worker at once. */
export function parseInWorker(file: File, signal: AbortSignal): Promise<ParsedSheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../../workers/recipient-file.worker.ts', import.meta.url), {
      type: 'module',
    });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<ParseReply>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if (event.data.ok) resolve(event.data.sheet);
      else reject(new Error('parse failed'));
    };
    worker.onerror = () => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error('parse failed'));
    };
    file.arrayBuffer().then((data) => {
      if (signal.aborted) return;
      const request: ParseRequest = { name: file.name, data };
      worker.postMessage(request, [data]);
    }, reject);
  });
}

export const uploadChunk =
  (call: Call) =>
  (input: { listId: string; rows: ImportRow[] }, signal: AbortSignal): Promise<ImportResult> =>
    call(
      recipientEndpoints.importChunk,
      { params: { id: input.listId }, body: { rows: input.rows } },
      signal,
    );
