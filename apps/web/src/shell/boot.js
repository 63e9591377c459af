/* global document, requestAnimationFrame, MutationObserver */
// Starts the app's scripts once the page's own shell has painted
// (bench/results/2026-11-28-guide-lighthouse-closing-runs.md).
//
// The page is the screen's shell (scripts/prerender.ts), so it needs no script to be seen.
// Started from the page's head, the app's modules were fetched, parsed and run before the
// first paint on a fast link, and a slow one shared its bandwidth between them and the page's
// picture. This classic script is the page's only one: it reads the list of modules the
// prerender put in `#boot-scripts` (JSON, not run) and adds them, with their preloads, in a
// task after the first frame. A hidden page (no frames) starts them after a short wait.
//
// Until the app draws its screen over the shell, the shell's buttons do nothing: a tap on one
// (from when this deferred script runs, right after the page is parsed) is kept and given to
// the app's button of the same name once it is there (links work as links meanwhile). The
// keyboard's focus on a link or button of the shell moves to the app's same one.
(function () {
  var d = document;
  var scripts = JSON.parse(d.getElementById('boot-scripts').textContent);
  var root = d.getElementById('root');
  var shell = root.firstChild;
  var started = false;
  var tapped = null;
  var focused = null;

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

  function nameOf(el) {
    return el.getAttribute('aria-label') || el.textContent.trim();
  }
  /** The app's control the same as the shell's `el`: its tag, name and link. */
  function same(el) {
    return [].find.call(root.querySelectorAll(el.tagName), function (other) {
      return nameOf(other) === nameOf(el) && other.getAttribute('href') === el.getAttribute('href');
    });
  }
  var on = {
    click: function (event) {
      var button = event.target.closest && event.target.closest('button');
      if (!button || button.getAttribute('aria-disabled') === 'true' || !nameOf(button)) return;
      tapped = button;
      event.preventDefault();
    },
    focusin: function (event) {
      var el = event.target;
      focused = el.matches && el.matches('a[href], button') ? el : null;
    },
    // The visitor left it for nothing. The shell's going takes the focus too (the browser says
    // so while the control is still in the page): only a control still there afterwards counts.
    focusout: function (event) {
      var el = event.target;
      if (el === focused && !event.relatedTarget)
        queueMicrotask(function () {
          if (el.isConnected && focused === el) focused = null;
        });
    },
  };
  function listen(how) {
    for (var type in on) d[how](type, on[type], true);
  }
  function stop() {
    watch.disconnect();
    listen('removeEventListener');
  }
  listen('addEventListener');
  var watch = new MutationObserver(function () {
    if (shell && shell.isConnected) return;
    listen('removeEventListener');
    // Focus the app's control once it is there, unless the visitor has moved on meanwhile.
    if (d.activeElement && d.activeElement !== d.body) focused = null;
    var el = focused && same(focused);
    if (el) {
      focused = null;
      el.focus({ preventScroll: true });
    }
    el = tapped && same(tapped);
    if (el) {
      tapped = null;
      el.click();
    }
    // The screen may still be loading its part: wait for it (not forever).
    if (!tapped && !focused) stop();
  });
  watch.observe(root, { childList: true, subtree: true });
  setTimeout(stop, 15000);
})();
