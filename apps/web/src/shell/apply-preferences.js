/* global document */
// Applies saved dark / monochrome preferences before first paint. A classic script, loaded
// from the page's head before the body is drawn (the Content-Security-Policy allows no inline
// script); scripts/prerender.mjs copies it into dist/assets under a content hash.
try {
  const saved = JSON.parse(localStorage.getItem('earshot-preferences') || '{}').state || {};
  if (saved.dark) document.documentElement.dataset.theme = 'dark';
  if (saved.monochrome) document.documentElement.dataset.mono = '';
} catch {
  // No storage or unreadable preferences: the default look.
}
