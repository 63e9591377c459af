import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pickEncoding } from './response-cache.js';
import {
  cityTitle,
  imageSource,
  isValidPlaceSegment,
  isValidToken,
  normaliseGuideToken,
  shouldGroupByCity,
  sortGuides,
  upperTitle,
} from '@earshot/core';

/** Markers scripts/prerender.mjs (apps/web) leaves in the page templates. */
const TITLE = '%%EARSHOT_TITLE%%';
const TOKEN = '%%EARSHOT_TOKEN%%';
/** Where a guide page's own splash goes, and its markers (apps/web splash-shell.tsx). */
const SPLASH = '<!--%%EARSHOT_SPLASH%%-->';
const SPLASH_PLACE = '%%EARSHOT_SPLASH_PLACE%%';
const SPLASH_IMAGE = '%%EARSHOT_SPLASH_IMAGE%%';
const SPLASH_SRCSET = '%%EARSHOT_SPLASH_SRCSET%%';
/** The browser bar's colour, light and dark (as the web app sets it). */
const LIGHT_BAR = '<meta name="theme-color" content="#0f5f73" />';
const DARK_BAR = '<meta name="theme-color" content="#10191d" />';

const KINDS = [
  'home',
  'city',
  'state',
  'search',
  'map',
  'about',
  'downloads',
  'reset-password',
  'theme',
  'hunt',
  'challenge',
  'preload',
  'guide',
  'splash-test',
  'keypad-test',
  'guide-list-test',
  'camera',
  'landmarker',
  'studio',
  'not-found',
] as const;
type Kind = (typeof KINDS)[number];

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

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export type ShellRoute = {
  kind: Kind;
  title?: string;
  token?: string;
  place?: string;
  /** Guide pages: the child path after the token (a POI token, `directory`, …), if any. */
  child?: string;
};

/** The title a guide page has until its guide has loaded (as the web app's guide screen sets it). */
export const GUIDE_LOADING_TITLE = 'Loading the guide';

/**
 * /guide/{token} and its children (SPEC §2): the token as the API reads it (a trailing
 * encoded space stripped), and a child path that could be a POI token. Which child it is, and
 * whether the guide exists, is for the app to find out: a well-formed URL gets the guide page.
 */
function guideRoute(token: string, child: string | undefined): ShellRoute {
  const t = decode(token);
  const c = child === undefined ? undefined : decode(child);
  if (t === null || !isValidToken(normaliseGuideToken(t))) return { kind: 'not-found' };
  if (c === null || (c !== undefined && !isValidToken(c))) return { kind: 'not-found' };
  return { kind: 'guide', token: normaliseGuideToken(t), ...(c === undefined ? {} : { child: c }) };
}

/**
 * Which page an app route is, with the title or token its page shows (as the web app reads
 * them), and for city and state pages the place as written in the URL.
 */
export function shellRoute(pathname: string): ShellRoute {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/') return { kind: 'home' };
  if (p === '/map') return { kind: 'map' };
  if (p === '/about') return { kind: 'about' };
  if (p === '/downloads') return { kind: 'downloads' };
  if (p === '/reset-password') return { kind: 'reset-password' };
  // SPEC §2 test pages.
  if (p === '/splash_test') return { kind: 'splash-test' };
  if (p === '/keypad_test') return { kind: 'keypad-test' };
  if (p === '/guide_list_test') return { kind: 'guide-list-test' };
  if (p === '/theme') return { kind: 'theme' };
  if (p === '/camera') return { kind: 'camera' };
  if (p === '/landmarker') return { kind: 'landmarker' };
  // The publishers' studio (docs/studio.md): its screens load their own data once signed in.
  if (p === '/studio' || p === '/studio/organisations') return { kind: 'studio' };
  if (/^\/studio\/(guides|invitations)\/[^/]+$/.test(p)) return { kind: 'studio' };
  // SPEC §5: hunt and challenge ids are digits; a POI's challenge link leads to a challenge.
  if (/^\/hunt\/\d+$/.test(p)) return { kind: 'hunt' };
  if (/^\/challenge\/\d+$/.test(p) || /^\/poi\/[^/]+\/challenge$/.test(p))
    return { kind: 'challenge' };
  const guide = /^\/guide\/([^/]+)(?:\/([^/]+))?$/.exec(p);
  if (guide) return guideRoute(guide[1]!, guide[2]);
  const m = /^\/(city|state|search|preload)\/([^/]+)$/.exec(p);
  const value = m ? decode(m[2]!) : null;
  if (!m || value === null) return { kind: 'not-found' };
  const kind = m[1] as 'city' | 'state' | 'search' | 'preload';
  if (kind === 'preload')
    return isValidToken(value) ? { kind, token: value } : { kind: 'not-found' };
  if (!isValidPlaceSegment(value)) return { kind: 'not-found' };
  if (kind === 'search') return { kind, title: upperTitle(value) };
  return { kind, title: kind === 'city' ? cityTitle(value) : upperTitle(value), place: value };
}

