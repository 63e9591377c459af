// One chunk for the guide screen's small shared modules (issue 18). Left to the automatic
// splitting, every module the guide route shares with another lazy screen (its hunt, a stop's
// page, the keypad, the preload screen…) became a chunk of its own for each set of screens
// using it: about thirty files of 0.1–1.7 KB on the guide's first load, each compressed alone
// and each named in its importers' import lines. Gathered in one chunk they compress together
// (bench/README.md, "Issue 18"). What any other visitor screen can load (the entry, the list
// screens, the world map, the preload, hunt and challenge pages, their dialogs) stays out of
// it, so no other screen loads more than before.
import type { Plugin } from 'vite';

/** The guide route's first load: the route and its map (loaded beside it). */
const GUIDE_ROOTS = [
  '/src/app/routes/guide.tsx',
  '/src/features/guide-map/components/guide-map.tsx',
];

const ENTRY = '/src/main.tsx';

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
  roots: string[],
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
export function guideSharedChunk(): { plugin: Plugin; test: (id: string) => boolean } {
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
 * (home, city and state, search), loaded together by every route but the guide's as soon as
 * it is idle, and the world map. Left to the automatic splitting, each module they share with
 * a page no visitor opens (the guide list test page, the studio's map) became a chunk of its
 * own, and each route module one more (issues 18 and 19: +0.6 KB on every browse route). What
 * another visitor screen or the entry can load stays out (TanStack Virtual, which the guide's
 * list view loads too, and Leaflet keep their chunks); the tools and the studio may load the
 * chunk whole.
 */
export function screenChunk(roots: string[]): { plugin: Plugin; test: (id: string) => boolean } {
  let mine = new Set<string>();
  const plugin: Plugin = {
    name: `earshot-screen-chunk:${roots[0]}`,
    apply: 'build',
    buildEnd() {
      const own = closure(this, roots);
      const others = closure(this, [ENTRY], { dynamic: true, stop: [...roots, ...TOOLS] });
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
