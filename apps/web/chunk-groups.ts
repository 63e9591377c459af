// What each route loads first, and the chunk groups of vite.config.ts, named here by file
// (test/first-load.test.ts). A module listed that the build no longer has (renamed, moved) fails
// the build; the test builds the client and fails when a route's first load differs from
// first-load.json (or holds zod).
//
// One chunk for the guide screen's small shared modules. Left to the automatic splitting, every
// module the guide route shares with another lazy screen (its hunt, a stop's page, the keypad, the
// preload screen…) became a chunk of its own for each set of screens using it: about thirty files
// of 0.1–1.7 KB on the guide's first load, each compressed alone and each named in its importers'
// import lines. Gathered in one chunk they compress together
// (bench/results/2026-11-25-guide-180-kb-and-forced-layouts.md). What any other visitor screen can
// load (the entry, the list screens, the world map, the preload, hunt and challenge pages, their
// dialogs) stays out of it, so no other screen loads more than before.
import type { Plugin } from 'vite';

/** The module index.html starts: every route's first load holds it and what it imports. */
export const ENTRY = '/src/main.tsx';

/**
 * Each visitor route's first load besides the entry: the modules it starts (scripts/
 * prerender.mjs preloads their chunks in the route's page), with their static imports.
 */
export const ROUTE_STARTS = {
  home: ['/src/app/routes/home.tsx'],
  place: ['/src/app/routes/place.tsx'],
  search: ['/src/app/routes/search.tsx'],
  // The map's clusters are imported as soon as it runs: fetched with it.
  map: [
    '/src/app/routes/world-map.tsx',
    '/node_modules/leaflet.markercluster/dist/leaflet.markercluster-src.js',
  ],
  // The route and its map (Leaflet), imported as soon as the guide screen runs.
  guide: ['/src/app/routes/guide.tsx', '/src/features/guide-map/components/guide-map.tsx'],
  preload: ['/src/app/routes/preload.tsx'],
  hunt: ['/src/app/routes/hunt.tsx'],
  challenge: ['/src/app/routes/challenge.tsx'],
  downloads: ['/src/app/routes/downloads.tsx'],
} as const satisfies Record<string, readonly string[]>;

const GUIDE_ROOTS: readonly string[] = ROUTE_STARTS.guide;

/**
 * Pages no visitor opens: the SPEC §2 test pages and the publishers' theme editor. They may
 * load the guide's shared chunk whole (the splash, the theme rules and the guide's rules are
 * in it); every other screen, and any route added later, keeps exactly what it needs.
 */
const NOT_FOR_VISITORS = [
  '/src/app/routes/splash-test.tsx',
  '/src/app/routes/keypad-test.tsx',
  '/src/app/routes/guide-list-test.tsx',
  '/src/app/routes/theme-editor.tsx',
];

/** With the SPEC §2 tools and the studio: no visitor opens these either. */
const TOOLS = [
  ...NOT_FOR_VISITORS,
  '/src/app/routes/tool-routes.tsx',
  '/src/app/routes/camera.tsx',
  '/src/app/routes/landmarker.tsx',
  '/src/app/routes/studio.tsx',
];

/**
 * Chunk groups of modules named by file (vite.config.ts puts them after the entry's): small
 * modules that several screens load together, one chunk rather than many.
 */
