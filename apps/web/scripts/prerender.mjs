// After `vite build` and the SSR build of src/shell/prerender.tsx: writes one HTML page per
// kind of app route into dist/.shell/ (and the home page as dist/index.html). Each holds the
// screen's shell as the app's first render draws it, the CSS that shell needs inline, and
// preloads for the route's chunk and its first API call, so the first
// screen paints before any JavaScript runs and the rest loads in parallel. The server
// (apps/server/src/plugins/app-shell.ts) fills in the markers for titles taken from the URL,
// and the visitor's dark / monochrome look from a cookie, so no script runs before paint.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
// WEB_DIST: build elsewhere than dist/ (a second build beside a running server).
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const ssrDir = path.join(dist, '.ssr');
const outDir = path.join(dist, '.shell');

/** Replaced by the server with the (escaped) title or token from the URL. */
const TITLE = '%%EARSHOT_TITLE%%';
const TOKEN = '%%EARSHOT_TOKEN%%';
// Route parameters the shells are rendered with; their rendered forms become the markers.
const SAMPLE = 'earshotshellsample';
const SAMPLE_TOKEN = 'earshotshelltoken';

/**
 * Kinds of app route: a sample URL, the title the screen sets, the lazily loaded module to
 * preload, the API call its screen makes first, and the module it loads when the catalogue
 * is large (docs/scale-out.md §3; listed apart in the boot list, for the server to preload).
 */
const LARGE_LIST = 'src/features/guides/components/large-list.tsx';
const ROUTES = {
  home: {
    url: '/',
    title: 'Guides',
    module: 'src/app/routes/home.tsx',
    api: '/api/v1/tours',
    // What the screen loads when the catalogue is large (the server then preloads it too).
    large: LARGE_LIST,
  },
  city: {
    url: `/city/${SAMPLE}`,
    title: SAMPLE.charAt(0).toUpperCase() + SAMPLE.slice(1),
    module: 'src/app/routes/place.tsx',
    api: '/api/v1/tours',
    large: LARGE_LIST,
  },
  state: {
    url: `/state/${SAMPLE}`,
    title: SAMPLE.toUpperCase(),
    module: 'src/app/routes/place.tsx',
    api: '/api/v1/tours',
    large: LARGE_LIST,
  },
  search: {
    url: `/search/${SAMPLE}`,
    title: SAMPLE.toUpperCase(),
    module: 'src/app/routes/search.tsx',
    api: '/api/v1/tours',
  },
  map: {
    url: '/map',
    title: 'World map',
    module: 'src/app/routes/world-map.tsx',
    api: '/api/v1/guide-summary',
    // Imported by the map as soon as it runs: fetched with it, not after it.
    also: /leaflet\.markercluster/,
    large: 'src/features/world-map/components/server-clusters.ts',
  },
  // The server puts the guide's title in place of the sample (SAMPLE marks the title).
  guide: {
    url: `/guide/${SAMPLE_TOKEN}`,
    title: SAMPLE,
    module: 'src/app/routes/guide.tsx',
    api: `/api/v1/tour-by-token/${SAMPLE_TOKEN}`,
    // The map (Leaflet) is imported as soon as the guide screen runs: fetched with it.
    also: /features\/guide-map\/components\/guide-map\.tsx$/,
  },
  about: { url: '/about', title: 'About' },
  downloads: {
    url: '/downloads',
    title: 'Downloaded guides',
    module: 'src/app/routes/downloads.tsx',
  },
  'reset-password': {
    url: '/reset-password',
    title: 'Reset password',
    module: 'src/app/routes/reset-password.tsx',
  },
  // SPEC §2 test tools: the theme editor.
  theme: { url: '/theme', title: 'Theme editor', module: 'src/app/routes/theme-editor.tsx' },
  // Scavenger hunt and challenge pages (SPEC §2 /hunt/{id}, /challenge/{id} and
  // /poi/{poi_token}/challenge, which leads to one): their screens load their data by id.
  hunt: { url: '/hunt/1', title: 'Scavenger hunt', module: 'src/app/routes/hunt.tsx' },
  challenge: { url: '/challenge/1', title: 'Challenge', module: 'src/app/routes/challenge.tsx' },
  preload: {
    url: `/preload/${SAMPLE_TOKEN}`,
    title: 'Getting ready',
    module: 'src/app/routes/preload.tsx',
    api: `/api/v1/tour-by-token/${SAMPLE_TOKEN}`,
  },
  // Test tools (SPEC §2): the face model's files load from the page itself, not preloaded.
  camera: { url: '/camera', title: 'Camera hat', module: 'src/app/routes/camera.tsx' },
  landmarker: {
    url: '/landmarker',
    title: 'Landmark picker',
    module: 'src/app/routes/landmarker.tsx',
  },
  // The publishers' studio (issue 19): one page for its screens, which need a signed-in user.
  studio: { url: '/studio', title: 'Studio', module: 'src/app/routes/studio.tsx' },
  'not-found': { url: '/earshot/not/found', title: 'Page not found' },
  // SPEC §2 test pages: their data comes with their code (no API call).
  'splash-test': {
    url: '/splash_test',
    title: 'Splash test',
    module: 'src/app/routes/splash-test.tsx',
  },
  'keypad-test': {
    url: '/keypad_test',
    title: 'Keypad test',
    module: 'src/app/routes/keypad-test.tsx',
  },
  'guide-list-test': {
    url: '/guide_list_test',
    title: 'Guide list test',
    module: 'src/app/routes/guide-list-test.tsx',
  },
};

