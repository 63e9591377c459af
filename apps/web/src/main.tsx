import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadListScreens, preloadScreen } from './app/router';
import { forbidZodEval } from './shared/api/no-eval';
import { registerServiceWorker } from './shared/offline/service-worker';
import { keepShellElement, readShell, SHELL_MAP_MARKERS } from './shared/lib/shell-handover';
import { SEARCH_INPUT_ID } from './features/guides/components/search-bar';
import { useGuideList } from './features/guides/store';
import './app/global.css';

forbidZodEval();

// The page already shows this screen's shell (scripts/prerender.ts), and this module runs
// only once the browser has painted it (src/shell/boot.js starts it). Its first render draws
// the same markup in its place, in slices (a transition) so the page stays responsive.
const start = () => {
  // A query typed into the shell's search box stays in the app's.
  const typed = readShell(SEARCH_INPUT_ID);
  if (typed) useGuideList.setState({ search: typed });
  // The world map's opening markers stay until the map has drawn its own.
  keepShellElement(SHELL_MAP_MARKERS);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
// The screen's code was preloaded with the page: with it at hand, the first render draws the
// screen itself (its loading state looks like the shell) rather than a skeleton to replace.
void preloadScreen(window.location.pathname)
  .catch(() => undefined)
  .then(start)
  .then(() =>
    (window.requestIdleCallback ?? setTimeout)(() => {
      // Not from a guide: its first load stays small (the worker precaches them meanwhile).
      if (!location.pathname.startsWith('/guide/')) preloadListScreens();
      // After the first screen: the shell's precache does not compete with its loading.
      void registerServiceWorker();
    }),
  );
