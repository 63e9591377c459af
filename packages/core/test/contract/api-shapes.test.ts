import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiShapes, shapeMismatch } from '../../src/index.js';

describe('apps/web/src/shared/api/api-shapes.json', () => {
  it('is up to date with the zod schemas (run `npm run gen:schema` after changing them)', () => {
    const committed = JSON.parse(
      readFileSync(
        new URL('../../../../apps/web/src/shared/api/api-shapes.json', import.meta.url),
        'utf8',
      ),
    );
    expect(committed).toEqual(apiShapes());
  });

  it('takes a guide the API could answer, and refuses one of another form', () => {
    const { guideDetail, scavengerHunts } = apiShapes();
    expect(shapeMismatch(scavengerHunts, [])).toBeNull();
    expect(shapeMismatch(guideDetail, { status: 'data' })).toMatch(/^\$\./);
    expect(shapeMismatch(scavengerHunts, [{ id: '1' }])).toMatch(/^\$\[0\]\./);
  });
});
