import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALPHABET,
  clustersPath,
  firstCatalogueScreen,
  firstListScreen,
  OPENING_CLUSTERS_BOX,
  openingMarkers,
  WORLD_MAP_CENTRE,
  WORLD_MAP_ZOOM,
  worldMapCentre,
  worldPixel,
  type GuideClusters,
  type GuideSummary,
  type GuideSummaryTable,
} from '@earshot/core';
import { listScreenHtml, mapOpeningHtml } from '../src/plugins/app-shell/index.js';
import { makeEnv, type TestEnv } from './helpers.js';
import { makeCatalogueEnv } from './catalogue-helpers.js';
import { writeCatalogue } from './support/catalogue-writer.js';

/*
 * A list page's first rows and the world map's opening markers in the page the server sends
 * (docs/scale-out.md §3, decision 0018). The templates are those the web app's prerender writes
 * (dist/.shell/list.json, map.json: apps/web/src/shell/list-shell.tsx, map-shell.tsx), reduced
 * to what is checked; the e2e specs check the built app's own.
 */
const START = '<!--%%EARSHOT_LIST%%-->';
const END = '<!--/%%EARSHOT_LIST%%-->';
const LOADING = `${START}<div class="loading">Loading guides…</div>${END}`;
const AT_MAP = '<!--%%EARSHOT_MAP_MARKERS%%-->';
const markers = {
  list: {
    count: 'earshotlistcount',
    height: 'earshotlistheight',
    rows: 'earshotlistrows',
    letters: 'earshotlistletters',
  },
  row: {
    index: 'earshotrowindex',
    id: 'earshotrowid',
    city: 'earshotrowcity',
    state: 'earshotrowstate',
    count: 'earshotrowcount',
    label: 'earshotrowlabel',
  },
};
const screen = (sort: string, alphabet: boolean) =>
  `<h1>%%EARSHOT_TITLE%%</h1><p class="count">earshotlistcount</p><p class="sort">${sort}</p>` +
  '<div role="list" style="height:earshotlistheight">earshotlistrows</div>' +
  (alphabet ? '<nav>earshotlistletters</nav>' : '');
const letterButtons = (on: boolean) =>
  ALPHABET.map((l) => `<button${on ? '' : ' data-empty="true"'}>${l}</button>`);
