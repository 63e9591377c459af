/* global document, requestAnimationFrame */
// Starts the app's scripts once the page's own shell has painted (issue 18 point 8).
//
// The page is the screen's shell (scripts/prerender.mjs), so it needs no script to be seen.
// Started from the page's head, the app's modules were fetched, parsed and run before the
// first paint on a fast link, and a slow one shared its bandwidth between them and the page's
// picture. This classic script is the page's only one: it reads the list of modules the
// prerender put in `#boot-scripts` (JSON, not run) and adds them, with their preloads, in a
// task after the first frame. A hidden page (no frames) starts them after a short wait.
(function () {
  var list = document.getElementById('boot-scripts');
  if (!list) return;
  var scripts = JSON.parse(list.textContent || '{}');
  var started = false;
  function add(tag, attr, url) {
    var el = document.createElement(tag);
    if (tag === 'link') el.rel = 'modulepreload';
    else el.type = 'module';
    el.setAttribute('fetchpriority', 'low');
    el.crossOrigin = '';
    el[attr] = url;
    document.head.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    (scripts.preloads || []).forEach(function (url) {
      add('link', 'href', url);
    });
    (scripts.modules || []).forEach(function (url) {
      add('script', 'src', url);
    });
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
