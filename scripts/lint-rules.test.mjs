// The lint rules that guard boundaries and HTML sinks fire: each probe breaks one and must be
// reported.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);

let eslint;
/**
 * The rule ids ESLint reports for `code` as if it were the file `file`. A probe at a path that
 * is not on disk is in no TypeScript project: the type-aware rules give it the default project
 * (named one by one: allowDefaultProject takes no `**`).
 */
async function rulesFired(file, code) {
  eslint ??= new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: {
        parserOptions: {
          projectService: {
            allowDefaultProject: [
              ...new Set(
                [probes, studioSchemas, allowed, cycles, htmlSinks, typedProbes]
                  .flat()
                  .map(([, probeFile]) => probeFile)
                  .filter((probeFile) => !existsSync(at(probeFile))),
              ),
            ],
            // Every probe path is one more file of the default project (8 by default).
            maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 64,
          },
        },
      },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: at(file) });
  const fatal = result.messages.find((m) => m.fatal);
  assert.equal(fatal, undefined, `${file}: ${fatal?.message}`);
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

// The studio's contract once: its answers are parsed with core's schemas, never a copy.
const studioSchemas = [
  [
    'a schema declared in the web studio (a second copy of the contract)',
    'apps/web/src/features/studio/api/probe.ts',
    "import { z } from 'zod';\nexport const me = z.object({ admin: z.boolean() });\n",
  ],
];
studioSchemas.forEach(refusedBy('no-restricted-imports'));

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
// imports the database layer's types (import-x/no-cycle skips `import type`; this circle
// once existed), and a plain value cycle through three files.
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
    'packages/core/src/util/geo.ts',
    "import type { Poi } from '../index.js';\nexport type X = Poi;\n",
  ],
];

cycles.forEach(refusedBy('earshot/no-import-cycle'));

test('lint allows the composition root that asks for the auth tables’ migration', async () => {
  const file = 'apps/server/src/migrate-all.ts';
  assert.deepEqual(await rulesFired(file, readFileSync(at(file), 'utf8')), []);
});

// HTML sinks (docs/security.md): a plain-text field reaches the page as text only. The first
// probe is the hole itself, the guide map's tooltip as use-markers.ts had it.
const htmlSinks = [
  [
    "a marker's tooltip given a stop's title as a string (the hole a security probe found)",
    'apps/web/src/features/guide-map/hooks/use-markers.ts',
    "import L from 'leaflet';\nexport const bind = (m: L.Marker, poi: { title: string }) =>\n  m.bindTooltip(poi.title, { direction: 'top' });\n",
  ],
  [
    'a popup given a string',
    'apps/web/src/features/guide-map/components/guide-map.tsx',
    "import L from 'leaflet';\nexport const open = (title: string) => L.popup().setContent(`<p>${title}</p>`);\n",
  ],
  [
    "a popup made with a string 'content' option",
    'apps/web/src/features/world-map/components/probe.ts',
    "import L from 'leaflet';\nexport const open = (title: string) => L.popup({ content: title });\n",
  ],
  [
    'a layer bound to a popup of a string',
    'apps/web/src/features/studio/stops/probe.ts',
    "import L from 'leaflet';\nexport const bind = (m: L.Marker, title: string) => m.bindPopup(title);\n",
  ],
  [
    "a div icon's html outside the reviewed files",
    'apps/web/src/features/guide-map/hooks/probe.ts',
    "import L from 'leaflet';\nexport const icon = (title: string) => L.divIcon({ html: `<b>${title}</b>` });\n",
  ],
  [
    'innerHTML set from a string',
    'apps/web/src/shared/ui/probe.ts',
    'export const put = (el: HTMLElement, title: string) => {\n  el.innerHTML = title;\n};\n',
  ],
  [
    'insertAdjacentHTML',
    'apps/web/src/shared/ui/probe.ts',
    "export const put = (el: HTMLElement, title: string) => el.insertAdjacentHTML('beforeend', title);\n",
  ],
  [
    'dangerouslySetInnerHTML outside the reviewed files',
    'apps/web/src/features/guides/components/probe.tsx',
    'export const Title = ({ title }: { title: string }) => <h2 dangerouslySetInnerHTML={{ __html: title }} />;\n',
  ],
  [
    'a file reviewed for icons calling a content setter',
    'apps/web/src/features/studio/insights/attention-map.tsx',
    "import L from 'leaflet';\nexport const bind = (m: L.Marker, title: string) => m.bindTooltip(title);\n",
  ],
];
htmlSinks.forEach(refusedBy('no-restricted-syntax'));

for (const file of [
  'apps/web/src/features/guide-map/hooks/use-markers.ts',
  'apps/web/src/features/guide-map/components/guide-map.tsx',
  'apps/web/src/features/studio/insights/attention-map.tsx',
  'apps/web/src/shared/map/text-overlays.ts',
  'apps/web/src/features/poi-detail/components/poi-description.tsx',
]) {
  test(`lint allows ${file} as it is (text in as text, reviewed sinks)`, async () => {
    const fired = await rulesFired(file, readFileSync(at(file), 'utf8'));
    assert.ok(!fired.includes('no-restricted-syntax'), `${file}: ${fired}`);
  });
}

// Type-aware rules, each on the code of each package it guards.
const typedProbes = [
  [
    'a promise nobody awaits or catches (server)',
    'apps/server/src/probe-typed.ts',
    'export async function save() {}\nexport function handler() {\n  save();\n}\n',
    '@typescript-eslint/no-floating-promises',
  ],
  [
    'a promise nobody awaits or catches (web)',
    'apps/web/src/shared/lib/probe-typed.ts',
    "export function go(navigate: (to: string) => Promise<void>) {\n  navigate('/');\n}\n",
    '@typescript-eslint/no-floating-promises',
  ],
  [
    'an async callback where a void one is expected',
    'apps/web/src/shared/ui/probe-typed.ts',
    'export function saveAll(ids: string[], save: (id: string) => Promise<void>) {\n  ids.forEach(async (id) => save(id));\n}\n',
    '@typescript-eslint/no-misused-promises',
  ],
  [
    'a promise as a condition',
    'packages/core/src/probe-typed.ts',
    'export async function ready() {\n  return true;\n}\nexport const x = () => (ready() ? 1 : 0);\n',
    '@typescript-eslint/no-misused-promises',
  ],
  [
    'a switch that misses a member of its union, with no default',
    'packages/core/src/probe-switch.ts',
    "export function f(k: 'a' | 'b'): number {\n  switch (k) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n",
    '@typescript-eslint/switch-exhaustiveness-check',
  ],
];
for (const [name, file, code, rule] of typedProbes) {
  test(`lint refuses ${name}`, async () => {
    assert.ok((await rulesFired(file, code)).includes(rule), `${file} should break ${rule}`);
  });
}

test('lint allows a switch whose default case takes the rest', async () => {
  const code =
    "export function f(k: 'a' | 'b'): number {\n  switch (k) {\n    case 'a':\n      return 1;\n    default:\n      return 0;\n  }\n}\n";
  const fired = await rulesFired('packages/core/src/probe-switch.ts', code);
  assert.ok(!fired.includes('@typescript-eslint/switch-exhaustiveness-check'), `${fired}`);
});
