// Bundles the server into dist/main.js and dist/cli.js; npm dependencies stay external,
// the workspace package @earshot/core (TypeScript source) is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== '@earshot/core');

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node still supported (docs/decisions/0022-node-24-lts.md); production runs 24.
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