type ListedGuide = {
  title: string;
  city: { id: number; name: string; state: string };
  splash_url?: string | null;
  images: string[];
};

/**
 * The picture of the first card the page's list shows (a flat list of 20 guides or fewer, in
 * the default order, as the web app draws it), so the page can fetch it at once instead of
 * after the app has drawn the list: on a phone it is the largest thing on the first screen.
 */
export function firstCardImage(route: ShellRoute, guides: ListedGuide[]): string | null {
  if (route.kind !== 'home' && route.kind !== 'city' && route.kind !== 'state') return null;
  const want = route.place?.toLowerCase();
  const shown = guides.filter(
    (g) => !want || (route.kind === 'city' ? g.city.name : g.city.state).toLowerCase() === want,
  );
  if (shown.length === 0 || shouldGroupByCity(shown.length)) return null;
  const first = sortGuides(shown)[0]!;
  return first.splash_url ?? first.images[0] ?? null;
}

/** What a guide page's own splash shows: the guide's place and picture (as the app's splash). */
export type GuideSplash = { place: string; image: string | null };

type SplashGuide = {
  city: { name: string; state: string };
  splash_url?: string | null;
  images: string[];
};

/** The splash of a guide as the app draws it (SPEC §2: the splash picture, else the first image). */
export function guideSplash(guide: SplashGuide): GuideSplash {
  return {
    place: `${guide.city.name}, ${guide.city.state}`,
    image: guide.splash_url ?? guide.images[0] ?? null,
  };
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

export function loadAppShell(webDist: string) {
  const dir = path.join(webDist, '.shell');
  const fallback = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const templates = new Map<Kind, string>(
    KINDS.map((k) => {
      const file = path.join(dir, `${k}.html`);
      return [k, existsSync(file) ? readFileSync(file, 'utf8') : fallback];
    }),
  );
  const largeTemplates = new Map<Kind, string>();
  for (const [k, html] of templates) {
    const large = largeVariant(html);
    if (large) largeTemplates.set(k, large);
  }
  const splashes = {
    image: readShellFile(dir, 'guide-splash-image.html'),
    plain: readShellFile(dir, 'guide-splash-plain.html'),
  };
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
    /**
     * The page of `route`; `cookie` is the request's Cookie header (the visitor's look), `image`
     * a picture to fetch at once (see firstCardImage), `splash` a guide page's own splash,
     * `large` whether the catalogue is large (see largeVariant).
     */
    page(
      route: ShellRoute,
      cookie?: string,
      image?: string | null,
      splash?: GuideSplash | null,
      large = false,
    ): ShellPage {
      const look = lookAttributes(cookie);
      let html = (large && largeTemplates.get(route.kind)) || templates.get(route.kind)!;
      const splashHtml = splash && (splash.image ? splashes.image : splashes.plain);
      if (splashHtml && html.includes(SPLASH))
        html = html.replace(
          SPLASH,
          splashHtml
            .replaceAll(SPLASH_PLACE, escapeHtml(splash.place))
            .replaceAll(SPLASH_IMAGE, escapeHtml(splash.image ?? ''))
            .replaceAll(
              SPLASH_SRCSET,
              escapeHtml((splash.image && imageSource(splash.image, 'splash').srcSet) || ''),
            ),
        );
      html = html
        .replaceAll(TITLE, escapeHtml(route.title ?? ''))
        // A guide page names its token only in the URL of its first API call.
        .replaceAll(
          TOKEN,
          escapeHtml(
            route.kind === 'guide' ? encodeURIComponent(route.token ?? '') : (route.token ?? ''),
          ),
        );
      if (image && /^\/static\//.test(image)) {
        // A list's first card or a guide's splash names the same right-sized copies as its
        // <img>, so the browser preloads the one it will show (a WebP copy of the screen's size).
        const pic = imageSource(image, route.kind === 'guide' ? 'splash' : 'listCard');
        const set = pic.srcSet
          ? ` imagesrcset="${escapeHtml(pic.srcSet)}" imagesizes="${escapeHtml(pic.sizes ?? '')}"`
          : '';
        html = html.replace(
          '</title>',
          `</title>\n    <link rel="preload" as="image" href="${escapeHtml(pic.src)}"${set} fetchpriority="high" />`,
        );
      }
      if (look) {
        html = html.replace('<html lang="en">', `<html lang="en"${look}>`);
        if (look.includes('dark')) html = html.replace(LIGHT_BAR, DARK_BAR);
      }
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      return { status: route.kind === 'not-found' ? 404 : 200, html, etag };
    },
  };
}
