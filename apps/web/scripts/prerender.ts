// After `vite build` and the SSR build of src/shell/prerender.tsx: writes one HTML page per
// kind of app route into dist/.shell/ (and the home page as dist/index.html). Each holds the
// screen's shell as the app's first render draws it, the CSS that shell needs inline, and
// preloads for the route's chunk and its first API call, so the first
// screen paints before any JavaScript runs and the rest loads in parallel. The server
// (apps/server/src/plugins/app-shell/) fills in the markers for titles taken from the URL,
// and the visitor's dark / monochrome look from a cookie, so no script runs before paint.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  APP_PAGES,
  SHELL_MARKERS,
  SHELL_SAMPLE,
  SHELL_SAMPLE_TOKEN,
  sampleUrl,
  shellKinds,
  type AppPage,
  type ShellKind,
} from '@earshot/core';
import type * as Shells from '../src/shell/prerender';

type ManifestEntry = { file: string; imports?: string[]; css?: string[] };

const web = path.resolve(import.meta.dirname, '..');
// WEB_DIST: build elsewhere than dist/ (a second build beside a running server).
const dist = process.env.WEB_DIST ?? path.join(web, 'dist');
const ssrDir = path.join(dist, '.ssr');
const outDir = path.join(dist, '.shell');

const { title: TITLE, token: TOKEN } = SHELL_MARKERS;
const SAMPLE = SHELL_SAMPLE;
const SAMPLE_TOKEN = SHELL_SAMPLE_TOKEN;

/**
 * The shell of each kind of app route (core APP_PAGES): a sample URL, the title the screen
 * sets, the lazily loaded module to preload, the API calls its screen makes first, and the
 * module it loads when the catalogue is large (docs/scale-out.md §3; listed apart in the boot
 * list, for the server to preload).
 */
const ROUTES: [ShellKind, AppPage & { sample: string; title: string }][] = shellKinds().map(
  (kind) => {
    const page: AppPage = APP_PAGES[kind];
    return [kind, { ...page, sample: sampleUrl(kind), title: page.title ?? '' }];
  },
);

// React's production server build: no development notes in the markup.
process.env.NODE_ENV = 'production';
const manifest = JSON.parse(
  await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestEntry>;
const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const { renderShell, renderSplashShell, renderListTemplates, renderMapTemplates } = (await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
)) as typeof Shells;
/** Where the server puts a guide page's own splash (after the app's root, so the app's first render leaves it). */
const SPLASH = SHELL_MARKERS.splash;
/** Around a list page's loading state, which the server replaces with the list's first rows. */
const LIST_START = SHELL_MARKERS.listStart;
const LIST_END = SHELL_MARKERS.listEnd;
/** In the world map's box: where the server draws the map's opening markers (map-shell.tsx). */
const MAP_MARKERS = SHELL_MARKERS.mapMarkers;

/** Every chunk a module needs (its own file and its static imports), in load order. */
function chunksOf(key: string, seen = new Set<string>()): string[] {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return [];
  seen.add(key);
  return [...(entry.imports ?? []).flatMap((k) => chunksOf(k, seen)), entry.file];
}
/** The stylesheets of those chunks. */
const cssOf = (key: string) =>
  Object.values(manifest)
    .filter((m) => chunksOf(key).includes(m.file))
    .flatMap((m) => m.css ?? []);
// The entry is what index.html starts (the bundler's runtime and the `index` chunk group of
// vite.config.ts): the manifest marks none of them `isEntry`, and without them every page
// inlined the entry's stylesheet a second time and preloaded its chunks again.
const entryKeys = [...template.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g)].map(
  ([, file]) => {
    const key = Object.keys(manifest).find((k) => manifest[k]!.file === file);
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
async function inlineStyle(file: string) {
  const css = await readFile(path.join(dist, file), 'utf8');
  return `<style>${css.replaceAll('</style', '<\\/style')}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
}

/** The entry's stylesheets, inline. */
async function inlineStyles(html: string) {
  const links = [
    ...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g),
  ];
  for (const [tag, file] of links) html = html.replace(tag, await inlineStyle(file!));
  return html;
}

/**
 * renderToString marks each Suspense boundary it left at its fallback (comments and an empty
 * template); the browser app does not hydrate but renders in their place, so they go.
 */
const stripMarkers = (html: string) =>
  html.replace(/<!--\/?\$!?-->|<template[^>]*><\/template>|<!-- -->/g, '');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app's scripts do not block the first paint (the shell is the page): they load at low
 * priority, after the page itself and its first API call.
 */
const lowPriority = (html: string) =>
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
 * the server adds it to the preloads when the catalogue is large (app-shell/page.ts largeVariant).
 */
function bootAfterPaint(page: string, large: string[]) {
  const modules: string[] = [];
  const preloads: string[] = [];
  const out = page
    .replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g, (_, src: string) => {
      modules.push(src);
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g, (_, href: string) => {
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
const lists = renderListTemplates({ city: APP_PAGES.city.title, state: APP_PAGES.state.title });
const listScreens: Partial<Record<ShellKind, { small: string | null; large: string | null }>> = {};
const maps = renderMapTemplates();
for (const [kind, route] of ROUTES) {
  const { html: rendered, title } = renderShell(route.sample, route.title);
  const html = stripMarkers(rendered);
  const preloads: string[] = [];
  if (route.module) {
    const extra = Object.keys(manifest).filter((k) => route.also?.test(k));
    const chunks = [route.module, ...extra].flatMap((k) => chunksOf(k));
    for (const file of new Set(chunks.filter((f) => !entryChunks.has(f))))
      preloads.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
    // The screen's own CSS too: it draws the moment its chunk runs.
    for (const file of new Set(cssOf(route.module).filter((f) => !entryCss.has(f))))
      preloads.push(await inlineStyle(file));
  }
  for (const api of route.api ?? [])
    preloads.push(`<link rel="preload" as="fetch" crossorigin href="${api}">`);
  let page = base
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<!-- shell:head (scripts/prerender.ts) -->', preloads.join('\n    '))
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div>${kind === 'guide' ? SPLASH : ''}`,
    );
  const titleShown = route.title.toLowerCase() === SAMPLE ? route.title : null;
  const list = (lists.screens as Partial<Record<ShellKind, (typeof lists.screens)['home']>>)[kind];
  if (list) {
    // The page's loading state, marked: the server puts the list in its place when it can.
    const skeleton = stripMarkers(list.skeleton);
    if (page.split(skeleton).length !== 2)
      throw new Error(`prerender: the ${kind} page does not hold its list's loading state once`);
    page = page.replace(skeleton, `${LIST_START}${skeleton}${LIST_END}`);
    const titled = (html: string | null) =>
      html && (titleShown ? stripMarkers(html).replaceAll(titleShown, TITLE) : stripMarkers(html));
    listScreens[kind] = { small: titled(list.small), large: titled(list.large) };
  }
  if (kind === 'map') {
    if (page.split(maps.frame).length !== 2)
      throw new Error("prerender: the map page does not hold the map's box once");
    page = page.replace(maps.frame, `${maps.frame}${MAP_MARKERS}`);
  }
  if (titleShown) page = page.replaceAll(titleShown, TITLE);
  // A guide page's and its preload page's token (in the URL of its first API calls).
  if (route.sample.includes(SAMPLE_TOKEN)) page = page.replaceAll(SAMPLE_TOKEN, TOKEN);
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
// place and picture (apps/server/src/plugins/app-shell/).
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
console.log(`prerendered ${ROUTES.length} route shells into dist/.shell/`);
