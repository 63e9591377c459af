import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSource, imageVariantUrl } from '@earshot/core';
import { firstCardImage, largeVariant, shellRoute } from '../src/plugins/app-shell/index.js';
import { importBundle } from '../src/bundles/bundle-import.js';
import { bumpContentVersion } from '../src/modules/content/version-repository.js';
import { importFixture, makeEnv, writeSmallGuide, type TestEnv } from './helpers.js';

/** A page template as apps/web/scripts/prerender.ts writes it, reduced to what is checked. */
const template = (kind: string, body: string) =>
  `<!doctype html>\n<html lang="en">\n<head><meta name="theme-color" content="#0f5f73" />` +
  `<title>${['city', 'state', 'search', 'guide'].includes(kind) ? '%%EARSHOT_TITLE%%' : kind} · Earshot</title></head>` +
  `<body><div id="root" data-kind="${kind}">${body}</div>${kind === 'guide' ? '<!--%%EARSHOT_SPLASH%%-->' : ''}</body></html>`;
/** The guide page's own splash as prerender.ts writes it (guide-splash-*.html), reduced. */
const splash = (image: boolean) =>
  `<div id="shell-splash">${image ? '<img src="%%EARSHOT_SPLASH_IMAGE%%" srcset="%%EARSHOT_SPLASH_SRCSET%%" alt=""/>' : '<div class="plain"></div>'}` +
  `<p>%%EARSHOT_SPLASH_PLACE%%</p><h2>%%EARSHOT_TITLE%%</h2></div>`;

