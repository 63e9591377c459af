// After `vite build`: writes .br and .gz beside every compressible file in dist/, so the
// server sends them as they are (no compression work per request). Media and images that
// are already compressed (png, jpg, woff2) are left alone.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// WEB_DIST: build elsewhere than dist/ (a second build beside a running server).
const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|webmanifest|txt|map|wasm)$/i;
// Small files too: the guide's first load holds about fifteen scripts of 0.2–1 KB, which brotli
// makes a third to a half smaller. Below this a compressed copy saves nothing worth a file.
const MIN_BYTES = 256;

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  // Build notes and the server's page templates (dist/.vite, dist/.shell) are never sent as files.
  if (
    path
      .relative(dist, file)
      .split(path.sep)
      .some((part) => part.startsWith('.'))
  )
    continue;
  const data = await readFile(file);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      // The face model's runtime (6 MB of WebAssembly, twice) at 9: 4× smaller in 3 s, where 11
      // would take 20 s more for 10 % less.
      [constants.BROTLI_PARAM_QUALITY]: data.length > 1_000_000 ? 9 : constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  // A copy no smaller than the file is not written: the server then sends the file itself.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
  files++;
  before += data.length;
  after += br.length;
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
