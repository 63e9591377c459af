/**
 * A JSON Schema subset, as `z.toJSONSchema` writes the API's response schemas: enough to check
 * an answer's structure without zod on a first-load route (docs/decisions/0011).
 */
type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export type JsonShape = {
  /** One type, or several (a nullable value is `[type, 'null']`). */
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonShape>;
  required?: string[];
  /** A record's values (a schema); `false` (no other keys) is not enforced, as zod strips. */
  additionalProperties?: JsonShape | boolean;
  /** The items' schema; `false` after `prefixItems` (a tuple: no more items). */
  items?: JsonShape | boolean;
  prefixItems?: JsonShape[];
  anyOf?: JsonShape[];
  const?: unknown;
  enum?: unknown[];
};

function typeOk(type: JsonShape['type'], v: unknown): boolean {
  if (Array.isArray(type)) return type.some((t) => typeOk(t, v));
  switch (type) {
    case undefined:
      return true;
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'null':
      return v === null;
    default:
      return typeof v === type;
  }
}

/**
 * Where `value` departs from `shape` (a path such as `$.pois[3].lat`), or null when it fits.
 * Checks types, required keys, array items, tuples, records, unions, constants and enums;
 * not lengths, ranges or formats: the server has already validated every answer with the
 * full schema, this guards against an app older or newer than the server.
 */
export function shapeMismatch(shape: JsonShape, value: unknown, at = '$'): string | null {
  if (shape.anyOf) {
    return shape.anyOf.some((s) => shapeMismatch(s, value, at) === null) ? null : at;
  }
  if (!typeOk(shape.type, value)) return at;
  if ('const' in shape && value !== shape.const) return at;
  if (shape.enum && !shape.enum.includes(value)) return at;
  if (Array.isArray(value)) {
    const tuple = shape.prefixItems;
    if (tuple && value.length < tuple.length) return at;
    for (let i = 0; i < value.length; i++) {
      const item = tuple?.[i] ?? (typeof shape.items === 'object' ? shape.items : null);
      const miss = item ? shapeMismatch(item, value[i], `${at}[${i}]`) : null;
      if (miss) return miss;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    const obj = value as Record<string, unknown>;
    for (const key of shape.required ?? []) if (!(key in obj)) return `${at}.${key}`;
    const rest = typeof shape.additionalProperties === 'object' ? shape.additionalProperties : null;
    for (const [key, v] of Object.entries(obj)) {
      const prop = shape.properties?.[key] ?? rest;
      const miss = prop ? shapeMismatch(prop, v, `${at}.${key}`) : null;
      if (miss) return miss;
    }
  }
  return null;
}