// React's production server build: no development notes in the markup.
process.env.NODE_ENV = 'production';
const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'));
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const { renderShell, renderSplashShell, renderListTemplates, renderMapTemplates } = await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
);
/** Where the server puts a guide page's own splash (after the app's root, so the app's first render leaves it). */
const SPLASH = '<!--%%EARSHOT_SPLASH%%-->';
/** Around a list page's loading state, which the server replaces with the list's first rows. */
const LIST_START = '<!--%%EARSHOT_LIST%%-->';
const LIST_END = '<!--/%%EARSHOT_LIST%%-->';
/** In the world map's box: where the server draws the map's opening markers (map-shell.tsx). */
const MAP_MARKERS = '<!--%%EARSHOT_MAP_MARKERS%%-->';

/** Every chunk a module needs (its own file and its static imports), in load order. */
function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...(entry.imports ?? []).flatMap((k) => chunksOf(k, seen)), entry.file];
}
/** The stylesheets of those chunks. */
const cssOf = (key) =>
  Object.values(manifest)
    .filter((m) => chunksOf(key).includes(m.file))
    .flatMap((m) => m.css ?? []);
// The entry is what index.html starts (the bundler's runtime and the `index` chunk group of
// vite.config.ts): the manifest marks none of them `isEntry`, and without them every page
// inlined the entry's stylesheet a second time and preloaded its chunks again.
const entryKeys = [...template.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map(
  ([, file]) => {
    const key = Object.keys(manifest).find((k) => manifest[k].file === file);
    if (!key) throw new Error(`prerender: the entry's ${file} is not in the manifest`);
    return key;
  },
);
if (!entryKeys.length) throw new Error('prerender: index.html starts no module');
const entryChunks = new Set(entryKeys.flatMap((k) => chunksOf(k)));
const entryCss = new Set(entryKeys.flatMap((k) => cssOf(k)));

/**
 * A stylesheet inline, so the page paints without waiting for a CSS request. A disabled link
 * (never fetched) stays beside it, so Vite's loader, which looks for that link before it
 * loads a lazy chunk's CSS, does not fetch it a second time.
 */
async function inlineStyle(file) {
  const css = await readFile(path.join(dist, file), 'utf8');
  return `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
}

/** The entry's stylesheets, inline. */
async function inlineStyles(html) {
  const links = [
    ...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g),
  ];
  for (const [tag, file] of links) html = html.replace(tag, await inlineStyle(file));
  return html;
}

/**
 * renderToString marks each Suspense boundary it left at its fallback (comments and an empty
 * template); the browser app does not hydrate but renders in their place, so they go.
 */
const stripMarkers = (html) =>
  html.replace(/<!--\/?\$!?-->|<template[^>]*><\/template>|<!-- -->/g, '');

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app's scripts do not block the first paint (the shell is the page): they load at low
 * priority, after the page itself and its first API call.
 */
const lowPriority = (html) =>
  html
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    )
    .replaceAll(
      '<script type="module" crossorigin',
      '<script type="module" fetchpriority="low" crossorigin',
    );

const bootFile = (await readdir(path.join(dist, 'assets'))).find((f) =>
  /^boot-[\w-]+\.js$/.test(f),
);
if (!bootFile) throw new Error('prerender: no assets/boot-*.js (the vite.config.ts plugin)');

/**
 * The app's modules start after the shell's first paint (src/shell/boot.js): their script and
 * preload tags leave the page for a JSON list (not run, so the CSP is unchanged) that the
 * page's one classic script reads. `large` lists what the screen loads in a large catalogue:
 * the server adds it to the preloads when the catalogue is large (app-shell.ts largeVariant).
 */
function bootAfterPaint(page, large) {
  const modules = [];
  const preloads = [];
  const out = page
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g, (_, src) => {
      modules.push(src);
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_, href) => {
      preloads.push(href);
      return '';
    });
  if (!modules.length) throw new Error('prerender: no module script in the page');
  const extra = large.filter((f) => !preloads.includes(f));
  const list = extra.length ? { modules, preloads, large: extra } : { modules, preloads };
  const json = JSON.stringify(list).replaceAll('<', '\\u003c');
  return out.replace(
    '</head>',
    `<script id="boot-scripts" type="application/json">${json}</script>\n` +
      `    <script defer src="/assets/${bootFile}"></script>\n  </head>`,
  );
}

const base = lowPriority(await inlineStyles(template));
await mkdir(outDir, { recursive: true });
// A grouped list's first screen, drawn with markers for the server to fill in (list-shell.tsx).
const lists = renderListTemplates({ city: ROUTES.city.title, state: ROUTES.state.title });
const listScreens = {};
const maps = renderMapTemplates();
for (const [kind, route] of Object.entries(ROUTES)) {
  const { html: rendered, title } = renderShell(route.url, route.title);
  const html = stripMarkers(rendered);
  const preloads = [];
  if (route.module) {
    const extra = Object.keys(manifest).filter((k) => route.also?.test(k));
    const chunks = [route.module, ...extra].flatMap((k) => chunksOf(k));
    for (const file of new Set(chunks.filter((f) => !entryChunks.has(f))))
      preloads.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
    // The screen's own CSS too: it draws the moment its chunk runs.
    for (const file of new Set(cssOf(route.module).filter((f) => !entryCss.has(f))))
      preloads.push(await inlineStyle(file));
  }
  if (route.api) preloads.push(`<link rel="preload" as="fetch" crossorigin href="${route.api}">`);
  // The guide's theme (issue 18): asked with the guide, so its colours are there when it draws.
  if (kind === 'preload' || kind === 'guide')
    preloads.push(
      `<link rel="preload" as="fetch" crossorigin href="/api/v1/guides/${SAMPLE_TOKEN}/theme">`,
    );
  let page = base
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<!-- shell:head (scripts/prerender.mjs) -->', preloads.join('\n    '))
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div>${kind === 'guide' ? SPLASH : ''}`,
    );
  const titleShown = route.title.toLowerCase() === SAMPLE ? route.title : null;
  const list = lists.screens[kind];
  if (list) {
    // The page's loading state, marked: the server puts the list in its place when it can.
    const skeleton = stripMarkers(list.skeleton);
    if (page.split(skeleton).length !== 2)
      throw new Error(`prerender: the ${kind} page does not hold its list's loading state once`);
    page = page.replace(skeleton, `${LIST_START}${skeleton}${LIST_END}`);
    const titled = (html) =>
      html && (titleShown ? stripMarkers(html).replaceAll(titleShown, TITLE) : stripMarkers(html));
    listScreens[kind] = { small: titled(list.small), large: titled(list.large) };
  }
  if (kind === 'map') {
    if (page.split(maps.frame).length !== 2)
      throw new Error("prerender: the map page does not hold the map's box once");
    page = page.replace(maps.frame, `${maps.frame}${MAP_MARKERS}`);
  }
  if (titleShown) page = page.replaceAll(titleShown, TITLE);
  if (kind === 'preload' || kind === 'guide') page = page.replaceAll(SAMPLE_TOKEN, TOKEN);
  if (page.includes(SAMPLE) || page.includes(SAMPLE.toUpperCase()) || page.includes(SAMPLE_TOKEN))
    throw new Error(`prerender: a route parameter of ${kind} is not replaced by a marker`);
  const large = route.large
    ? chunksOf(route.large)
        .filter((f) => !entryChunks.has(f))
        .map((f) => `/${f}`)
    : [];
  page = bootAfterPaint(page, large);
  await writeFile(path.join(outDir, `${kind}.html`), page);
  if (kind === 'home') await writeFile(path.join(dist, 'index.html'), page);
}
// The guide page's splash, with and without a picture: the server fills in the guide's title,
// place and picture (apps/server/src/plugins/app-shell.ts).
for (const [variant, html] of Object.entries(renderSplashShell(SAMPLE))) {
  // React adds a preload of the picture; the server puts its own in the page's head.
  const splash = html.replace(/<link rel="preload"[^>]*>/g, '').replaceAll(SAMPLE, TITLE);
  if (splash.includes(SAMPLE)) throw new Error('prerender: the splash title is not a marker');
  await writeFile(path.join(outDir, `guide-splash-${variant}.html`), splash);
}
await writeFile(
  path.join(outDir, 'list.json'),
  JSON.stringify({
    start: LIST_START,
    end: LIST_END,
    markers: lists.markers,
    row: stripMarkers(lists.row),
    letters: lists.letters,
    screens: listScreens,
  }),
);
await writeFile(
  path.join(outDir, 'map.json'),
  JSON.stringify({
    at: MAP_MARKERS,
    markers: maps.markers,
    overlay: maps.overlay,
    land: maps.land,
    disc: maps.disc,
    pin: maps.pin,
  }),
);
await rm(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${Object.keys(ROUTES).length} route shells into dist/.shell/`);
