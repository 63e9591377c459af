// The client build's chunks and the modules each holds, as JSON in the file named by the first
// argument: test/first-load.test.ts reads each route's first load from it. The client alone
// (no server render, no prerender), into a temporary directory, unminified: what a chunk holds
// does not depend on those. Module ids are relative to the repository.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const repo = path.resolve(web, '../..');
const target = process.argv[2];
if (!target) throw new Error('usage: node scripts/chunk-graph.mjs <out.json>');

const outDir = await mkdtemp(path.join(os.tmpdir(), 'earshot-chunk-graph-'));
try {
  const result = await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((c) => c.type === 'chunk')
    .map((c) => ({
      file: c.fileName,
      name: c.name,
      isEntry: c.isEntry,
      imports: c.imports,
      modules: c.moduleIds.map((id) => (path.isAbsolute(id) ? path.relative(repo, id) : id)),
    }));
  await writeFile(target, JSON.stringify(chunks));
} finally {
  await rm(outDir, { recursive: true, force: true });
}
