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

/**
 * A page of a list. `count_capped: true` means at least `count` rows match: a searched list is
 * counted only some way past the page asked for (it grows as the pages go on).
 */
export type Page<Item> = { count: number; results: Item[]; count_capped?: boolean | undefined };
