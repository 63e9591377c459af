/* global document */
// The Vite dev server only (vite.config.ts): applies saved dark / monochrome preferences before
// first paint. Built pages need no script for it: the server sends them in the visitor's look
// (a cookie the app keeps in step, see shared/lib/preferences.ts).
try {
  const saved = JSON.parse(localStorage.getItem('earshot-preferences') || '{}').state || {};
  if (saved.dark) document.documentElement.dataset.theme = 'dark';
  if (saved.monochrome) document.documentElement.dataset.mono = '';
} catch {
  // No storage or unreadable preferences: the default look.
}
