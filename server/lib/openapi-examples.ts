/**
 * An example value drawn from a JSON Schema (draft 2020-12, as zod writes it), for the OpenAPI
 * document's request and response examples: what a schema says is enough to build one that it
 * accepts (types, formats, enums, bounds), so the examples follow the contract when it changes.
 */
type Schema = Record<string, unknown>;

const FORMATS: Record<string, string> = {
  email: 'layla@example.com',
  'date-time': '2026-12-02T09:00:00.000Z',
  date: '2026-12-02',
  uri: 'https://shop.example/hooks/el-namer',
  url: 'https://shop.example/hooks/el-namer',
  uuid: '0194f0c2-8a3e-7cc1-9d3b-2f1f6a0e9b11',
};

/** Words for well-known field names, so examples read like real requests. */
const NAMED: Record<string, string> = {
  email: 'layla@example.com',
  from_email: 'news@shop.example',
  subject: 'Your December offer',
  html: '<p>Dear {{name}}, thank you for shopping with us.</p>',
  name: 'Layla',
  sender_name: 'Shop',
  url: 'https://shop.example/hooks/el-namer',
  phone: '+201001234567',
};

function stringOf(schema: Schema, key: string | undefined): string {
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  let text =
    format ??
    (key && NAMED[key]) ??
    (typeof schema.pattern === 'string' ? patternExample(schema.pattern) : 'text');
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  while (text.length < min) text += 'x';
  return text.length > max ? text.slice(0, max) : text;
}

/** Patterns the contract uses; anything else gets a plain word (which its tests would catch). */
function patternExample(pattern: string): string {
  if (pattern.includes('#') && pattern.includes('0-9a-fA-F')) return '#1A73E8';
  if (pattern.includes('[a-z')) return 'name';
  return 'text';
}

function numberOf(schema: Schema, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const exclusive =
    typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 0.5) : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = min ?? exclusive ?? 1;
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
}

export function exampleOf(schema: Schema, key?: string, depth = 0): unknown {
  if (depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const combinator of ['anyOf', 'oneOf'] as const) {
    const options = schema[combinator];
    if (Array.isArray(options)) {
      const option = (options as Schema[]).find((item) => item.type !== 'null') ?? (options as Schema[])[0];
      return option ? exampleOf(option, key, depth + 1) : null;
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => exampleOf(part, key, depth + 1)));
  }
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((item) => item !== 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, exampleOf(property, name, depth + 1)]),
      );
    }
    case 'array': {
      const items = (schema.items ?? {}) as Schema;
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
      return Array.from({ length: Math.min(count, max) }, () => exampleOf(items, key, depth + 1));
    }
    case 'string':
      return stringOf(schema, key);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}
