// Comments and strings (test titles too) cite the decision record or doc that carries a reason
// (docs/decisions/, docs/*.md, bench/results/), or state the reason in plain words; never an
// issue number, which tells a reader of the code nothing once the issue has ended. Prose
// (*.md), the dated bench runs and the build's first-load record may name issues.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');

/** Folders whose sources are read; under `deploy` and `.ci` every file is (no extensions). */
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'deploy', '.ci'];
const EVERY_FILE = ['deploy', '.ci'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|css)$/;
/** Built, installed or written by a run, never by hand. */
const GENERATED = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  '.vite',
  'data',
  'tmp',
]);
const LEFT_OUT = new Set(['bench/results', 'apps/web/first-load.json', 'package-lock.json']);

/** "issue" or "issues", any case, then a number, with or without "#". */
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;

/** `file:line: text` of every line of `text` that names an issue number. */
export function issueNumbers(file, text) {
  return text
    .split('\n')
    .flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

function sources(dir, everyFile) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (GENERATED.has(entry.name) || LEFT_OUT.has(rel)) return [];
    if (entry.isDirectory()) return sources(rel, everyFile);
    return entry.isFile() && (everyFile || SOURCE.test(entry.name)) ? [rel] : [];
  });
}

const files = [
  ...readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !LEFT_OUT.has(e.name))
    .map((e) => e.name),
  ...FOLDERS.flatMap((dir) => sources(dir, EVERY_FILE.includes(dir))),
];

test('no comment or string names an issue number instead of the decision or doc it means', () => {
  const found = files.flatMap((f) => issueNumbers(f, readFileSync(path.join(root, f), 'utf8')));
  assert.deepEqual(
    found,
    [],
    'cite the decision record or doc (docs/decisions/README.md), or say the reason itself',
  );
});

test('the check reads every part of the tree it names', () => {
  for (const f of [
    'eslint.config.js',
    'apps/web/src/main.tsx',
    'apps/server/src/app.ts',
    'e2e/helpers/budgets.ts',
    'bench/run.ts',
    'scripts/lint-rules.test.mjs',
    'deploy/Dockerfile',
    '.ci/run',
  ]) {
    assert.ok(files.includes(f), `${f} is not read`);
  }
  assert.ok(
    files.some((f) => f.startsWith('packages/core/')),
    'packages/core is not read',
  );
  for (const f of files) {
    assert.ok(!/(^|\/)(node_modules|dist)\//.test(f) && !f.endsWith('.md'), `${f} is read`);
    assert.ok(!f.startsWith('bench/results/') && f !== 'apps/web/first-load.json', `${f} is read`);
  }
});

test('the check fires: a comment, a test title and a string naming an issue', () => {
  // Put together here, so that this file itself holds no issue number.
  const n = (words) => words.replace('#', ['issue', '18'].join(' '));
  const sample = [
    `// The guide's first load (${n('#')}: its budget).`,
    `/** ${n('#').replace('i', 'I')} point 8: the shell paints first. */`,
    `it('renders inert (${n('#').replace('issue', 'issues')} and 19)', () => {});`,
    `const why = '${n('#').replace(' ', ' #')}';`,
    '// Kept: a tissue 5 cm wide, issued 2026, the issue of the day (decision 0018).',
  ].join('\n');
  assert.deepEqual(
    issueNumbers('probe.ts', sample).map((hit) => hit.split(':')[1]),
    ['1', '2', '3', '4'],
  );
});
