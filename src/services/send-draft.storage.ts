import type { SourceKind, WizardDraft } from '../machines/send-wizard/types.ts';

/**
 * The send wizard's draft in local storage, one per source (spec: a reload loses nothing). Files
 * are not kept: an upload that had finished is kept by its id (the server holds it a day); a file
 * still uploading, or a sheet too large to keep, is named so the sender picks it again.
 */
export const SEND_DRAFT_PREFIX = 'el-namer.send-draft.';
/** Local storage holds about 5 MB per site; a larger sheet is picked again instead. */
const MAX_DRAFT_CHARS = 2_000_000;

interface Stored {
  version: 1;
  draft: WizardDraft;
  repick: string[];
}

const keyOf = (source: SourceKind) => `${SEND_DRAFT_PREFIX}${source}`;

export function readDraft(
  storage: Storage,
  source: SourceKind,
): { draft: WizardDraft; repick: string[] } | null {
  try {
    const stored = JSON.parse(storage.getItem(keyOf(source)) ?? 'null') as Stored | null;
    if (!stored || stored.version !== 1 || typeof stored.draft !== 'object') return null;
    return { draft: stored.draft, repick: Array.isArray(stored.repick) ? stored.repick : [] };
  } catch {
    // A draft from an older build or edited by hand: starting empty beats failing to open.
    return null;
  }
}

export function writeDraft(storage: Storage, source: SourceKind, draft: WizardDraft): void {
  const repick = draft.uploads.filter((item) => item.status !== 'done').map((item) => item.fileName);
  let kept: WizardDraft = { ...draft, uploads: draft.uploads.filter((item) => item.status === 'done') };
  let text = JSON.stringify({ version: 1, draft: kept, repick } satisfies Stored);
  if (text.length > MAX_DRAFT_CHARS && draft.excel) {
    kept = { ...kept, excel: null };
    text = JSON.stringify({
      version: 1,
      draft: kept,
      repick: [...repick, draft.excel.fileName],
    } satisfies Stored);
  }
  try {
    storage.setItem(keyOf(source), text);
  } catch {
    // Storage full or refused (private mode): the wizard still works, only the reload copy is lost.
  }
}

export function clearDraft(storage: Storage, source: SourceKind): void {
  storage.removeItem(keyOf(source));
}
