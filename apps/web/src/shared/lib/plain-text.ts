/** Text content of an HTML fragment, for summaries. Parsed inertly: nothing is rendered or run. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    parts.push(node.textContent ?? '');
  // Text nodes of neighbouring paragraphs must not run into each other.
  return parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\s([.,;:!?])/g, '$1')
    .trim();
}