const lists = {
  start: START,
  end: END,
  markers,
  row:
    '<div role="listitem" data-index="earshotrowindex"><button id="city-row-earshotrowid" ' +
    'aria-label="earshotrowlabel"><span class="state">earshotrowstate</span><span class="name">' +
    'earshotrowcity</span><span class="count">earshotrowcount</span></button>' +
    '<a href="/city/earshotrowcity"><span>earshotrowcity page</span></a></div>',
  letters: {
    city: { on: letterButtons(true), off: letterButtons(false) },
    state: { on: letterButtons(true), off: letterButtons(false) },
  },
  screens: {
    home: { small: screen('city', true), large: screen('state', true) },
    city: { small: screen('city', false), large: null },
    state: { small: screen('city', false), large: null },
  },
};
const maps = {
  at: AT_MAP,
  markers: {
    markers: 'earshotmarkers',
    x: 'earshotmarkerx',
    y: 'earshotmarkery',
    count: 'earshotmarkercount',
    landX: 'earshotlandx',
    landY: 'earshotlandy',
  },
  overlay: '<div id="shell-map-markers">earshotmarkers</div>',
  land: '<svg class="land" style="left:calc(50% - earshotlandxpx);top:calc(50% - earshotlandypx)"><path d="M0 0z"/></svg>',
  disc: '<div class="disc" style="left:calc(50% + earshotmarkerxpx);top:calc(50% + earshotmarkerypx)"><span>earshotmarkercount</span></div>',
  pin: '<div class="pin" style="left:calc(50% + earshotmarkerxpx);top:calc(50% + earshotmarkerypx)"><svg></svg></div>',
};
const page = (kind: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><title>${kind} · Earshot</title></head>` +
  `<body><div id="root" data-kind="${kind}">${body}</div></body></html>`;

async function webDist(): Promise<string> {
  const web = await mkdtemp(path.join(os.tmpdir(), 'earshot-web-'));
  await mkdir(path.join(web, '.shell'));
  await writeFile(path.join(web, 'index.html'), page('home', LOADING));
  const bodies: Record<string, string> = {
    home: LOADING,
    city: LOADING,
    state: LOADING,
    map: `<div class="frame">${AT_MAP}<p>Loading the map…</p></div>`,
  };
  for (const [kind, body] of Object.entries(bodies))
    await writeFile(path.join(web, '.shell', `${kind}.html`), page(kind, body));
  await writeFile(path.join(web, '.shell', 'list.json'), JSON.stringify(lists));
  await writeFile(path.join(web, '.shell', 'map.json'), JSON.stringify(maps));
  return web;
}

const rowsOf = (html: string) =>
  [...html.matchAll(/aria-label="([^"]*)"><span class="state">/g)].map((m) => m[1]);
const lettersOf = (html: string) =>
  [...html.matchAll(/<button>([a-z])<\/button>/g)].map((m) => m[1]).join('');

describe('a small catalogue: list pages hold their first rows', () => {
  let env: TestEnv;
  let web: string;
  let guides: GuideSummary[];
  beforeAll(async () => {
    web = await webDist();
    env = await makeEnv({ webDist: web });
    await writeCatalogue(env.handle.db, { guides: 120, stopsPerGuide: 1, citiesPerState: 1 });
    guides = (await env.app.inject('/api/v1/tours')).json();
  });
  afterAll(async () => {
    await env.close();
    await rm(web, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    env.app.inject({ method: 'GET', url, headers });

  it('the home page: count, the first rows in the list order, letters, in place of the loading state', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const want = firstListScreen({ kind: 'home' }, guides)!;
    expect(want.rows.length).toBeGreaterThan(10);
    expect(res.body).not.toContain('Loading guides');
    expect(res.body).not.toContain(START);
    expect(res.body).toContain(`<p class="count">${want.count}</p>`);
    expect(rowsOf(res.body)).toEqual(
      want.rows.map(
        (r) => `${r.city}, ${r.state}: ${r.guides === 1 ? '1 guide' : `${r.guides} guides`}`,
      ),
    );
    expect(res.body).toContain(`style="height:${want.groups * 64}px"`);
    expect(res.body).toContain(
      `href="/city/${encodeURIComponent(want.rows[0]!.city.toLowerCase())}"`,
    );
    expect(lettersOf(res.body)).toBe([...want.letters!].sort().join(''));
  });

  it('a state page holds its own rows and no alphabet bar; a place of few guides keeps the loading state', async () => {
    const state = guides[0]!.city.state;
    const res = await get(`/state/${encodeURIComponent(state.toLowerCase())}`);
    const want = firstListScreen({ kind: 'state', place: state.toLowerCase() }, guides);
    if (want) {
      expect(rowsOf(res.body)).toHaveLength(want.rows.length);
      expect(res.body).not.toContain('<nav>');
    } else expect(res.body).toContain('Loading guides');
    const city = guides[0]!.city.name;
    const cityPage = await get(`/city/${encodeURIComponent(city.toLowerCase())}`);
    expect(firstListScreen({ kind: 'city', place: city.toLowerCase() }, guides)).toBeNull();
    expect(cityPage.body).toContain(LOADING);
  });

  it("the offline shell the service worker keeps holds no list (it opens every route's first paint)", async () => {
    const res = await get('/', { 'x-earshot-shell': 'offline' });
    expect(res.body).toContain(LOADING);
    expect(rowsOf(res.body)).toEqual([]);
    const online = await get('/');
    expect(online.headers.etag).not.toBe(res.headers.etag);
  });

  it('the map page of a small catalogue draws the land at the middle of its guides, and no markers (the map clusters its own)', async () => {
    const table = (await get('/api/v1/guide-summary')).json<GuideSummaryTable>();
    const middle = worldMapCentre(table);
    const px = worldPixel(middle.lat, middle.lng, WORLD_MAP_ZOOM);
    expect(middle).not.toEqual(WORLD_MAP_CENTRE);
    const res = await get('/map');
    expect(res.body).toContain(
      `<div id="shell-map-markers"><svg class="land" style="left:calc(50% - ${Math.round(px.x)}px);top:calc(50% - ${Math.round(px.y)}px)">`,
    );
    expect(res.body).not.toMatch(/class="(disc|pin)"/);
    expect(res.body).not.toContain('guide-summary/clusters');
  });
});

describe('a large catalogue: the home list and the world map', () => {
  let env: TestEnv;
  let web: string;
  beforeAll(async () => {
    web = await webDist();
    env = await makeCatalogueEnv({ webDist: web });
  });
  afterAll(async () => {
    await env.close();
    await rm(web, { recursive: true, force: true });
  });
  const get = (url: string) => env.app.inject({ method: 'GET', url });

  it("the home page holds the first page's rows in its order, the total and the letters of tours/letters", async () => {
    const first = await get('/api/v1/tours');
    const total = Number(first.headers['x-total-count']);
    const letters = (await get('/api/v1/tours/letters?order=state')).json<{ letters: string[] }>();
    const want = firstCatalogueScreen(first.json(), total, letters.letters)!;
    expect(want.rows.length).toBeGreaterThan(0);
    const res = await get('/');
    expect(res.body).toContain('<p class="sort">state</p>');
    expect(res.body).toContain(`<p class="count">${total.toLocaleString('en')} guides</p>`);
    expect(rowsOf(res.body)).toHaveLength(want.rows.length);
    expect(rowsOf(res.body)[0]).toContain(`${want.rows[0]!.city}, ${want.rows[0]!.state}: `);
    expect(lettersOf(res.body)).toBe([...letters.letters].sort().join(''));
  });

  it('a city page pages through the server: no rows of the home list there', async () => {
    const res = await get('/city/anywhere');
    expect(res.body).toContain(LOADING);
  });

  it('the map page draws the opening clusters where the map will, and preloads their answer', async () => {
    const url = `/api/v1/${clustersPath(OPENING_CLUSTERS_BOX, WORLD_MAP_ZOOM)}`;
    const clusters = (await get(url)).json<GuideClusters>().clusters;
    const want = openingMarkers(clusters, WORLD_MAP_ZOOM);
    expect(want.length).toBeGreaterThan(0);
    const res = await get('/map');
    expect(res.body).toContain(
      `<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&#38;')}">`,
    );
    // The land at the map's middle in a large catalogue: the Atlantic (no guide table).
    const px = worldPixel(WORLD_MAP_CENTRE.lat, WORLD_MAP_CENTRE.lng, WORLD_MAP_ZOOM);
    expect(res.body).toContain(
      `left:calc(50% - ${Math.round(px.x)}px);top:calc(50% - ${Math.round(px.y)}px)`,
    );
    const drawn = [
      ...res.body.matchAll(/left:calc\(50% \+ (-?\d+)px\);top:calc\(50% \+ (-?\d+)px\)/g),
    ];
    expect(drawn.map((m) => [Number(m[1]), Number(m[2])])).toEqual(want.map((m) => [m.x, m.y]));
    const counts = [...res.body.matchAll(/<span>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(counts).toEqual(want.filter((m) => m.count > 1).map((m) => String(m.count)));
  });

  it('a shared map link opens at its own view: no opening markers', async () => {
    const res = await get('/map?lat=45.5&lng=-122.6&zoom=12');
    expect(res.body).toContain(AT_MAP);
    expect(res.body).not.toContain('shell-map-markers');
  });
});

