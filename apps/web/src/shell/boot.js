/* global document, requestAnimationFrame, MutationObserver */
// Starts the app's scripts once the page's own shell has painted (issue 18 point 8).
//
// The page is the screen's shell (scripts/prerender.mjs), so it needs no script to be seen.
// Started from the page's head, the app's modules were fetched, parsed and run before the
// first paint on a fast link, and a slow one shared its bandwidth between them and the page's
// picture. This classic script is the page's only one: it reads the list of modules the
// prerender put in `#boot-scripts` (JSON, not run) and adds them, with their preloads, in a
// task after the first frame. A hidden page (no frames) starts them after a short wait.
//
// Until the app draws its screen over the shell, the shell's buttons do nothing: a tap on one
// (from when this deferred script runs, right after the page is parsed) is kept and given to
// the app's button of the same name once it is there (links work as links meanwhile).
(function () {
  var d = document;
  var scripts = JSON.parse(d.getElementById('boot-scripts').textContent);
  var root = d.getElementById('root');
  var shell = root.firstChild;
  var started = false;
  var tapped = null;

  function add(tag, attr, url) {
    var el = d.createElement(tag);
    if (tag === 'link') el.rel = 'modulepreload';
    else el.type = 'module';
    el.setAttribute('fetchpriority', 'low');
    el.crossOrigin = '';
    el[attr] = url;
    d.head.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    scripts.preloads.forEach(function (url) {
      add('link', 'href', url);
    });
    scripts.modules.forEach(function (url) {
      add('script', 'src', url);
    });
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);

  function nameOf(button) {
    return button.getAttribute('aria-label') || button.textContent.trim();
  }
  function keepTap(event) {
    var button = event.target.closest && event.target.closest('button');
    if (!button || button.getAttribute('aria-disabled') === 'true' || !nameOf(button)) return;
    tapped = nameOf(button);
    event.preventDefault();
  }
  d.addEventListener('click', keepTap, true);
  var watch = new MutationObserver(function () {
    if (shell && shell.isConnected) return;
    d.removeEventListener('click', keepTap, true);
    var again = tapped
      ? [].find.call(root.querySelectorAll('button'), function (button) {
          return nameOf(button) === tapped;
        })
      : null;
    // The screen may still be loading its part: wait for the button (not forever).
    if (tapped && !again) return;
    watch.disconnect();
    if (again) again.click();
  });
  watch.observe(root, { childList: true, subtree: true });
  setTimeout(function () {
    watch.disconnect();
    d.removeEventListener('click', keepTap, true);
  }, 15000);
})();
