import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import earshot from './scripts/eslint-no-import-cycle.mjs';

// One zone per web feature folder (no-restricted-paths takes no glob for this): a feature
// may import itself, shared code and core, never another feature.
const FEATURES = './apps/web/src/features';
const featureZones = readdirSync(new URL(FEATURES, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `${FEATURES}/${d.name}`,
    from: FEATURES,
    except: [`./${d.name}`],
    message:
      'Features never import each other: move the shared piece to src/shared, compose in src/app.',
  }));

// Every API that takes a string as HTML (docs/security.md: a stop's title in a Leaflet tooltip
// became markup). The web app puts plain text in as text (shared/map/text-overlays.ts,
// shared/lib/text-element.ts, textContent); only the files reviewed for one kind of sink below
// may use it, each for the reason written beside it.
const HTML_SINK_ADVICE =
  'Plain text goes in as text: bindTextTooltip or setOverlayElement (shared/map/text-overlays.ts), textElement (shared/lib/text-element.ts) or textContent; HTML descriptions go through DOMPurify in a file reviewed for it (HTML_SINKS in eslint.config.js).';
const HTML_SINKS = {
  leafletContent: {
    selector:
      'CallExpression[callee.property.name=/^(bindTooltip|bindPopup|setContent|setTooltipContent|setPopupContent)$/], :matches(CallExpression[callee.property.name=/^(popup|tooltip)$/], NewExpression[callee.property.name=/^(Popup|Tooltip)$/]) > ObjectExpression > Property[key.name="content"]',
    message: `Leaflet puts string content in as HTML. ${HTML_SINK_ADVICE}`,
  },
  iconHtml: {
    selector:
      ':matches(CallExpression[callee.property.name="divIcon"], NewExpression[callee.property.name="DivIcon"]) > ObjectExpression > Property[key.name="html"]',
    message: `A div icon's html is HTML: build it from numbers and constants only, in a reviewed file. ${HTML_SINK_ADVICE}`,
  },
  htmlProperty: {
    selector:
      'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML|srcdoc)$/]',
    message: `Setting innerHTML, outerHTML or srcdoc parses a string as HTML. ${HTML_SINK_ADVICE}`,
  },
  htmlCall: {
    selector:
      'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe)$/], CallExpression[callee.object.name="document"][callee.property.name=/^(write|writeln)$/], NewExpression[callee.name="DOMParser"]',
    message: `This parses a string as HTML. ${HTML_SINK_ADVICE}`,
  },
  reactHtml: {
    selector: 'JSXAttribute[name.name=/^(dangerouslySetInnerHTML|srcDoc)$/]',
    message: `dangerouslySetInnerHTML puts a string in as HTML. ${HTML_SINK_ADVICE}`,
  },
};
const WEB = 'apps/web/src';
/** The files reviewed for a kind of HTML sink, and why each is safe. */
const REVIEWED_HTML_SINKS = {
  // Takes text or an element only: the one place Leaflet's content setters are called.
  [`${WEB}/shared/map/text-overlays.ts`]: ['leafletContent'],
  // Marker icons from numbers (keypad codes, counts, stop order), "#rrggbb" colours and constants.
  [`${WEB}/features/guide-map/lib/marker-icon.ts`]: ['iconHtml'],
  [`${WEB}/features/world-map/components/world-map.tsx`]: ['iconHtml'],
  [`${WEB}/features/world-map/components/server-clusters.ts`]: ['iconHtml'],
  [`${WEB}/features/studio/stops/stop-layers.ts`]: ['iconHtml'],
  [`${WEB}/features/studio/insights/attention-map.tsx`]: ['iconHtml'],
  // The world map's opening pin: a constant.
  [`${WEB}/features/world-map/components/opening-markers.tsx`]: ['reactHtml'],
  // HTML descriptions, each through DOMPurify first.
  [`${WEB}/shared/answers/components/challenge-view.tsx`]: ['reactHtml'],
  [`${WEB}/features/hunt/components/hunt-screen.tsx`]: ['reactHtml'],
  [`${WEB}/features/poi-detail/components/poi-description.tsx`]: ['reactHtml'],
  [`${WEB}/features/guide-confirm/components/guide-confirm-body.tsx`]: ['reactHtml'],
  [`${WEB}/features/studio/editor/phone-preview.tsx`]: ['reactHtml'],
  [`${WEB}/features/studio/editor/rich-text-field.tsx`]: ['htmlProperty'],
  // Parses into an inert <template> and copies only the allowed elements as nodes.
  [`${WEB}/features/studio/lib/rich-text.ts`]: ['htmlProperty'],
  // Parses inertly (DOMParser) to read the text only.
  [`${WEB}/shared/lib/plain-text.ts`]: ['htmlCall'],
};
const htmlSinks = (allowed = []) => [
  'error',
  ...Object.entries(HTML_SINKS)
    .filter(([kind]) => !allowed.includes(kind))
    .map(([, sink]) => sink),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Import boundaries: core is shared by everyone and depends on no app;
      // the server and the web app never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/core', from: ['./apps', './e2e'] },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
            ...featureZones,
            // Shared code never imports features or the app.
            {
              target: './apps/web/src/shared',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    // import-x/no-cycle above skips type-only imports; this one counts them (layers point one
    // way even in types).
    files: ['apps/server/**/*.ts', 'packages/core/**/*.ts'],
    plugins: { earshot },
    rules: { 'earshot/no-import-cycle': 'error' },
  },
  {
    // Checks that need the types, where bugs hide: a promise nobody awaits or catches, a
    // promise where a boolean or a void callback is expected, a switch that misses a case of
    // its union. On the code of the three packages and their tests.
    files: [
      'packages/core/{src,test}/**/*.ts',
      'apps/server/{src,test}/**/*.ts',
      'apps/web/{src,test}/**/*.{ts,tsx}',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A default case is a decision; a switch without one must name every member.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The studio checks its answers with core's schemas, the ones the server answers with: a
    // schema declared here would be a second copy of the contract (docs/studio.md).
    files: [`${WEB}/features/studio/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message:
                "The studio parses with @earshot/core's studio and draft schemas (a list: schema.array()); add a missing one there.",
            },
          ],
        },
      ],
    },
  },
  { files: [`${WEB}/**/*.{ts,tsx,js}`], rules: { 'no-restricted-syntax': htmlSinks() } },
  ...Object.entries(REVIEWED_HTML_SINKS).map(([file, allowed]) => ({
    files: [file],
    rules: { 'no-restricted-syntax': htmlSinks(allowed) },
  })),
);
