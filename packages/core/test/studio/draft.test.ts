import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  draftProblems,
  emptyDraft,
  nextKeypadCode,
  problemsAt,
  readableIssue,
} from '../../src/studio/draft.js';

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
  it('names the rule broken, as a publisher reads it', () => {
    const [p] = draftProblems({ ...base(), pois: [stop({ lat: 91 })] });
    expect(p?.message).toBe('At most 90.');
  });
});

describe('readableIssue', () => {
  const messages = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error!.issues.map(readableIssue);
  it.each([
    ['an empty text', z.string().min(1), '', 'This field is required.'],
    ['a short text', z.string().min(3), 'ab', 'At least 3 characters.'],
    ['a long text', z.string().max(3), 'abcd', 'At most 3 characters.'],
    ['a number below', z.number().min(0), -1, 'At least 0.'],
    ['a number above', z.number().max(90), 91, 'At most 90.'],
    ['a fraction', z.number().int(), 1.5, 'A whole number.'],
    ['text for a number', z.number(), 'x', 'A number.'],
    ['nothing', z.object({ a: z.string() }), {}, 'This field is required.'],
    ['too few', z.array(z.string()).min(1), [], 'Add at least 1.'],
    ['too many', z.array(z.string()).max(1), ['a', 'b'], 'At most 1.'],
    ['not an option', z.enum(['hybrid', 'roadmap']), 'x', 'One of: hybrid, roadmap.'],
    ['a written rule', z.string().regex(/^a$/, 'an a'), 'b', 'an a'],
  ])('%s', (_name, schema, value, message) => {
    expect(messages(schema, value)).toEqual([message]);
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
