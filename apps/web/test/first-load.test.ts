import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY, ROUTE_STARTS } from '../chunk-groups';

// What each visitor route loads first (chunk-groups.ts ROUTE_STARTS: the entry, the modules
// the route starts, their static imports), from a build of the client: its chunks, our own
// modules in them and the packages. It must equal first-load.json, so that a change of what
// loads first (a rename that takes a module out of its chunk group, an import that pulls a
// screen into the entry) shows in that file's diff; and the routes a visitor opens first hold
// no zod (their answers are checked against generated shapes, decision 0011).
// After a change meant to alter a first load: EARSHOT_UPDATE_FIRST_LOAD=1 npx vitest run
// test/first-load.test.ts, and read the diff. The e2e budgets (e2e/tests/budgets.spec.ts)
// still weigh the bytes.

type Chunk = { file: string; name: string; isEntry: boolean; imports: string[]; modules: string[] };
type FirstLoad = { chunks: string[]; modules: string[]; packages: string[] };

/** The routes whose first load holds no zod; the world map, hunt and challenge screens do. */
const WITHOUT_ZOD = ['home', 'place', 'search', 'guide', 'preload', 'downloads'] as const;

const web = path.resolve(import.meta.dirname, '..');
const expectedFile = path.join(web, 'first-load.json');
let dir: string;
let chunks: Chunk[];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'earshot-first-load-'));
  const out = path.join(dir, 'chunks.json');
  // A process of its own: a production build, outside the test environment.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')),
  );
  const run = spawnSync(process.execPath, ['scripts/chunk-graph.mjs', out], {
    cwd: web,
    env,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the client build failed:\n${run.stderr}${run.stdout}`);
  chunks = JSON.parse(readFileSync(out, 'utf8')) as Chunk[];
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A package's name from a module id under node_modules. */
const packageOf = (id: string) =>
  /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? null;

function firstLoad(starts: readonly string[]): FirstLoad {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const holding = (module: string) => {
    const found = chunks.find((c) => c.modules.some((m) => `/${m}`.endsWith(module)));
    if (!found) throw new Error(`no chunk holds ${module} (chunk-groups.ts ROUTE_STARTS)`);
    return found.file;
  };
  const seen = new Set<string>();
  const todo = [ENTRY, ...starts].map(holding);
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...byFile.get(file)!.imports);
  }
  const modules = [...seen].flatMap((f) => byFile.get(f)!.modules);
  return {
    chunks: [...new Set([...seen].map((f) => byFile.get(f)!.name))].sort(),
    modules: modules.filter((m) => !packageOf(m) && !m.startsWith('\0')).sort(),
    packages: [...new Set(modules.flatMap((m) => packageOf(m) ?? []))].sort(),
  };
}

describe('first load of each visitor route', () => {
  it('holds what first-load.json lists', () => {
    const actual = Object.fromEntries(
      Object.entries(ROUTE_STARTS).map(([route, starts]) => [route, firstLoad(starts)]),
    );
    if (process.env.EARSHOT_UPDATE_FIRST_LOAD)
      writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8')) as Record<string, FirstLoad>;
    expect(actual).toEqual(expected);
  });

  it('holds no zod on the routes a visitor opens first', () => {
    const withZod = WITHOUT_ZOD.filter((route) =>
      firstLoad(ROUTE_STARTS[route]).packages.includes('zod'),
    );
    expect(withZod).toEqual([]);
  });
});
