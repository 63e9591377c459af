import { z } from 'zod';
import { guideBundleSchema } from './bundle.js';

/** JSON Schema of guide.json, generated from the zod schema (committed as docs/guide-bundle.schema.json). */
export function guideBundleJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(guideBundleSchema, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://earshot.app/schemas/guide-bundle-1.json',
    title: 'Earshot guide bundle (guide.json)',
  };
}
