// The lint rules that guard boundaries fire: each probe breaks one and must be reported.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const at = (file) => path.join(root, file);

/** The rule ids ESLint reports for `code` as if it were the file `file`. */
async function rulesFired(file, code) {
  const [result] = await eslint.lintText(code, { filePath: at(file) });
  return result.messages.map((m) => m.ruleId);
}

const probes = [
  [
    'a feature importing another feature',
    'apps/web/src/features/install/probe.ts',
    "import { useGuideList } from '../guides/store';\nexport const x = useGuideList;\n",
  ],
  [
    'a feature importing another feature, deep inside',
    'apps/web/src/features/world-map/components/probe.tsx',
    "import { GuideCard } from '../../guides/components/guide-card';\nexport const x = GuideCard;\n",
  ],
  [
    'shared code importing a feature',
    'apps/web/src/shared/ui/probe.ts',
    "import { useGuideList } from '../../features/guides/store';\nexport const x = useGuideList;\n",
  ],
  [
    'shared code importing the app',
    'apps/web/src/shared/lib/probe.ts',
    "import { router } from '../../app/router';\nexport const x = router;\n",
  ],
  [
    'core importing the server',
    'packages/core/src/probe.ts',
    "import { buildApp } from '../../../apps/server/src/app';\nexport const x = buildApp;\n",
  ],
  [
    'the web app importing the server',
    'apps/web/src/shared/lib/probe-server.ts',
    "import { buildApp } from '../../../../server/src/app';\nexport const x = buildApp;\n",
  ],
];

/** A test that `rule` reports each probe [name, file, code]. */
const refusedBy = (rule) => (probe) => {
  const [name, file, code] = probe;
  test(`lint refuses ${name}`, async () => {
    assert.ok((await rulesFired(file, code)).includes(rule), `${file} should break ${rule}`);
  });
};
probes.forEach(refusedBy('import-x/no-restricted-paths'));

const allowed = [
  [
    'a feature importing its own files and shared code',
    'apps/web/src/features/guides/components/probe.tsx',
    "import { useGuideList } from '../store';\nimport { Spinner } from '../../../shared/ui/spinner';\nexport const x = [useGuideList, Spinner];\n",
  ],
  [
    'the app composing features',
    'apps/web/src/app/routes/probe.tsx',
    "import { useGuideList } from '../../features/guides/store';\nexport const x = useGuideList;\n",
  ],
];

for (const [name, file, code] of allowed) {
  test(`lint allows ${name}`, async () => {
    assert.deepEqual(await rulesFired(file, code), []);
  });
}

// Import cycles, type-only ones included: the database layer importing the auth module, which
// imports the database layer's types (import-x/no-cycle skips `import type`; this was the
// circle of issue 18), and a plain value cycle through three files.
const cycles = [
  [
    'the database layer importing the auth module (a cycle through its type import)',
    'apps/server/src/db/database.ts',
    "import { migrateAuthTables } from '../modules/auth/better-auth.js';\nexport const x = migrateAuthTables;\n",
  ],
  [
    'the config importing the app (a value cycle)',
    'apps/server/src/config.ts',
    "import { buildApp } from './app.js';\nexport const x = buildApp;\n",
  ],
  [
    'a core rule importing the index that re-exports it',
    'packages/core/src/geo.ts',
    "import type { Poi } from './index.js';\nexport type X = Poi;\n",
  ],
];

cycles.forEach(refusedBy('earshot/no-import-cycle'));

test('lint allows the composition root that asks for the auth tables’ migration', async () => {
  const file = 'apps/server/src/migrate-all.ts';
  assert.deepEqual(await rulesFired(file, readFileSync(at(file), 'utf8')), []);
});