export const NAMED_GROUPS = {
  // A guide's theme (SPEC §3): its call, the rules that check it again and what applies it, loaded
  // together by every screen that shows a guide (guide, preload, hunt, challenge): one chunk rather
  // than three of 0.5–3 KB (bench/results/2026-11-25-guide-180-kb-and-forced-layouts.md). The
  // editors' own theme code (contrast, colour values) is not in it.
  'guide-theme': [
    '/apps/web/src/shared/theme/apply-theme.ts',
    '/apps/web/src/shared/theme/get-guide-theme.ts',
    '/apps/web/src/shared/theme/guide-theme.tsx',
    '/packages/core/src/theme/theme.ts',
    '/packages/core/src/theme/theme-colors.ts',
  ],
  // Right-sized pictures: the app's helper and core's widths and slots it reads, always loaded
  // together by the lists and the guide (one chunk rather than two).
  'responsive-image': [
    '/apps/web/src/shared/lib/responsive-image.ts',
    '/packages/core/src/media/media-variants.ts',
  ],
  // What a visit records and keeps (insights events, the visit's rules, the answers' queue rules):
  // small modules the guide, the preload, hunt and challenge screens all load, one chunk rather
  // than five of 0.2–1 KB (bench/results/2026-11-25-visitor-routes-js-and-sharp-tiles.md).
  'visit-records': [
    '/apps/web/src/shared/insights/track.ts',
    '/packages/core/src/insights/insight-visit.ts',
    // Where a visit and a stop's opening came from (track.ts and the guide screen's hook): with
    // the events, not a chunk of its own.
    '/packages/core/src/insights/insight-entry.ts',
    '/packages/core/src/insights/insights-days.ts',
    '/packages/core/src/visit/guide-visit.ts',
    // A stop's dates (seasons.ts builds on insights-days' calendar days): what the guide, a stop's
    // page and the studio read, one chunk with the days rather than a chunk of its own.
    '/packages/core/src/visit/seasons.ts',
    '/packages/core/src/outbox/answer-queue.ts',
  ],
  // Core's rules of a large catalogue, which the paged list and the world map's clusters both
  // use: a chunk of their own, so that the map's clusters do not load the list (and the list
  // screens it imports) to reach them.
  'catalogue-rules': ['/packages/core/src/app/catalogue-client.ts'],
  // A large catalogue's paged list and server search (docs/scale-out.md §3) and TanStack's
  // infinite query: loaded only in a large catalogue, in one chunk (each chunk more is a name
  // more in the preload maps of the pages that can load it).
  'large-catalogue': [
    '/apps/web/src/features/guides/components/large-list.tsx',
    '/apps/web/src/features/guides/components/page-sentinel.tsx',
    '/apps/web/src/features/guides/hooks/use-catalogue-pages.ts',
    '/apps/web/src/features/guides/hooks/use-server-search.ts',
    '/apps/web/src/features/guides/api/get-tours-page.ts',
    '/node_modules/@tanstack/react-query/build/modern/useInfiniteQuery.js',
    '/node_modules/@tanstack/query-core/build/modern/infiniteQueryObserver.js',
  ],
} as const satisfies Record<string, readonly string[]>;

const posix = (id: string) => id.replaceAll('\\', '/');

/**
 * vite.config.ts's groups of NAMED_GROUPS (only the modules themselves), and a plugin that
 * fails the build when a listed module is not in it: a rename cannot move a module out of its
 * group unseen.
 */
export function namedGroups() {
  const plugin: Plugin = {
    name: 'earshot-named-chunk-groups',
    // The client's chunks: the server-side render's build leaves the packages outside.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      const ids = [...this.getModuleIds()].map(posix);
      for (const [name, files] of Object.entries(NAMED_GROUPS))
        for (const file of files)
          if (!ids.some((id) => id.endsWith(file)))
            this.error(
              `chunk group ${name}: the build has no module ${file} (renamed or moved? chunk-groups.ts)`,
            );
    },
  };
  const groups = Object.entries(NAMED_GROUPS).map(([name, files]) => ({
    name,
    test: (id: string) => files.some((file) => posix(id).endsWith(file)),
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}

/** @earshot/core's barrel: every module imports core through it (see namesFrom). */
const CORE_BARREL = '/packages/core/src/index.ts';

type Info = {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
};
type Graph = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => Info | null;
};

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** The names a module imports from @earshot/core (its transformed code: types are gone). */
function namesFrom(code: string): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@earshot\/core["']/g))
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (IDENT.test(name)) names.push(name);
    }
  return names;
}

/** The names a core module exports. */
function exportsOf(code: string): string[] {
  const names = [
    ...code.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g),
  ].map((m) => m[1]!);
  for (const m of code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g))
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[1] ?? part.trim();
      if (IDENT.test(name)) names.push(name);
    }
  return names;
}

/**
 * Every module reachable from `roots` by static imports. The core barrel re-exports all of
 * core: a module importing it reaches only the core modules that export the names it imports
 * (as the bundler's tree shaking keeps them), not the whole package.
 */
