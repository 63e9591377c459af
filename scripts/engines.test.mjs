// Every npm package whose `engines.node` leaves out the Node running the tests (npm's
// EBADENGINE warning at install) is named here with the reason it is fine, and nothing else
// is: a new one fails until someone has looked (docs/decisions/0022-node-24-lts.md).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');

/** Packages that want a newer Node than the oldest one Earshot supports, and why that is fine. */
const EXPLAINED = [
  {
    name: 'content-disposition',
    range: '>=22',
    why: '@fastify/static 10 sends download names with it; the jshttp packages dropped Node < 22 as a policy, not for an API (plain ES2022), and the API suite exercises it on Node 20 and 24',
  },
  {
    name: 'cookie',
    range: '>=22',
    why: "light-my-request (Fastify's inject) parses cookies with it; the same jshttp policy, exercised by every API test on Node 20 and 24",
  },
];

/** name@version → engines.node of every installed, non-optional package that excludes `node`. */
function excluded(lock, node) {
  const out = [];
  for (const [where, pkg] of Object.entries(lock.packages)) {
    const range = pkg.engines?.node;
    // Optional packages for other platforms (sharp's win32 builds) are never installed here.
    if (!where || !range || pkg.optional) continue;
    if (!semver.satisfies(node, range)) {
      out.push({ name: where.replace(/^.*node_modules\//, ''), version: pkg.version, range });
    }
  }
  return out;
}

const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

test('every package that wants a newer Node than this one is explained', () => {
  const unexplained = excluded(lock, process.versions.node).filter(
    (p) => !EXPLAINED.some((e) => e.name === p.name && e.range === p.range),
  );
  assert.deepEqual(unexplained, [], 'explain each in EXPLAINED (and the decision record)');
});

test('every explanation still names a package in the lockfile with that range', () => {
  for (const e of EXPLAINED) {
    const found = Object.entries(lock.packages).some(
      ([where, pkg]) =>
        where.replace(/^.*node_modules\//, '') === e.name && pkg.engines?.node === e.range,
    );
    assert.ok(found, `${e.name} (${e.range}) is no longer installed: remove it from EXPLAINED`);
  }
});

test('the check fires: a package wanting Node 99 is reported on this Node', () => {
  const probe = {
    packages: { '': {}, 'node_modules/x': { version: '1.0.0', engines: { node: '>=99' } } },
  };
  assert.deepEqual(excluded(probe, process.versions.node), [
    { name: 'x', version: '1.0.0', range: '>=99' },
  ]);
  assert.deepEqual(excluded(probe, '99.0.0'), []);
});

test('Earshot itself supports the Node it is tested on, and Node 24 LTS', () => {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  assert.ok(semver.satisfies(process.versions.node, range), `${process.versions.node} ∉ ${range}`);
  assert.ok(semver.satisfies('24.11.0', range), `Node 24 LTS ∉ ${range}`);
});
