/**
 * The description editor's HTML: what a contenteditable makes (divs, spans, b/i, styles,
 * pasted markup) reduced to the few elements a guide description uses, so the stored text is
 * what DOMPurify (the sanitiser every description goes through before it is shown) keeps as
 * is: paragraphs, bold, italic, links to http(s)/mailto addresses, lists and line breaks.
 */
const KEEP: Record<string, string> = {
  P: 'p',
  DIV: 'p',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  A: 'a',
  BR: 'br',
};
const BLOCKS = new Set(['p', 'ul', 'ol']);

/** A link the description may hold: web and mail addresses only (no javascript:, data:). */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^mailto:[^\s]+$/i.test(h)) return h;
  try {
    const u = new URL(h);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const el = child as Element;
    const tag = KEEP[el.tagName];
    if (!tag) {
      // Spans, fonts and other wrappers: keep their text, drop the element. Scripts, styles
      // and the like: drop them and what they hold.
      if (!/^(SCRIPT|STYLE|TEMPLATE|IFRAME|OBJECT|EMBED|SVG|MATH|NOSCRIPT)$/.test(el.tagName))
        copyChildren(el, to, doc);
      continue;
    }
    if (tag === 'a') {
      const href = safeHref(el.getAttribute('href') ?? '');
      if (!href) {
        copyChildren(el, to, doc);
        continue;
      }
      const a = doc.createElement('a');
      a.setAttribute('href', href);
      copyChildren(el, a, doc);
      to.appendChild(a);
      continue;
    }
    // A paragraph inside a paragraph (a div in a div) is not kept as one: its content joins.
    if (tag === 'p' && to.nodeName === 'P') {
      copyChildren(el, to, doc);
      continue;
    }
    const out = doc.createElement(tag);
    if (tag !== 'br') copyChildren(el, out, doc);
    to.appendChild(out);
  }
}

/** Top-level text and inline elements go into paragraphs; empty paragraphs are dropped. */
function wrapLoose(root: Element, doc: Document): void {
  let p: Element | null = null;
  for (const child of Array.from(root.childNodes)) {
    const isBlock =
      child.nodeType === Node.ELEMENT_NODE && BLOCKS.has(child.nodeName.toLowerCase());
    if (isBlock) {
      p = null;
      continue;
    }
    if (!p) {
      p = doc.createElement('p');
      root.insertBefore(p, child);
    }
    p.appendChild(child);
  }
  for (const el of Array.from(root.children)) {
    const onlyBreaks = Array.from(el.childNodes).every(
      (n) => n.nodeName === 'BR' || (n.nodeType === Node.TEXT_NODE && !n.textContent?.trim()),
    );
    if (el.nodeName === 'P' && onlyBreaks) el.remove();
  }
}

/** The editor's HTML reduced to the description's elements (see above); '' when empty. */
export function normaliseRichText(html: string, doc: Document = document): string {
  const source = doc.createElement('template');
  source.innerHTML = html;
  const out = doc.createElement('div');
  copyChildren(source.content, out, doc);
  wrapLoose(out, doc);
  return out.textContent?.trim() ? out.innerHTML : '';
}
