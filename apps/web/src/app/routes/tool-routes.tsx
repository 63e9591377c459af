import { useLocation } from 'react-router';
import { lazyScreen } from '../router';

/**
 * The pages no visitor opens: the SPEC §2 test pages and tools, the theme editor and the
 * publishers' studio. Their routes live in this lazily loaded module, so the entry that every
 * visitor loads carries only their paths (not one import and one preload list per page, nor
 * their route definitions), so the visitor routes' first load stays as it was
 * (bench/results/2026-11-25-visitor-routes-js-and-sharp-tiles.md).
 */
const PAGES = {
  splash_test: lazyScreen(() => import('./splash-test').then((m) => m.SplashTestRoute)),
  keypad_test: lazyScreen(() => import('./keypad-test').then((m) => m.KeypadTestRoute)),
  guide_list_test: lazyScreen(() => import('./guide-list-test').then((m) => m.GuideListTestRoute)),
  theme: lazyScreen(() => import('./theme-editor').then((m) => m.ThemeEditorRoute)),
  // Test tools (SPEC §2): the face model loads only on these pages.
  camera: lazyScreen(() => import('./camera').then((m) => m.CameraRoute)),
  landmarker: lazyScreen(() => import('./landmarker').then((m) => m.LandmarkerRoute)),
  // The studio's own routes (studio/*) are nested in its screen.
  studio: lazyScreen(() => import('./studio').then((m) => m.StudioRoute)),
};

const pageOf = (pathname: string) =>
  PAGES[pathname.split('/')[1] as keyof typeof PAGES] as
    (typeof PAGES)[keyof typeof PAGES] | undefined;

/** Loads the code of the page at `pathname` (see preloadScreen). */
export async function preloadTool(pathname: string): Promise<void> {
  await pageOf(pathname)?.preload();
}

/** The page of the current path; it suspends to the route's own loading state meanwhile. */
export function ToolRoute() {
  const page = pageOf(useLocation().pathname);
  return page ? <page.Screen /> : null;
}
