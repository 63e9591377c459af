import { z } from 'zod';
import { guideDetailSchema, scavengerHuntSchema, themeResponseSchema } from './api.js';
import type { JsonShape } from './json-shape.js';
import { badgeWithAwardSchema } from './participation-api.js';

const KEPT = /* @__PURE__ */ new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'anyOf',
  'const',
  'enum',
]);

/** The JSON Schema keys shapeMismatch reads, nothing else (the file ships with the app). */
function slim(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(slim);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (!KEPT.has(k)) continue;
    out[k] =
      k === 'properties'
        ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, slim(s)]))
        : k === 'const' || k === 'enum' || k === 'required' || k === 'type'
          ? v
          : slim(v);
  }
  return out;
}

const shape = (schema: z.ZodType) => slim(z.toJSONSchema(schema, { io: 'output' })) as JsonShape;

/**
 * The shapes of the answers the guide screen asks for as it opens, generated from their zod
 * schemas (committed as apps/web/src/shared/api/api-shapes.json by `npm run gen:schema`; a
 * test fails when it is stale): the web app checks them without loading zod (decision 0011).
 */
export function apiShapes(): Record<
  'guideDetail' | 'scavengerHunts' | 'guideBadges' | 'guideTheme',
  JsonShape
> {
  return {
    guideDetail: shape(guideDetailSchema),
    scavengerHunts: shape(z.array(scavengerHuntSchema)),
    guideBadges: shape(z.array(badgeWithAwardSchema)),
    guideTheme: shape(themeResponseSchema),
  };
}
