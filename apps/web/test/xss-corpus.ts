/** Answer texts that would run or inject markup if a screen rendered them as HTML. */
export const XSS_CORPUS = [
  '<script>window.__xss = true</script>',
  '<img src=x onerror="window.__xss = true">',
  '"><svg onload="window.__xss = true">',
  '\'><iframe src="javascript:window.__xss = true"></iframe>',
  '<a href="javascript:window.__xss = true">tap</a>',
  '{{constructor.constructor("window.__xss = true")()}}',
  '<details open ontoggle="window.__xss = true">',
  '&lt;b&gt;escaped&lt;/b&gt;',
];

/** Elements a rendered answer text could have injected. */
export const injected = (root: Element) =>
  [...root.querySelectorAll('script, img, svg:not([aria-hidden]), iframe, a, details')].map(
    (e) => e.tagName,
  );
