import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { normaliseRichText, safeHref } from '../../src/features/studio/lib/rich-text';
import { formatRoute, parseRoute } from '../../src/features/studio/lib/route-text';
import { moveItem, removeItem, replaceItem } from '../../src/features/studio/lib/list-edit';
import {
  clearPending,
  readPending,
  writePending,
} from '../../src/features/studio/lib/pending-edits';
import { findField, sectionOf } from '../../src/features/studio/lib/sections';
import { emptyDraft } from '@earshot/core';

describe('normaliseRichText', () => {
  it.each([
    ['plain text', 'Hello', '<p>Hello</p>'],
    [
      'b and i become strong and em',
      '<b>bold</b> and <i>it</i>',
      '<p><strong>bold</strong> and <em>it</em></p>',
    ],
    ['divs become paragraphs', '<div>one</div><div>two</div>', '<p>one</p><p>two</p>'],
    ['spans and styles go, text stays', '<span style="color:red">red</span>', '<p>red</p>'],
    [
      'lists stay',
      '<ul><li>a</li><li><b>b</b></li></ul>',
      '<ul><li>a</li><li><strong>b</strong></li></ul>',
    ],
    [
      'a web link stays',
      '<a href="https://example.org/x" onclick="x()">x</a>',
      '<p><a href="https://example.org/x">x</a></p>',
    ],
    ['a javascript: link loses its link', '<a href="javascript:alert(1)">x</a>', '<p>x</p>'],
    ['scripts go with their text', 'a<script>alert(1)</script><style>p{}</style>b', '<p>ab</p>'],
    ['images go', '<p>a<img src=x onerror="alert(1)">b</p>', '<p>ab</p>'],
    ['empty paragraphs go', '<div><br></div><p> </p>', ''],
    ['nested divs join', '<div><div>in</div></div>', '<p>in</p>'],
    ['line breaks stay', '<p>a<br>b</p>', '<p>a<br>b</p>'],
    ['text is escaped', 'a &lt;b&gt; &amp; c', '<p>a &lt;b&gt; &amp; c</p>'],
  ])('%s', (_, input, expected) => {
    expect(normaliseRichText(input)).toBe(expected);
  });

  it.each([
    '<b>x</b><i>y</i><a href="https://a.b/?q=1&r=2">l</a><ol><li>1</li></ol>text<br>more',
    '<a href="mailto:me@example.org">mail</a><div style="x">d</div><ul><li><a href="http://x.y">z</a></li></ul>',
    '<p onmouseover="x">p</p><iframe src="https://evil"></iframe><svg><script>1</script></svg>',
  ])('its output is what the description sanitiser keeps as is: %s', (input) => {
    const out = normaliseRichText(input);
    expect(out).not.toBe('');
    expect(DOMPurify.sanitize(out)).toBe(out);
  });

  it('safeHref keeps web and mail addresses only', () => {
    expect(safeHref(' https://example.org ')).toBe('https://example.org/');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});

describe('route text', () => {
  it('writes and reads "latitude, longitude" lines as [lng, lat] pairs', () => {
    const route: [number, number][] = [
      [-122.68, 45.52],
      [-122.67, 45.53],
    ];
    expect(formatRoute(route)).toBe('45.52, -122.68\n45.53, -122.67');
    expect(parseRoute(formatRoute(route))).toEqual({ route, errors: [] });
  });
  it.each([
    ['45.5 -122.6', [[-122.6, 45.5]], []],
    ['\n45;2\n', [[2, 45]], []],
    ['north', [], ['Line 1: write a point as "latitude, longitude".']],
    ['1, 2\n95, 2', [[2, 1]], ['Line 2: a latitude is between -90 and 90.']],
    ['1, 200', [], ['Line 1: a longitude is between -180 and 180.']],
  ])('parses %j', (text, route, errors) => {
    expect(parseRoute(text)).toEqual({ route, errors });
  });
});

describe('list edits', () => {
  it.each([
    [0, 1, ['b', 'a', 'c']],
    [2, 0, ['c', 'a', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 3, ['a', 'b', 'c']],
  ])('moves %i to %i', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c'], from, to)).toEqual(expected);
  });
  it('replaces and removes', () => {
    expect(replaceItem([1, 2, 3], 1, 9)).toEqual([1, 9, 3]);
    expect(removeItem([1, 2, 3], 0)).toEqual([2, 3]);
  });
});

describe('pending edits', () => {
  it('keeps, reads and clears the unsaved document of one guide', () => {
    const document = emptyDraft({ token: 'g', title: 'G', city: { name: 'A', state: 'B' } });
    expect(readPending('g')).toBeNull();
    expect(writePending('g', { revision: 3, document }, localStorage, new Date(0))).toBe(true);
    expect(readPending('g')).toEqual({ revision: 3, document, at: '1970-01-01T00:00:00.000Z' });
    expect(readPending('other')).toBeNull();
    clearPending('g');
    expect(readPending('g')).toBeNull();
  });
  it('reads nothing from a broken entry', () => {
    localStorage.setItem('earshot-studio-pending:x', '{not json');
    expect(readPending('x')).toBeNull();
    localStorage.setItem('earshot-studio-pending:x', '{"revision":"1"}');
    expect(readPending('x')).toBeNull();
  });
  it('says so when the device refuses to keep them', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writePending('g', { revision: 1, document: {} as never }, full)).toBe(false);
  });
});

describe('sections', () => {
  it.each([
    ['$.guide.title', 'guide'],
    ['$.guide.theme.colors.primary', 'theme'],
    ['$.layers[0].name', 'guide'],
    ['$.pois[2].lat', 'stops'],
    ['$.badges[0].levels', 'participation'],
    ['$.hunts[1].challenges[0].options', 'participation'],
    ['$.format', 'guide'],
  ])('%s is in %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });
  it('finds the field holding a problem: the closest marked path, its first input', () => {
    document.body.innerHTML = `
      <div data-path="$.pois"><button>Add</button>
        <div data-path="$.pois[1]"><input id="lat" data-path="$.pois[1].lat"><input id="t"></div>
      </div>
      <input id="title" data-path="$.guide.title">`;
    expect(findField(document, '$.guide.title')?.id).toBe('title');
    expect(findField(document, '$.pois[1].lat')?.id).toBe('lat');
    expect(findField(document, '$.pois[1].content.en.title')?.id).toBe('lat');
    expect(findField(document, '$.pois[7]')?.textContent).toBe('Add');
    expect(findField(document, '$.hunts[0]')).toBeNull();
  });
});
