/**
 * The list constants and page shape without zod, so the browser's first load (the themes list
 * behind the app colours) does not carry the schema library. contract/list.contract.ts re-exports
 * them next to the schemas.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
/** Deep offsets cost the database a scan of everything skipped; nobody pages that far by hand. */
export const MAX_PAGE = 10_000;
export const MAX_SEARCH_LENGTH = 200;

export type Page<Item> = { count: number; results: Item[] };
