import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { RichTextField } from '../src/features/studio/editor/rich-text-field';

// A stored description is shown in the editor's live contenteditable; a hostile one
// (imported, or saved through the API) must not reach it as live markup (docs/security.md).
const HOSTILE = [
  '<p>Kept <strong>bold</strong> and <a href="https://example.org/">a link</a>.</p>',
  '<img src="x" onerror="window.__xss=1">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<svg onload="window.__xss=2"><script>window.__xss=3</script></svg>',
  '<a href="javascript:window.__xss=4">tap</a>',
  '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe>',
  '<details open ontoggle="window.__xss=6">x</details>',
].join('');

describe('RichTextField with a hostile stored description', () => {
  it('shows its text and formatting, never its handlers, scripts, frames or refreshes', () => {
    const { container } = render(
      <RichTextField
        label="Description"
        value={HOSTILE}
        onChange={vi.fn()}
        path="$.guide.description"
      />,
    );
    const box = container.querySelector('[contenteditable]')!;
    expect(box.querySelector('strong')?.textContent).toBe('bold');
    expect(box.querySelector('a[href="https://example.org/"]')).not.toBeNull();
    expect(
      box.querySelectorAll('script, iframe, meta, [onerror], [onload], [ontoggle]'),
    ).toHaveLength(0);
    expect(box.querySelector('a[href^="javascript"]')).toBeNull();
    expect(box.innerHTML).not.toMatch(/__xss/);
  });
});