describe('what comes from the database is escaped and filled in once', () => {
  const hostile =
    '<img src=x onerror=alert(1)>"$&$\'%%EARSHOT_TITLE%%earshotrowstate earshotlistrows';
  const list = {
    count: '3 guides in 2 cities',
    rows: [
      { cityId: 7, city: hostile, state: 'O"Neil <b>', guides: 2 },
      { cityId: 8, city: 'Plain', state: 'earshotrowcity', guides: 1 },
    ],
    groups: 2,
    letters: ['a', 'p'],
  };

  it('rows: no tag, quote, `$` pattern or marker of the page survives from a name', () => {
    const html = listScreenHtml(lists, 'home', list, false)!;
    // Every character that could open a tag or attribute, or make a page marker, as a reference.
    const esc = (v: string) => v.replace(/[&<>"'%]/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    // The template's own title marker (the page fills it in), and none from the name.
    expect(html.split('%%EARSHOT_TITLE%%')).toHaveLength(2);
    // Marker names in a name stay as written: filled in one pass, values never read again.
    expect(html).toContain(`<span class="name">${esc(hostile)}</span><span class="count">2<`);
    expect(html).toContain(`<span class="state">${esc('O"Neil <b>')}</span>`);
    expect(html).toContain(`href="${esc(`/city/${encodeURIComponent(hostile.toLowerCase())}`)}"`);
    expect(rowsOf(html)).toEqual([
      `${esc(hostile)}, ${esc('O"Neil <b>')}: 2 guides`,
      'Plain, earshotrowcity: 1 guide',
    ]);
    expect(lettersOf(html)).toBe('ap');
  });

  it('markers: their offsets and counts, a pin for one guide, over the land at the middle', () => {
    const html = mapOpeningHtml(maps, {
      centre: { lat: 0, lng: 0 },
      markers: [
        { x: -120, y: 33, count: 12000, token: null },
        { x: 5, y: -7, count: 1, token: 'walk' },
      ],
    });
    expect(html).toBe(
      '<div id="shell-map-markers">' +
        '<svg class="land" style="left:calc(50% - 256px);top:calc(50% - 256px)"><path d="M0 0z"/></svg>' +
        '<div class="disc" style="left:calc(50% + -120px);top:calc(50% + 33px)"><span>12k</span></div>' +
        '<div class="pin" style="left:calc(50% + 5px);top:calc(50% + -7px)"><svg></svg></div></div>',
    );
  });

  it('a template the build does not have: nothing', () =>
    expect(listScreenHtml(lists, 'city', list, true)).toBeNull());
});
