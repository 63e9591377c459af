import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { config } from 'zod';
import { App } from './app/app';
import './app/global.css';

// Zod probes for `new Function` (to compile faster parsers) as each schema is built; the
// Content-Security-Policy allows no eval, so every probe would be reported as a violation.
// Set before any lazily loaded screen builds its schemas.
config({ jitless: true });

// The page already shows this screen's shell (scripts/prerender.mjs). The app starts once the
// browser has painted it; its first render draws the same markup in its place, in slices
// (a transition) so the page stays responsive meanwhile.
const start = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else start();
