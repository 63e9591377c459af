import { describe, expect, it } from 'vitest';
import { draftProblems, emptyDraft, nextKeypadCode, problemsAt } from '../src/draft.js';

const base = () =>
  emptyDraft({ token: 'walk', title: 'A walk', city: { name: 'Portland', state: 'Oregon' } });

describe('draftProblems', () => {
  const stop = (over: object = {}) => ({
    token: 's1',
    lat: 45.5,
    lng: -122.6,
    content: { en: { title: 'One' } },
    ...over,
  });
  it.each([
    ['an empty draft is valid', base(), []],
    [
      'a stop without a title',
      { ...base(), pois: [stop({ content: { en: { title: '' } } })] },
      ['$.pois[0].content.en.title'],
    ],
    ['a latitude beyond 90', { ...base(), pois: [stop({ lat: 91 })] }, ['$.pois[0].lat']],
    [
      'two stops with one keypad code',
      { ...base(), pois: [stop({ keypad_code: 1 }), stop({ token: 's2', keypad_code: 1 })] },
      ['$.pois[1].keypad_code'],
    ],
    [
      'a guide without a title',
      { ...base(), guide: { ...base().guide, title: '' } },
      ['$.guide.title'],
    ],
    ['not a bundle at all', 'text', ['$']],
  ])('%s', (_name, doc, paths) => {
    expect(draftProblems(doc).map((p) => p.path)).toEqual(paths);
  });
  it('names the rule broken', () => {
    const [p] = draftProblems({ ...base(), pois: [stop({ lat: 91 })] });
    expect(p?.message).toMatch(/90/);
  });
});

describe('problemsAt', () => {
  const problems = [
    { path: '$.pois[1]', message: 'a' },
    { path: '$.pois[1].content.en.title', message: 'b' },
    { path: '$.pois[10].lat', message: 'c' },
    { path: '$.pois[1]x', message: 'd' },
  ];
  it.each([
    ['$.pois[1]', ['a', 'b']],
    ['$.pois[10]', ['c']],
    ['$.guide', []],
  ])('%s', (path, messages) => {
    expect(problemsAt(problems, path).map((p) => p.message)).toEqual(messages);
  });
});

describe('nextKeypadCode', () => {
  it.each([
    [[], 1],
    [[101, 102, null], 103],
    [[5, undefined, 2], 6],
  ])('%j → %i', (codes, next) => {
    expect(nextKeypadCode(codes)).toBe(next);
  });
});
