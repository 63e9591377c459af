import { describe, expect, it } from 'vitest';
import { APP_PAGES, APP_ROUTES, sampleUrl, shellOf, type AppRoute } from '@earshot/core';
import { renderShell } from '../src/shell/prerender';

/** The 404 screen's heading (features/pages/not-found.tsx). */
const NOT_FOUND = '<h1 class="visually-hidden">Page not found</h1>';
const shellAt = (route: AppRoute) =>
  renderShell(sampleUrl(route), (APP_PAGES[shellOf(route)] as { title?: string }).title ?? '').html;

/**
 * The web router routes every route of the manifest (core APP_ROUTES) to a screen of its own
 * at the URL the prerender draws its shell at, and a route that opens on another's shell draws
 * the same markup there: the server answers these URLs with these shells
 * (apps/server/test/route-manifest.test.ts).
 */
describe('the router routes every route of the manifest', () => {
  const routes = (Object.keys(APP_ROUTES) as AppRoute[]).filter((r) => r !== 'not-found');

  it.each(routes)('%s', (route) => {
    const html = shellAt(route);
    expect(html).not.toContain(NOT_FOUND);
    if (shellOf(route) !== route) expect(html).toBe(shellAt(shellOf(route)));
  });

  it('and only those: the 404 page is drawn at its own URL', () => {
    expect(shellAt('not-found')).toContain(NOT_FOUND);
  });
});
