import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PoiDescription } from '../src/features/poi-detail/components/poi-description';
import { PoiTranscript } from '../src/features/poi-detail/components/poi-transcript';

const hostile =
  '<p>Hello <strong>river</strong>.</p>' +
  '<img src="x" onerror="window.__ran = true">' +
  '<script>window.__ran = true</script>' +
  '<a href="javascript:window.__ran = true">link</a>' +
  '<iframe src="https://example.com"></iframe>';

/** Every trace in `root` of HTML that could run code. */
const runnable = (root: Element) => [
  ...[...root.querySelectorAll('script, iframe')].map((e) => e.tagName),
  ...[...root.querySelectorAll('*')].flatMap((e) =>
    [...e.attributes]
      .filter((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value))
      .map((a) => `${e.tagName} ${a.name}`),
  ),
];

describe('PoiDescription', () => {
  it('keeps the formatting of the bundle HTML and drops everything that could run', () => {
    const { container } = render(<PoiDescription html={hostile} />);
    expect(screen.getByText('river').tagName).toBe('STRONG');
    expect(screen.getByText('link')).toBeTruthy();
    expect(runnable(container)).toEqual([]);
    expect((window as { __ran?: boolean }).__ran).toBeUndefined();
  });

  it('probe: the check finds what unsanitised HTML would have put in the page', () => {
    const div = document.createElement('div');
    div.innerHTML = hostile;
    expect(runnable(div)).toEqual(['SCRIPT', 'IFRAME', 'IMG onerror', 'A href']);
  });

  it('says so when there is no description', () => {
    render(<PoiDescription html="<script>x()</script>" />);
    expect(screen.getByText('No description for this stop yet.')).toBeTruthy();
  });
});

describe('PoiTranscript', () => {
  it('shows the transcript as paragraphs in the visit language', () => {
    const { container } = render(<PoiTranscript transcript={'Uno.\n\nDos.'} language="es" />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Uno.',
      'Dos.',
    ]);
    expect(container.querySelector('[lang="es"]')).not.toBeNull();
  });

  it.each([null, undefined, '  '])('says so when there is none (%s)', (transcript) => {
    render(<PoiTranscript transcript={transcript} language="en" />);
    expect(screen.getByText('No transcript for this stop yet.')).toBeTruthy();
  });
});
