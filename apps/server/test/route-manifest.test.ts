import { describe, expect, it } from 'vitest';
import { APP_ROUTES, sampleUrl, shellOf, type AppRoute } from '@earshot/core';
import { shellRoute } from '../src/plugins/app-shell/index.js';

/**
 * The server answers every route of the manifest (core APP_ROUTES) with the shell the
 * prerender drew for it (core shellOf), at the URL the shell was drawn at: the web router
 * routes the same URLs to their screens (apps/web/test/route-manifest.test.tsx).
 */
describe('the server shells every route of the manifest', () => {
  it.each(Object.keys(APP_ROUTES) as AppRoute[])('%s', (route) => {
    expect(shellRoute(sampleUrl(route)).kind).toBe(shellOf(route));
  });
});
