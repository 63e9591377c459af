import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  clustersPath,
  imageSource,
  OPENING_CLUSTERS_BOX,
  SHELL_MARKERS,
  shellKinds,
  WORLD_MAP_ZOOM,
  type FirstListScreen,
  type ShellKind,
} from '@earshot/core';
import { pickEncoding } from '../response-cache.js';
import type { GuideSplash } from './hints.js';
import { escapeData, escapeHtml, fill, put } from './html.js';
import { listScreenHtml, type ListTemplates } from './list-screen.js';
import { mapOpeningHtml, type MapOpening, type MapTemplates } from './map-opening.js';
import type { ShellRoute } from './route.js';

/** The browser bar's colour, light and dark (as the web app sets it). */
const LIGHT_BAR = '<meta name="theme-color" content="#0f5f73" />';
const DARK_BAR = '<meta name="theme-color" content="#10191d" />';

export type ShellPage = { status: 200 | 404; html: string; etag: string };
export type Encoded = { body: Buffer; encoding?: 'br' | 'gzip' };

/** The look cookie the web app writes (apps/web/src/shared/lib/preferences.ts). */
const LOOK = /(?:^|;\s*)earshot-look=([^;]*)/;

/** `<html>` in the visitor's saved look, so the page paints in it without a script. */
function lookAttributes(cookie: string | undefined): string {
  const look = (cookie && LOOK.exec(cookie)?.[1]?.split('.')) || [];
  return (
    (look.includes('dark') ? ' data-theme="dark"' : '') +
    (look.includes('mono') ? ' data-mono=""' : '')
  );
}

/**
 * The HTML of every app route: the page template of its kind (dist/.shell/, written at build
 * time with the screen's shell, critical CSS and preloads) with the title or token from the
 * URL filled in, escaped. Older builds without templates get index.html for every route.
 */
