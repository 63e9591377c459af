// Writes docs/guide-bundle.schema.json from the core zod schema. A core test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { guideBundleJsonSchema } from '../packages/core/src/index.js';

writeFileSync(
  new URL('../docs/guide-bundle.schema.json', import.meta.url),
  JSON.stringify(guideBundleJsonSchema(), null, 2) + '\n',
);
console.log('wrote docs/guide-bundle.schema.json');