function closure(
  graph: Graph,
  roots: readonly string[],
  how: { dynamic?: boolean; stop?: string[] } = {},
): Set<string> {
  const ids = [...graph.getModuleIds()];
  const barrel = ids.find((id) => id.endsWith(CORE_BARREL));
  const coreOf = new Map<string, string>();
  for (const id of barrel ? (graph.getModuleInfo(barrel)?.importedIds ?? []) : [])
    for (const name of exportsOf(graph.getModuleInfo(id)?.code ?? '')) coreOf.set(name, id);
  const seen = new Set<string>();
  const todo = ids.filter((id) => roots.some((r) => id.endsWith(r)));
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id) || how.stop?.some((s) => id.endsWith(s))) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (how.dynamic) todo.push(...(info?.dynamicallyImportedIds ?? []));
    for (const dep of info?.importedIds ?? []) {
      if (dep !== barrel) todo.push(dep);
      else
        for (const name of namesFrom(info?.code ?? '')) {
          const core = coreOf.get(name);
          // A name the barrel cannot place: count all of core, never too little.
          todo.push(...(core ? [core] : (graph.getModuleInfo(barrel)?.importedIds ?? [])));
        }
    }
  }
  return seen;
}

/**
 * The guide's shared modules: reached statically from the guide route or its map, not from
 * any other visitor screen, our own code and core (packages' code keeps the chunks the splitting
 * gives it: Leaflet, Radix), none of the roots themselves. With `minShareCount: 2` the group
 * takes only those another screen uses too (the rest stay in the route's or the map's chunk).
 */
export function guideSharedChunk(): {
  plugin: Plugin;
  test: (id: string) => boolean;
} {
  let shared = new Set<string>();
  const plugin: Plugin = {
    name: 'earshot-guide-shared-chunk',
    apply: 'build',
    buildEnd() {
      const guide = closure(this, GUIDE_ROOTS);
      // Whatever the other screens may load, now or later (their dialogs too).
      const others = closure(this, [ENTRY], {
        dynamic: true,
        stop: [GUIDE_ROOTS[0]!, ...NOT_FOR_VISITORS],
      });
      shared = new Set(
        [...guide].filter(
          (id) =>
            !others.has(id) &&
            !id.includes('/node_modules/') &&
            !id.startsWith('\0') &&
            !id.endsWith(CORE_BARREL) &&
            !GUIDE_ROOTS.some((r) => id.endsWith(r)),
        ),
      );
      if (process.env.EARSHOT_CHUNKS_DEBUG) console.log([...shared].sort().join('\n'));
    },
  };
  return { plugin, test: (id) => shared.has(id) };
}

/**
 * One chunk for a visitor screen (its route modules and what only they use): the list screens
 * (home, city and state, search), loaded together by every route but the guide's as soon as it is
 * idle, and the world map. Left to the automatic splitting, each module they share with a page no
 * visitor opens (the guide list test page, the studio's map) became a chunk of its own, and each
 * route module one more (+0.6 KB on every browse route:
 * bench/results/2026-11-25-visitor-routes-js-and-sharp-tiles.md). What another visitor screen or
 * the entry can load stays out (TanStack Virtual, which the guide's list view loads too, and
 * Leaflet keep their chunks); the tools and the studio may load the chunk whole.
 */
export function screenChunk(roots: string[]): {
  plugin: Plugin;
  test: (id: string) => boolean;
} {
  let mine = new Set<string>();
  const plugin: Plugin = {
    name: `earshot-screen-chunk:${roots[0]}`,
    apply: 'build',
    buildEnd() {
      const own = closure(this, roots);
      const others = closure(this, [ENTRY], {
        dynamic: true,
        stop: [...roots, ...TOOLS],
      });
      mine = new Set(
        [...own].filter(
          (id) => !others.has(id) && !id.startsWith('\0') && !id.endsWith(CORE_BARREL),
        ),
      );
      if (process.env.EARSHOT_CHUNKS_DEBUG) console.log([...mine].sort().join('\n'));
    },
  };
  return { plugin, test: (id) => mine.has(id) };
}
