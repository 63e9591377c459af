import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pickEncoding } from './response-cache.js';
import {
  ALPHABET,
  CITY_ROW_HEIGHT,
  cityPath,
  cityRowLabel,
  cityTitle,
  clusterCountText,
  clustersPath,
  imageSource,
  isValidPlaceSegment,
  isValidToken,
  normaliseGuideToken,
  shouldGroupByCity,
  sortGuides,
  OPENING_CLUSTERS_BOX,
  upperTitle,
  WORLD_MAP_ZOOM,
  worldPixel,
  type FirstListScreen,
  type LatLng,
  type OpeningMarker,
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

/**
 * A grouped list's first screen with markers (dist/.shell/list.json, written by the web app's
 * prerender from its own components: apps/web/src/shell/list-shell.tsx).
 */
type ListTemplates = {
  start: string;
  end: string;
  markers: {
    list: Record<'count' | 'height' | 'rows' | 'letters', string>;
    row: Record<'index' | 'id' | 'city' | 'state' | 'count' | 'label', string>;
  };
  row: string;
  letters: Record<'city' | 'state', { on: string[]; off: string[] }>;
  screens: Partial<Record<Kind, { small: string | null; large: string | null }>>;
};

/**
 * Each marker of `values` in `html` replaced by its value, in one pass: a value is never read
 * again for markers (a city named like one stays as named), nor for `$` patterns.
 */
function fill(html: string, values: Record<string, string>): string {
  const markers = Object.keys(values).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    markers.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
    'g',
  );
  return html.replace(pattern, (k) => values[k]!);
}

/** The first `marker` in `html` replaced by `value` (a function: no `$` in a value is a pattern). */
const put = (html: string, marker: string, value: string) => html.replace(marker, () => value);

/** Text from the database in the page: escaped, `%` too, so no page marker can come of it. */
const escapeData = (s: string) => escapeHtml(s).replaceAll('%', '&#37;');

/**
 * The list's first screen for a page (`route`'s kind), filled in with `list`'s words (escaped):
 * its count, rows, height and alphabet bar; null when the build has no template for it.
 */
export function listScreenHtml(
  t: ListTemplates,
  kind: Kind,
  list: FirstListScreen,
  large: boolean,
): string | null {
  const screen = t.screens[kind]?.[large ? 'large' : 'small'];
  if (!screen) return null;
  const { list: lm, row: rm } = t.markers;
  const rows = list.rows.map((r, i) =>
    fill(t.row, {
      [`"${cityPath(rm.city)}"`]: `"${escapeData(cityPath(r.city))}"`,
      [rm.index]: String(i),
      [rm.id]: String(r.cityId),
      [rm.label]: escapeData(cityRowLabel(r.city, r.state, r.guides)),
      [rm.count]: String(r.guides),
      [rm.state]: escapeData(r.state),
      [rm.city]: escapeData(r.city),
    }),
  );
  const buttons = t.letters[large ? 'state' : 'city'];
  const has = new Set(list.letters);
  return fill(screen, {
    [lm.count]: escapeData(list.count),
    [lm.height]: `${list.groups * CITY_ROW_HEIGHT}px`,
    [lm.rows]: rows.join(''),
    [lm.letters]: ALPHABET.map((l, i) => (has.has(l) ? buttons.on[i] : buttons.off[i])).join(''),
  });
}

/**
 * The world map's opening: its land and markers (dist/.shell/map.json, written by the web
 * app's prerender: apps/web/src/shell/map-shell.tsx).
 */
type MapTemplates = {
  at: string;
  markers: Record<'markers' | 'x' | 'y' | 'count' | 'landX' | 'landY', string>;
  overlay: string;
  land: string;
  disc: string;
  pin: string;
};

/** The world map's opening: where it opens, and in a large catalogue its first markers. */
export type MapOpening = { centre: LatLng; markers: readonly OpeningMarker[] };

/**
 * The overlay of the map's opening filled in: the land, centred on the map's middle, and the
 * markers (core openingMarkers, offsets from that middle).
 */
export function mapOpeningHtml(t: MapTemplates, opening: MapOpening): string {
  const m = t.markers;
  const middle = worldPixel(opening.centre.lat, opening.centre.lng, WORLD_MAP_ZOOM);
  const land = fill(t.land, {
    [m.landX]: String(Math.round(middle.x)),
    [m.landY]: String(Math.round(middle.y)),
  });
  const each = opening.markers.map((c) =>
    fill(c.count === 1 ? t.pin : t.disc, {
      [m.x]: String(Math.round(c.x)),
      [m.y]: String(Math.round(c.y)),
      [m.count]: escapeData(clusterCountText(c.count)),
    }),
  );
  return put(t.overlay, m.markers, land + each.join(''));
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
      if (splashHtml && html.includes(SPLASH))
        html = put(
          html,
          SPLASH,
          fill(splashHtml, {
            // Data from the guide, filled in before the page's markers are: `%` escaped too.
            [SPLASH_PLACE]: escapeData(splash.place),
            [SPLASH_IMAGE]: escapeData(splash.image ?? ''),
            [SPLASH_SRCSET]: escapeData(
              (splash.image && imageSource(splash.image, 'splash').srcSet) || '',
            ),
          }),
        );
      html = fill(html, {
        [TITLE]: escapeHtml(route.title ?? ''),
        // A guide page names its token only in the URL of its first API call.
        [TOKEN]: escapeHtml(
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
      return { status: route.kind === 'not-found' ? 404 : 200, html, etag };
    },
  };
}
