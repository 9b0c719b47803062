import type { MessagesTable } from '../../db/schema.ts';
import type { ResolvedRecipient } from './recipient-source.ts';

// Its own file so that the send plan, which decides these rows, and the repository, which
// writes them, both name it without importing each other.

/** One recipient's message row as the send plan decided it. */
export type PlannedRow = ResolvedRecipient & {
  status: 'queued' | 'blocked';
  blockedReason: MessagesTable['blocked_reason'];
  /** The recipient's file is named but not in the zips. */
  missingFile: boolean;
};