const readShellFile = (dir: string, name: string) => {
  const file = path.join(dir, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
};

const BOOT_LIST = /(<script id="boot-scripts" type="application\/json">)([^<]*)(<\/script>)/;

/**
 * The page as a large catalogue needs it (docs/scale-out.md §3): the boot list's `large`
 * modules (the paged list, the map's clusters) preloaded with the screen's own, instead of a
 * round trip after the app has learnt the catalogue is large. Null when the page has none.
 */
export function largeVariant(html: string): string | null {
  const m = BOOT_LIST.exec(html);
  if (!m) return null;
  const boot = JSON.parse(m[2]!) as { preloads?: string[]; large?: string[] };
  if (!boot.large?.length) return null;
  const json = JSON.stringify({ ...boot, preloads: [...(boot.preloads ?? []), ...boot.large] });
  return html.replace(BOOT_LIST, (_, open: string, _list, close: string) =>
    [open, json.replaceAll('<', '\\u003c'), close].join(''),
  );
}

/** What a page holds besides its route's template (each optional). */
export type PageParts = {
  /** The request's Cookie header: the visitor's saved look. */
  cookie?: string;
  /** A picture to fetch at once (see firstCardImage). */
  image?: string | null;
  /** A guide page's own splash. */
  splash?: GuideSplash | null;
  /** The catalogue is large (see largeVariant). */
  large?: boolean;
  /** A list page's first screen (core firstListScreen), in place of its loading state. */
  list?: FirstListScreen | null;
  /** The world map's opening (its land, and its first markers with their answer preloaded). */
  opening?: MapOpening | null;
};

export function loadAppShell(webDist: string) {
  const dir = path.join(webDist, '.shell');
  const fallback = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const templates = new Map<ShellKind, string>(
    shellKinds().map((k) => {
      const file = path.join(dir, `${k}.html`);
      return [k, existsSync(file) ? readFileSync(file, 'utf8') : fallback];
    }),
  );
  const largeTemplates = new Map<ShellKind, string>();
  for (const [k, html] of templates) {
    const large = largeVariant(html);
    if (large) largeTemplates.set(k, large);
  }
  const splashes = {
    image: readShellFile(dir, 'guide-splash-image.html'),
    plain: readShellFile(dir, 'guide-splash-plain.html'),
  };
  const listFile = readShellFile(dir, 'list.json');
  const lists = listFile ? (JSON.parse(listFile) as ListTemplates) : null;
  const mapFile = readShellFile(dir, 'map.json');
  const maps = mapFile ? (JSON.parse(mapFile) as MapTemplates) : null;
  // Pages differ only by a title or token: a few hundred compressed copies cover the common ones.
  const compressed = new Map<string, Encoded>();
  return {
    /** The page compressed as the browser accepts it (brotli, else gzip), cached by ETag. */
    encode(page: ShellPage, acceptEncoding = ''): Encoded {
      const encoding = pickEncoding(acceptEncoding);
      if (!encoding) return { body: Buffer.from(page.html) };
      const key = `${encoding} ${page.etag}`;
      let hit = compressed.get(key);
      if (!hit) {
        const body =
          encoding === 'br'
            ? brotliCompressSync(page.html, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
              })
            : gzipSync(page.html, { level: 9 });
        hit = { body, encoding };
        if (compressed.size >= 500) compressed.delete(compressed.keys().next().value!);
        compressed.set(key, hit);
      }
      return hit;
    },
    /** The page of `route`, as `PageParts` asks (each part is optional). */
    page(route: ShellRoute, parts: PageParts = {}): ShellPage {
      const { cookie, image, splash, large = false, list, opening } = parts;
      const look = lookAttributes(cookie);
      let html = (large && largeTemplates.get(route.kind)) || templates.get(route.kind)!;
      const listHtml = list && lists && listScreenHtml(lists, route.kind, list, large);
      if (listHtml) {
        const start = html.indexOf(lists!.start);
        const end = html.indexOf(lists!.end, start);
        if (start !== -1 && end !== -1)
          html = html.slice(0, start) + listHtml + html.slice(end + lists!.end.length);
      }
      if (opening && maps && html.includes(maps.at)) {
        html = put(html, maps.at, mapOpeningHtml(maps, opening));
        // A large catalogue's map asks for the opening clusters first: these markers' answer.
        const url = `/api/v1/${clustersPath(OPENING_CLUSTERS_BOX, WORLD_MAP_ZOOM)}`;
        if (large)
          html = put(
            html,
            '</title>',
            `</title>\n    <link rel="preload" as="fetch" crossorigin href="${escapeHtml(url)}">`,
          );
      }
      const splashHtml = splash && (splash.image ? splashes.image : splashes.plain);
      if (splashHtml && html.includes(SHELL_MARKERS.splash))
        html = put(
          html,
          SHELL_MARKERS.splash,
          fill(splashHtml, {
            // Data from the guide, filled in before the page's markers are: `%` escaped too.
            [SHELL_MARKERS.splashPlace]: escapeData(splash.place),
            [SHELL_MARKERS.splashImage]: escapeData(splash.image ?? ''),
            [SHELL_MARKERS.splashSrcset]: escapeData(
              (splash.image && imageSource(splash.image, 'splash').srcSet) || '',
            ),
          }),
        );
      html = fill(html, {
        [SHELL_MARKERS.title]: escapeHtml(route.title ?? ''),
        // A guide page names its token only in the URL of its first API call.
        [SHELL_MARKERS.token]: escapeHtml(
          route.kind === 'guide' ? encodeURIComponent(route.token ?? '') : (route.token ?? ''),
        ),
      });
      if (image && /^\/static\//.test(image)) {
        // A list's first card or a guide's splash names the same right-sized copies as its
        // <img>, so the browser preloads the one it will show (a WebP copy of the screen's size).
        const pic = imageSource(image, route.kind === 'guide' ? 'splash' : 'listCard');
        const set = pic.srcSet
          ? ` imagesrcset="${escapeHtml(pic.srcSet)}" imagesizes="${escapeHtml(pic.sizes ?? '')}"`
          : '';
        html = put(
          html,
          '</title>',
          `</title>\n    <link rel="preload" as="image" href="${escapeHtml(pic.src)}"${set} fetchpriority="high" />`,
        );
      }
      if (look) {
        html = html.replace('<html lang="en">', `<html lang="en"${look}>`);
        if (look.includes('dark')) html = html.replace(LIGHT_BAR, DARK_BAR);
      }
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      // A sign's page is sent only for a code that opens no stop (GET /s/{code} redirects the rest).
      const missing = route.kind === 'not-found' || route.kind === 'sign';
      return { status: missing ? 404 : 200, html, etag };
    },
  };
}
