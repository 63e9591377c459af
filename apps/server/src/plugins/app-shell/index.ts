/**
 * The app's pages as the server sends them (docs/decisions/0005-page-shells-at-build-time.md,
 * 0018-first-screens-in-the-page.md, 0021-one-route-manifest.md): which page a URL is
 * (route.ts), the page templates the web build wrote with their parts filled in (page.ts), a
 * list page's first screen (list-screen.ts), the world map's opening (map-opening.ts) and what
 * a page can ask for at once (hints.ts).
 */
export { GUIDE_LOADING_TITLE } from '@earshot/core';
export { firstCardImage, guideSplash, type GuideSplash } from './hints.js';
export { listScreenHtml, type ListTemplates } from './list-screen.js';
export { mapOpeningHtml, type MapOpening, type MapTemplates } from './map-opening.js';
export {
  largeVariant,
  loadAppShell,
  type Encoded,
  type PageParts,
  type ShellPage,
} from './page.js';
export { shellRoute, type ShellRoute } from './route.js';
