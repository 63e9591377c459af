// Writes docs/guide-bundle.schema.json and apps/web/src/shared/api/api-shapes.json from the
// core zod schemas. Core tests fail when either is stale.
import { writeFileSync } from 'node:fs';
import { apiShapes, guideBundleJsonSchema } from '../packages/core/src/index.js';

writeFileSync(
  new URL('../docs/guide-bundle.schema.json', import.meta.url),
  JSON.stringify(guideBundleJsonSchema(), null, 2) + '\n',
);
console.log('wrote docs/guide-bundle.schema.json');
writeFileSync(
  new URL('../apps/web/src/shared/api/api-shapes.json', import.meta.url),
  JSON.stringify(apiShapes()) + '\n',
);
console.log('wrote apps/web/src/shared/api/api-shapes.json');