let env: TestEnv;
let web: string;
beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'earshot-web-'));
  await mkdir(path.join(web, '.shell'));
  await writeFile(path.join(web, 'index.html'), template('home', '<h1>Audio walks</h1>'));
  const bodies: Record<string, string> = {
    home: '<h1>Audio walks</h1>',
    city: '<h1>%%EARSHOT_TITLE%%</h1>',
    state: '<h1>%%EARSHOT_TITLE%%</h1>',
    search: '<h1>%%EARSHOT_TITLE%%</h1>',
    map: '<h1>World map</h1>',
    about: '<h1>About Earshot</h1>',
    downloads: '<h1>Downloaded guides</h1>',
    preload: '<h1>Preparing %%EARSHOT_TOKEN%%</h1>',
    guide:
      '<link rel="preload" as="fetch" href="/api/v1/tour-by-token/%%EARSHOT_TOKEN%%">' +
      '<h1>%%EARSHOT_TITLE%%</h1>',
    'not-found': '<h1>Page not found</h1>',
  };
  for (const [kind, body] of Object.entries(bodies))
    await writeFile(path.join(web, '.shell', `${kind}.html`), template(kind, body));
  await writeFile(path.join(web, '.shell', 'guide-splash-image.html'), splash(true));
  await writeFile(path.join(web, '.shell', 'guide-splash-plain.html'), splash(false));
  env = await makeEnv({ webDist: web });
});
afterAll(async () => {
  await env.close();
  await rm(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url, headers });

describe('app route pages', () => {
  it('send the page of the route with the title from the URL, revalidated on every visit', async () => {
    const res = await get('/city/portland');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('data-kind="city"');
    expect(res.body).toContain('<h1>Portland</h1>');
    expect(res.body).toContain('<title>Portland · Earshot</title>');
    const again = await get('/city/portland', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another title is another page.
    const other = await get('/city/salem');
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it('escape what comes from the URL', async () => {
    const res = await get('/search/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.body).toContain('<h1>&#60;SCRIPT&#62;ALERT(1)&#60;/SCRIPT&#62;</h1>');
    expect(res.body).not.toContain('<SCRIPT>');
    const quote = await get('/state/%22%27%26');
    expect(quote.body).toContain('<h1>&#34;&#39;&#38;</h1>');
  });

  it('answer 404 with the not-found page for unknown routes and invalid parameters', async () => {
    for (const url of ['/no/such/page', '/preload/bad%20token', '/preload/a%26b%3C', '/mapx']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('data-kind="not-found"');
    }
    // A screen with no parameter has its own page, not the 404 one.
    const downloads = await get('/downloads');
    expect(downloads.statusCode).toBe(200);
    expect(downloads.body).toContain('<h1>Downloaded guides</h1>');
    const token = await get('/preload/mini-walk');
    expect(token.statusCode).toBe(200);
    expect(token.body).toContain('<h1>Preparing mini-walk</h1>');
  });

  it('are compressed as the browser accepts', async () => {
    const res = await get('/map', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<h1>World map</h1>');
  });

  it("come in the visitor's saved look (dark, monochrome) from the look cookie", async () => {
    const dark = await get('/', { cookie: 'x=1; earshot-look=dark.mono' });
    expect(dark.body).toContain('<html lang="en" data-theme="dark" data-mono="">');
    expect(dark.body).toContain('<meta name="theme-color" content="#10191d" />');
    expect(dark.headers.vary).toMatch(/cookie/);
    const plain = await get('/', { cookie: 'earshot-look=%3Cb%3E' });
    expect(plain.body).toContain('<html lang="en">\n');
    expect(plain.body).toContain('content="#0f5f73"');
  });

  it('leave files alone: a missing asset is a plain 404', async () => {
    const res = await get('/assets/missing-abc.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('guide pages', () => {
  beforeAll(async () => {
    await importFixture(env);
    const odd = await writeSmallGuide(env.dir, 'odd&walk', 'Salem', 'Oregon', 45, -123);
    const guide = JSON.parse(await readFile(path.join(odd, 'guide.json'), 'utf8'));
    guide.guide.title = 'Art & "Walks"';
    await writeFile(path.join(odd, 'guide.json'), JSON.stringify(guide));
    await importBundle(env.handle, env.media, odd);
    // The importer refuses markup in a title: a row stored before that rule holds it.
    await env.handle.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('guides')
        .set({ title: 'Art & <b>"Walks"</b>' })
        .where('token', '=', 'odd&walk')
        .execute();
      await bumpContentVersion(trx);
    });
  });

  it("answer the guide page, titled as the app titles it, with the guide's API call preloaded", async () => {
    for (const [url, title] of [
      ['/guide/mini-walk', 'Mini Walk'],
      ['/guide/mini-walk/', 'Mini Walk'],
      ['/guide/mini-walk%20', 'Mini Walk'],
      // A stop: its title in the guide's first language.
      ['/guide/mini-walk/mini-one', 'First Stop'],
      ['/guide/mini-walk%20/mini-two', 'Second Stop'],
      ['/guide/mini-walk/directory', 'Directory · Mini Walk'],
      // No such stop in this guide: the app will say so; until then, the guide.
      ['/guide/mini-walk/odd&walk-poi', 'Mini Walk'],
      ['/guide/mini-walk/no-such-stop', 'Mini Walk'],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('data-kind="guide"');
      expect(res.body, url).toContain(`<title>${title} · Earshot</title>`);
      expect(res.body, url).toContain(`<h1>${title}</h1>`);
      expect(res.body, url).toContain('href="/api/v1/tour-by-token/mini-walk"');
    }
  });

  it('escape the title, and put the token in the API call as a URL has it', async () => {
    const res = await get('/guide/odd%26walk');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Art &#38; &#60;b&#62;&#34;Walks&#34;&#60;/b&#62;</h1>');
    // The URL the app fetches (encodeURIComponent), so that the preload is the fetch.
    expect(res.body).toContain('href="/api/v1/tour-by-token/odd%26walk"');
    expect((await get('/api/v1/tour-by-token/odd%26walk')).statusCode).toBe(200);
  });

  it("carry the guide's splash (title, place, picture preloaded) on the guide's home page only", async () => {
    for (const token of ['mini-walk', 'odd%26walk']) {
      const guide = (await get(`/api/v1/tour-by-token/${token}`)).json() as {
        title: string;
        city: { name: string; state: string };
        splash_url: string | null;
        images: string[];
      };
      const image = guide.splash_url ?? guide.images[0] ?? null;
      const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      const body = (await get(`/guide/${token}`)).body;
      expect(body, token).toContain(
        `<p>${esc(`${guide.city.name}, ${guide.city.state}`)}</p><h2>${esc(guide.title)}</h2>`,
      );
      if (image) {
        // The splash's right-sized WebP copies, the same in the picture and in its preload.
        const pic = imageSource(image, 'splash');
        expect(pic.srcSet).toContain('&w=1600 1600w');
        expect(body, token).toContain(
          `<img src="${esc(image)}" srcset="${esc(pic.srcSet!)}" alt=""/>`,
        );
        expect(body, token).toContain(
          `<link rel="preload" as="image" href="${esc(image)}" imagesrcset="${esc(pic.srcSet!)}" imagesizes="${pic.sizes}" fetchpriority="high" />`,
        );
        const copy = await get(imageVariantUrl(image, 1200));
        expect(copy.statusCode).toBe(200);
        expect(copy.headers['content-type']).toBe('image/webp');
      } else expect(body, token).toContain('<div class="plain"></div>');
      expect(body, token).not.toContain('%%EARSHOT_SPLASH');
    }
    // A stop's page, and a guide the server does not know: no splash (the app decides).
    for (const url of ['/guide/mini-walk/mini-one', '/guide/no-such-guide']) {
      const body = (await get(url)).body;
      expect(body, url).not.toContain('shell-splash');
      expect(body, url).toContain('<!--%%EARSHOT_SPLASH%%-->');
    }
  });

  it('give an unknown guide the page too, titled as the app titles it while it asks the API', async () => {
    const res = await get('/guide/no-such-guide/some-stop');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Loading the guide · Earshot</title>');
    expect(res.body).toContain('href="/api/v1/tour-by-token/no-such-guide"');
  });

  it('answer 404 with the not-found page for a token or stop that cannot be one', async () => {
    for (const url of [
      '/guide',
      '/guide/bad%20token',
      '/guide/a%3Cb',
      '/guide/%20',
      '/guide/mini-walk/bad%20stop',
      '/guide/mini-walk/mini-one/more',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('data-kind="not-found"');
    }
  });
});

describe('shellRoute', () => {
  it.each([
    ['/', 'home', undefined],
    ['/about/', 'about', undefined],
    ['/downloads', 'downloads', undefined],
    ['/downloads/x', 'not-found', undefined],
    ['/reset-password', 'reset-password', undefined],
    ['/splash_test', 'splash-test', undefined],
    ['/keypad_test/', 'keypad-test', undefined],
    ['/guide_list_test', 'guide-list-test', undefined],
    ['/splash-test', 'not-found', undefined],
    ['/keypad_test/x', 'not-found', undefined],
    ['/theme', 'theme', undefined],
    ['/theme/x', 'not-found', undefined],
    ['/camera', 'camera', undefined],
    ['/landmarker/', 'landmarker', undefined],
    ['/camera/x', 'not-found', undefined],
    ['/studio', 'studio', undefined],
    ['/studio/', 'studio', undefined],
    ['/studio/organisations', 'studio', undefined],
    ['/studio/guides/mini-walk', 'studio', undefined],
    ['/studio/invitations/abc_DEF-123', 'studio', undefined],
    ['/studio/guides', 'not-found', undefined],
    ['/studio/guides/a/b', 'not-found', undefined],
    ['/studio/x', 'not-found', undefined],
    ['/hunt/12', 'hunt', undefined],
    ['/hunt/x1', 'not-found', undefined],
    ['/challenge/7', 'challenge', undefined],
    ['/challenge/7a', 'not-found', undefined],
    ['/poi/rsw-01/challenge', 'challenge', undefined],
    ['/poi/rsw-01/challenge/x', 'not-found', undefined],
    ['/search/murals', 'search', 'MURALS'],
    ['/city/', 'not-found', undefined],
    ['/city/a/b', 'not-found', undefined],
  ])('%s is %s', (url, kind, title) => {
    expect(shellRoute(url)).toEqual(title ? { kind, title } : { kind });
  });

  it('reads the guide token (a trailing encoded space stripped) and the child of guide pages', () => {
    expect(shellRoute('/guide/mini-walk%20')).toEqual({ kind: 'guide', token: 'mini-walk' });
    expect(shellRoute('/guide/mini-walk/directory')).toEqual({
      kind: 'guide',
      token: 'mini-walk',
      child: 'directory',
    });
    // Fastify answers a malformed escape 400 before any route; shellRoute still refuses it.
    expect(shellRoute('/guide/%ZZ')).toEqual({ kind: 'not-found' });
    expect(shellRoute('/guide/mini-walk/%ZZ')).toEqual({ kind: 'not-found' });
    expect(shellRoute('/guide/a%26b/rsw-01')).toEqual({
      kind: 'guide',
      token: 'a&b',
      child: 'rsw-01',
    });
  });

  it('keeps the place of city and state pages as written in the URL', () => {
    expect(shellRoute('/city/san%20francisco')).toEqual({
      kind: 'city',
      title: 'San francisco',
      place: 'san francisco',
    });
    expect(shellRoute('/state/oregon')).toEqual({
      kind: 'state',
      title: 'OREGON',
      place: 'oregon',
    });
  });
});

describe('firstCardImage', () => {
  const g = (
    title: string,
    city: string,
    state: string,
    splash: string | null,
    images: string[] = [],
  ) => ({
    title,
    city: { id: city.length, name: city, state },
    splash_url: splash,
    images,
  });
  const guides = [
    g('Zoo Walk', 'Salem', 'Oregon', '/static/tours/1/z.jpg'),
    g('Art Walk', 'Salem', 'Oregon', '/static/tours/2/a.jpg'),
    g('River Walk', 'Austin', 'Texas', null, ['/static/tours/3/r.jpg']),
  ];

  it("is the picture of the list's first card in the default order", () => {
    expect(firstCardImage({ kind: 'city', place: 'salem' }, guides)).toBe('/static/tours/2/a.jpg');
    expect(firstCardImage({ kind: 'state', place: 'TEXAS' }, guides)).toBe('/static/tours/3/r.jpg');
    expect(firstCardImage({ kind: 'home' }, guides)).toBe('/static/tours/3/r.jpg');
  });

  it('is none when the list shows no cards: grouped by city, empty, or not a list', () => {
    const many = Array.from({ length: 21 }, (_, i) => g(`W${i}`, 'Salem', 'Oregon', '/s.jpg'));
    expect(firstCardImage({ kind: 'home' }, many)).toBeNull();
    expect(firstCardImage({ kind: 'city', place: 'atlantis' }, guides)).toBeNull();
    expect(firstCardImage({ kind: 'map' }, guides)).toBeNull();
    expect(firstCardImage({ kind: 'search', title: 'X' }, guides)).toBeNull();
  });

  it('is fetched at once by the page (a preload in its head)', async () => {
    await importFixture(env);
    const tours = (await get('/api/v1/tours')).json() as { splash_url: string }[];
    const res = await get('/');
    // The same right-sized copies as the card's <img> (core imageSource, slot listCard).
    const card = imageSource(tours[0]!.splash_url, 'listCard');
    expect(card.srcSet).toContain('&w=224 224w');
    const esc = (v: string) => v.replaceAll('&', '&#38;');
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${card.src}" imagesrcset="${esc(card.srcSet!)}" imagesizes="${card.sizes}" fetchpriority="high" />`,
    );
    expect((await get('/map')).body).not.toContain('as="image"');
  });
});

describe('largeVariant', () => {
  /** As prerender.ts writes it: a "<" in the JSON escaped. */
  const page = (list: object | null) =>
    `<head><title>t</title>${list ? `<script id="boot-scripts" type="application/json">${JSON.stringify(list).replaceAll('<', '\\u003c')}</script>` : ''}</head>`;
  const bootList = (html: string) =>
    JSON.parse(
      /<script id="boot-scripts"[^>]*>([^<]*)</.exec(html)![1]!.replaceAll('\\u003c', '<'),
    );

  it.each([
    ['a page without a boot list', page(null)],
    [
      'a page whose screen loads nothing more when large',
      page({ modules: ['/a.js'], preloads: [] }),
    ],
    ['an empty large list', page({ modules: ['/a.js'], preloads: ['/b.js'], large: [] })],
  ])('is null for %s', (_name, html) => {
    expect(largeVariant(html)).toBeNull();
  });

  it("adds the large catalogue's modules to the preloads, the rest of the page unchanged", () => {
    const html = page({ modules: ['/a.js'], preloads: ['/b.js'], large: ['/c.js', '/d.js'] });
    const large = largeVariant(html)!;
    expect(bootList(large)).toEqual({
      modules: ['/a.js'],
      preloads: ['/b.js', '/c.js', '/d.js'],
      large: ['/c.js', '/d.js'],
    });
    expect(large.replace(/<script id="boot-scripts".*<\/script>/, '')).toBe(
      html.replace(/<script id="boot-scripts".*<\/script>/, ''),
    );
  });

  it('keeps a "<" in a name from closing the script', () => {
    const large = largeVariant(page({ modules: [], preloads: [], large: ['/</script>.js'] }))!;
    expect(large).not.toContain('/</script>.js');
    expect(bootList(large).preloads).toEqual(['/</script>.js']);
  });
});
