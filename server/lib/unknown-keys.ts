import type { z } from 'zod';

/**
 * Strict requests without rewriting the contract: zod objects strip keys they do not name, so a
 * typo (`schedule_at` for `scheduled_at`) used to vanish and the field's default applied. This
 * walks a schema alongside the data and lists every key the schema does not know, with the known
 * key it most likely meant. Objects that accept any key (`catchall`, records) are left alone.
 */
export type UnknownKey = { path: (string | number)[]; key: string; suggestion?: string };

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys an object schema (possibly wrapped) names, or null when it takes any key. */
function knownKeys(schema: z.ZodType): Set<string> | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return def.catchall ? null : new Set(Object.keys(def.shape ?? {}));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return knownKeys(def.innerType!);
    case 'pipe':
      return knownKeys(def.in!);
    case 'lazy':
      return knownKeys(def.getter!());
    case 'intersection': {
      const left = knownKeys(def.left!);
      const right = knownKeys(def.right!);
      return left && right ? new Set([...left, ...right]) : null;
    }
    default:
      return null;
  }
}

function walk(schema: z.ZodType, data: unknown, path: (string | number)[], out: UnknownKey[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (!isPlainObject(data)) return;
      const shape = def.shape ?? {};
      for (const [key, value] of Object.entries(data)) {
        const field = shape[key];
        if (field) walk(field, value, [...path, key], out);
        else if (!def.catchall) out.push({ path, key, suggestion: closest(key, Object.keys(shape)) });
        else walk(def.catchall, value, [...path, key], out);
      }
      return;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType!, data, path, out);
    case 'pipe':
      return walk(def.in!, data, path, out);
    case 'lazy':
      return walk(def.getter!(), data, path, out);
    case 'array':
      if (Array.isArray(data)) data.forEach((item, index) => walk(def.element!, item, [...path, index], out));
      return;
    case 'tuple':
      if (Array.isArray(data))
        data.forEach((item, index) => {
          const itemSchema = def.items?.[index] ?? def.rest;
          if (itemSchema) walk(itemSchema, item, [...path, index], out);
        });
      return;
    case 'record':
      if (isPlainObject(data))
        for (const [key, value] of Object.entries(data)) walk(def.valueType!, value, [...path, key], out);
      return;
    case 'union': {
      // The option that fits best: one that takes the data as it is, else the one with fewest unknowns.
      let best: UnknownKey[] | null = null;
      for (const option of def.options ?? []) {
        const found: UnknownKey[] = [];
        walk(option, data, path, found);
        const fits = option.safeParse(data).success;
        if (fits && found.length === 0) return;
        if (best === null || found.length < best.length) best = found;
      }
      out.push(...(best ?? []));
      return;
    }
    case 'intersection': {
      const known = knownKeys(schema);
      if (!isPlainObject(data) || !known) return;
      for (const key of Object.keys(data)) {
        if (!known.has(key)) out.push({ path, key, suggestion: closest(key, [...known]) });
      }
      // Each side then checks inside the fields it names (an unknown key was reported once above).
      for (const side of [def.left!, def.right!]) {
        const keys = knownKeys(side);
        if (keys)
          walk(side, Object.fromEntries(Object.entries(data).filter(([key]) => keys.has(key))), path, out);
      }
      return;
    }
    default:
      return;
  }
}

/** Every key of `data` that `schema` does not name, depth first, in the order they appear. */
export function unknownKeys(schema: z.ZodType, data: unknown): UnknownKey[] {
  const out: UnknownKey[] = [];
  walk(schema, data, [], out);
  return out;
}

/**
 * Edit distance where swapping two neighbours is one edit (`nmae` -> `name`), the commonest typo
 * (optimal string alignment). The names compared are short field names.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, index) => index)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known name a typo most likely meant: the same letters in another case or separator, or
 * one within a third of its length in edits (at most 3). None when nothing is that close.
 */
export function closest(key: string, candidates: readonly string[]): string | undefined {
  const squash = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');
  const same = candidates.find((candidate) => squash(candidate) === squash(key));
  if (same) return same;
  const limit = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  let best: { name: string; score: number } | undefined;
  for (const candidate of candidates) {
    const score = distance(key.toLowerCase(), candidate.toLowerCase(), limit);
    if (score <= limit && (!best || score < best.score)) best = { name: candidate, score };
  }
  return best?.name;
}
