import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/global.css';

// The page already shows this screen's shell (scripts/prerender.mjs); the first render draws
// the same markup in its place, then the screen fills in.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
