import { readFile } from 'node:fs/promises';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { faceMeshAssets } from './face-mesh-plugin';
import { guideSharedChunk, screenChunk } from './chunk-groups';
import { stripRadixNames } from './strip-names';

// The API server the dev server forwards to (EARSHOT_API lets several dev servers share one).
const api = process.env.EARSHOT_API ?? 'http://localhost:3000';

/** In dev the saved look applies before paint too (built pages get it from the server). */
const devPreferences: Plugin = {
  name: 'earshot-dev-preferences',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(
      '<!-- shell:head (scripts/prerender.ts) -->',
      '<script src="/src/shell/apply-preferences.js"></script>',
    ),
};

/**
 * The page's one classic script (src/shell/boot.js), which starts the app's modules after the
 * shell's first paint: a hashed asset (precached with the others) that scripts/prerender.ts
 * names in every page, minified.
 */
const bootScript: Plugin = {
  name: 'earshot-boot-script',
  apply: 'build',
  async generateBundle() {
    const source = await readFile(new URL('./src/shell/boot.js', import.meta.url), 'utf8');
    const { code } = await transformWithEsbuild(source, 'boot.js', { minify: true });
    this.emitFile({ type: 'asset', name: 'boot.js', source: code });
  },
};

const guideShared = guideSharedChunk();
const listScreens = screenChunk([
  '/src/app/routes/home.tsx',
  '/src/app/routes/place.tsx',
  '/src/app/routes/search.tsx',
]);
const worldMap = screenChunk(['/src/app/routes/world-map.tsx']);

export default defineConfig({
  plugins: [
    guideShared.plugin,
    listScreens.plugin,
    worldMap.plugin,
    react(),
    devPreferences,
    bootScript,
    stripRadixNames,
    faceMeshAssets(),
    // The service worker (src/sw/sw.ts), bundled with its Workbox modules (nothing from a CDN).
    // It precaches only the app shell: scripts, styles and icons, not pages or media. The web
    // manifest is our own (public/) and the app registers the worker itself.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,svg,png,woff2}', 'icons/*.{png,svg}'],
        // The face model of the camera and landmark test pages (10 MB) is fetched only there.
        globIgnores: ['assets/face-mesh-*/**'],
        // Every route's code, with the map and the world outline (the largest chunks).
        maximumFileSizeToCacheInBytes: 3_000_000,
        minify: true,
        sourcemap: false,
      },
    }),
  ],
  server: { proxy: { '/api': api, '/static': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // scripts/prerender.ts reads it to preload each route's chunk from the page's head.
    manifest: true,
    modulePreload: {
      // Every browser the app supports knows modulepreload (Safari 17, Firefox 115): the
      // entry does not carry Vite's polyfill for older ones (~300 B on every route's load).
      polyfill: false,
      // The offline queue's senders (answers, visits) load in the background when something
      // waits to be sent: nobody waits on them, so the entry does not carry the list of their
      // chunks for Vite's preload helper (issue 18: the visitor routes' first load).
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' && /^assets\/(visit-queue|sync)-[\w-]+\.js$/.test(file) ? [] : deps,
    },
    rolldownOptions: {
      // Zod schemas built at module level in @earshot/core are dropped when a chunk uses
      // none of them (a route that only needs a parameter check does not ship zod);
      // boundedIntParam only builds such a schema.
      treeshake: { manualPureFunctions: ['z', 'boundedIntParam'] },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs in one chunk: a few requests instead of twenty small
            // ones (a browser opens only six connections per host on HTTP/1.1).
            { name: 'index', tags: ['$initial'] },
            // A guide's theme (SPEC §3): its call, the rules that check it again and what applies
            // it, loaded together by every screen that shows a guide (guide, preload, hunt,
            // challenge): one chunk rather than three of 0.5–3 KB (issue 18). The editors'
            // own theme code (contrast, colour values) is not in it.
            {
              name: 'guide-theme',
              test: /([\\/]src[\\/]shared[\\/]theme[\\/](apply-theme|get-guide-theme|guide-theme)|[\\/]packages[\\/]core[\\/]src[\\/]theme(-colors)?)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            // Right-sized pictures: the app's helper and core's widths and slots it reads, always
            // loaded together by the lists and the guide (one chunk rather than two).
            {
              name: 'responsive-image',
              test: /([\\/]src[\\/]shared[\\/]lib[\\/]responsive-image|[\\/]packages[\\/]core[\\/]src[\\/]media-variants)\.ts$/,
              includeDependenciesRecursively: false,
            },
            // What a visit records and keeps (insights events, the visit's rules, the answers'
            // queue rules): small modules the guide, the preload, hunt and challenge screens
            // all load, one chunk rather than five of 0.2–1 KB (issues 18, 20).
            {
              name: 'visit-records',
              test: /([\\/]src[\\/]shared[\\/]insights[\\/]track|[\\/]packages[\\/]core[\\/]src[\\/](insight-visit|insights-days|guide-visit|answer-queue))\.ts$/,
              includeDependenciesRecursively: false,
            },
            // Core's rules of a large catalogue, which the paged list and the world map's
            // clusters both use: a chunk of their own, so that the map's clusters do not load
            // the list (and the list screens it imports) to reach them.
            {
              name: 'catalogue-rules',
              test: /[\\/]packages[\\/]core[\\/]src[\\/]catalogue-client\.ts$/,
              includeDependenciesRecursively: false,
            },
            // A large catalogue's paged list and server search (docs/scale-out.md §3) and
            // TanStack's infinite query: loaded only in a large catalogue, in one chunk (each
            // chunk more is a name more in the preload maps of the pages that can load it).
            {
              name: 'large-catalogue',
              test: /[\\/]src[\\/]features[\\/]guides[\\/](components[\\/](large-list|page-sentinel)|hooks[\\/](use-catalogue-pages|use-server-search)|api[\\/]get-tours-page)\.tsx?$|[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver)\.js$/,
              includeDependenciesRecursively: false,
            },
            // The list screens in one chunk, and the world map in one (chunk-groups.ts).
            { name: 'list-screens', test: listScreens.test, includeDependenciesRecursively: false },
            { name: 'world-map', test: worldMap.test, includeDependenciesRecursively: false },
            // The guide screen's small shared modules in one chunk (chunk-groups.ts). Only the
            // modules themselves: their packages (Leaflet, Radix) keep their own chunks.
            {
              name: 'guide-shared',
              test: guideShared.test,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
