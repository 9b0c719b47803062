import { z } from 'zod';
import { validationKeys } from './errors.contract.ts';

/**
 * The query and the page every list endpoint shares: `?search=&page=&page_size=&ordering=`
 * answered by `{count, results}`. Pages are numbered from 1. `ordering` is a field name, with a
 * leading `-` for descending, chosen from the fields the endpoint allows.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, type Page } from './list.defaults.ts';

export { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, type Page };

export function listQuerySchema<const Field extends string>(orderings: readonly [Field, ...Field[]]) {
  const ordering = orderings.flatMap((field) => [field, `-${field}`] as const) as [
    Field | `-${Field}`,
    ...(Field | `-${Field}`)[],
  ];
  return z.object({
    search: z.string().trim().max(MAX_SEARCH_LENGTH, validationKeys.tooLong).optional(),
    page: z.coerce
      .number()
      .int()
      .min(1, validationKeys.invalid)
      .max(MAX_PAGE, validationKeys.invalid)
      .default(1),
    page_size: z.coerce
      .number()
      .int()
      .min(1, validationKeys.invalid)
      .max(MAX_PAGE_SIZE, validationKeys.invalid)
      .default(DEFAULT_PAGE_SIZE),
    ordering: z.enum(ordering).optional(),
  });
}

export type ListQuery<Field extends string = string> = {
  search?: string | undefined;
  page: number;
  page_size: number;
  ordering?: Field | `-${Field}` | undefined;
};

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int().min(0),
    results: z.array(item),
    /** True when the count stopped early: at least `count` rows match (list.defaults.ts). */
    count_capped: z.boolean().optional(),
  });
}

/** Where page `page` of `page_size` starts. */
export const offsetOf = (query: Pick<ListQuery, 'page' | 'page_size'>) => (query.page - 1) * query.page_size;
