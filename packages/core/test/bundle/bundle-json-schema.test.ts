import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guideBundleJsonSchema } from '../../src/index.js';

describe('docs/guide-bundle.schema.json', () => {
  it('is up to date with the zod schema (run `npm run gen:schema` after changing it)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../../docs/guide-bundle.schema.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(guideBundleJsonSchema());
  });
});
