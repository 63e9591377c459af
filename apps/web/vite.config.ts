import { readFile } from 'node:fs/promises';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { faceMeshAssets } from './face-mesh-plugin';
import { guideSharedChunk, namedGroups, screenChunk } from './chunk-groups';
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
    const { code } = await transformWithEsbuild(source, 'boot.js', {
      minify: true,
    });
    this.emitFile({ type: 'asset', name: 'boot.js', source: code });
  },
};

const named = namedGroups();
const guideShared = guideSharedChunk();
const listScreens = screenChunk([
  '/src/app/routes/home.tsx',
  '/src/app/routes/place.tsx',
  '/src/app/routes/search.tsx',
]);
const worldMap = screenChunk(['/src/app/routes/world-map.tsx']);

export default defineConfig({
  plugins: [
    named.plugin,
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
      // chunks for Vite's preload helper (the visitor routes' first load:
      // bench/results/2026-11-25-visitor-routes-js-and-sharp-tiles.md).
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
            // Small modules several screens load together, named by file (chunk-groups.ts).
            ...named.groups,
            // The list screens in one chunk, and the world map in one (chunk-groups.ts).
            {
              name: 'list-screens',
              test: listScreens.test,
              includeDependenciesRecursively: false,
            },
            {
              name: 'world-map',
              test: worldMap.test,
              includeDependenciesRecursively: false,
            },
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
