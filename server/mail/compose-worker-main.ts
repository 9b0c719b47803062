import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../db/create-db.ts';
import { lowerThreadPriority } from '../lib/thread-priority.ts';
import { MissingAttachmentError } from './attachments.ts';
import { CampaignContexts } from './campaign-contexts.ts';
import { composeMessage } from './compose.ts';
import type { ComposeAnswer, ComposeRequest, ComposeThreadData, WireComposed } from './compose-threads.ts';
import type { ClaimedMessage } from './queue.repository.ts';
import { buildUnsignedMessage } from './raw-message.ts';

/**
 * A compose thread (compose-threads.ts): composes and builds the messages the dispatcher thread
 * asks for, with its own database connection to load each campaign's context once. It writes
 * nothing: claims, marks and results stay with the dispatcher.
 */
const { config } = workerData as ComposeThreadData;
const port = parentPort!;
// As the dispatcher thread: when composing and the API want the same core, the API gets it.
try {
  lowerThreadPriority(config.sending.threadNice ?? 0);
} catch {
  // The thread keeps the process's priority; the dispatcher thread logs the same failure.
}
const db = createDb(config);
const contexts = new CampaignContexts({
  db,
  dataDir: config.dataDir,
  publicUrl: config.publicUrl,
  bounceDomain: config.bounceDomain,
});
// Each campaign file goes to the dispatcher thread as shared memory, copied once per file.
const shared = new WeakMap<Buffer, SharedArrayBuffer>();

function sharedCopy(bytes: Buffer): SharedArrayBuffer {
  let copy = shared.get(bytes);
  if (!copy) {
    copy = new SharedArrayBuffer(bytes.length);
    new Uint8Array(copy).set(bytes);
    shared.set(bytes, copy);
  }
  return copy;
}

async function composeOne(
  message: ClaimedMessage,
  now: Date,
  files: Map<SharedArrayBuffer, number>,
): Promise<WireComposed> {
  let userId = '';
  try {
    const context = await contexts.get(message.campaign_id);
    userId = context.campaign.user_id;
    const unsigned = buildUnsignedMessage(await composeMessage(context, message, now));
    if (!unsigned) return { kind: 'here' };
    const { envelope, messageId, chunks } = unsigned.message;
    const wire = chunks.map((chunk) => {
      if (typeof chunk === 'string') return chunk;
      const file = sharedCopy(chunk);
      let index = files.get(file);
      if (index === undefined) {
        index = files.size;
        files.set(file, index);
      }
      return index;
    });
    return { kind: 'built', userId, message: { envelope, messageId, chunks: wire }, dkim: unsigned.dkim };
  } catch (error) {
    if (error instanceof MissingAttachmentError) return { kind: 'missing', userId, entry: error.entry };
    if (error instanceof Error) return { kind: 'error', userId, error: error.message, stack: error.stack };
    return { kind: 'error', userId, error: String(error) };
  }
}

port.on('message', (request: ComposeRequest) => {
  if (request.type === 'keep') {
    contexts.keepOnly(request.campaignIds);
    return;
  }
  void (async () => {
    const now = new Date(request.now);
    const files = new Map<SharedArrayBuffer, number>();
    const results: WireComposed[] = [];
    for (const message of request.messages) results.push(await composeOne(message, now, files));
    port.postMessage({ id: request.id, results, files: [...files.keys()] } satisfies ComposeAnswer);
  })();
});
