import { describe, expect, it } from 'vitest';
import {
  APP_PAGES,
  APP_ROUTES,
  matchRoutePath,
  sampleUrl,
  SHELL_SAMPLE,
  shellKinds,
  shellOf,
  type AppRoute,
} from '../../src/index.js';

describe('matchRoutePath', () => {
  it.each([
    ['/', '/', {}],
    ['/', '/map', null],
    ['/', '', null],
    ['/map', '/map', {}],
    ['/map', '/Map', null],
    ['/map', '/map/x', null],
    ['/city/:city', '/city/Boston', { city: 'Boston' }],
    ['/city/:city', '/city/New%20York', { city: 'New%20York' }],
    ['/city/:city', '/city/', null],
    ['/city/:city', '/city/a/b', null],
    ['/poi/:poiToken/challenge', '/poi/abc/challenge', { poiToken: 'abc' }],
    ['/poi/:poiToken/challenge', '/poi/abc/other', null],
    ['/guide/:token/*', '/guide/walk', { token: 'walk', '*': '' }],
    ['/guide/:token/*', '/guide/walk/directory', { token: 'walk', '*': 'directory' }],
    ['/guide/:token/*', '/guide/walk/a/b', { token: 'walk', '*': 'a/b' }],
    ['/guide/:token/*', '/guide', null],
    ['/studio/*', '/studio', { '*': '' }],
    ['/studio/*', '/studio/guides/7', { '*': 'guides/7' }],
    ['/studio/*', '/studios', null],
  ])('%s at %s', (pattern, pathname, params) => {
    expect(matchRoutePath(pattern, pathname)).toEqual(params);
  });
});

describe('the route manifest', () => {
  const routes = Object.keys(APP_ROUTES) as AppRoute[];

  it('gives every route a page, and a URL that the route is the first to match', () => {
    expect(Object.keys(APP_PAGES).sort()).toEqual([...routes].sort());
    for (const route of routes.filter((r) => r !== 'not-found')) {
      const first = routes.find((r) => matchRoutePath(APP_ROUTES[r], sampleUrl(route)));
      expect(first, sampleUrl(route)).toBe(route);
    }
    // The 404 page is drawn at a URL no route matches.
    const url = sampleUrl('not-found');
    expect(routes.filter((r) => r !== 'not-found' && matchRoutePath(APP_ROUTES[r], url))).toEqual(
      [],
    );
  });

  it('draws each shell once: a route opens on its own shell or on one drawn for another', () => {
    const kinds = shellKinds();
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const route of routes) expect(kinds).toContain(shellOf(route));
    expect(shellOf('poi-challenge')).toBe('challenge');
    expect(kinds).not.toContain('poi-challenge');
  });

  it('titles the place pages by the sample as the screens write a place', () => {
    expect(APP_PAGES.city.title).toBe(SHELL_SAMPLE.charAt(0).toUpperCase() + SHELL_SAMPLE.slice(1));
    expect(APP_PAGES.state.title).toBe(SHELL_SAMPLE.toUpperCase());
    expect(APP_PAGES.search.title).toBe(SHELL_SAMPLE.toUpperCase());
  });
});
