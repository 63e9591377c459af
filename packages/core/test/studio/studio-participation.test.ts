import { describe, expect, it } from 'vitest';
import type { GuideBundleInput } from '../../src/bundle/bundle.js';
import { draftProblems, emptyDraft } from '../../src/studio/draft.js';
import {
  addLevel,
  addOption,
  correctOptionKeys,
  markOption,
  newBadge,
  newChallenge,
  newHunt,
  removeOption,
  STUDIO_CHALLENGE_TYPES,
  visitedItemChoices,
  withChallengeType,
  withMultiSelect,
  type DraftChallenge,
} from '../../src/studio/studio-participation.js';

const draft = (): GuideBundleInput => ({
  ...emptyDraft({ token: 'walk', title: 'A walk', city: { name: 'Portland', state: 'Oregon' } }),
  pois: [{ token: 'walk-stop-1', lat: 45.5, lng: -122.6, content: { en: { title: 'Fountain' } } }],
  layers: [{ key: 'art', name: 'Art' }],
});

const choice = (over: Partial<DraftChallenge> = {}): DraftChallenge => ({
  ...withChallengeType(
    { key: 'c', resourcetype: 'TextChallenge', title: 'Pick' },
    'MultipleChoiceChallenge',
  ),
  ...over,
});

describe('badges', () => {
  it('makes a valid badge with a first level, tokens scoped to the guide', () => {
    const d = draft();
    const b = newBadge(d);
    expect(b).toEqual({
      token: 'walk-badge-1',
      name: 'Badge 1',
      message: '',
      levels: [{ token: 'walk-badge-1-level-1', name: 'Level 1', required: 1 }],
    });
    expect(draftProblems({ ...d, badges: [b] })).toEqual([]);
  });

  it('numbers past tokens already taken', () => {
    const d = draft();
    d.badges = [{ ...newBadge(d), token: 'walk-badge-2' }];
    expect(newBadge(d).token).toBe('walk-badge-3');
  });

  it.each([
    [[1], 2, 'Level 2'],
    [[5, 3], 6, 'Level 3'],
    [[0], 1, 'Level 2'],
  ])('a level after requirements %j needs %i points', (required, next, name) => {
    const d = draft();
    const b = {
      ...newBadge(d),
      levels: required.map((r, i) => ({ token: `l${i}`, name: `L${i}`, required: r })),
    };
    const level = addLevel(d, b).levels.at(-1)!;
    expect([level.required, level.name]).toEqual([next, name]);
    expect(draftProblems({ ...d, badges: [addLevel(d, b)] })).toEqual([]);
  });

  it('keeps level tokens unique across badges', () => {
    const d = draft();
    const first = newBadge(d);
    d.badges = [first, { ...newBadge(d), token: 'walk-badge-1' }];
    const tokens = addLevel(d, first).levels.map((l) => l.token);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.at(-1)).toBe('walk-badge-1-level-2');
  });

  it('offers the stops and layers as what a badge counts', () => {
    expect(visitedItemChoices(draft())).toEqual([
      { value: 'walk-stop-1', label: 'Stop: Fountain' },
      { value: 'art', label: 'Layer: Art' },
    ]);
  });
});

describe('hunts and challenges', () => {
  it('makes a valid hunt with one challenge', () => {
    const d = draft();
    const h = newHunt(d);
    expect(h.name).toBe('Scavenger hunt');
    expect(h.challenges).toHaveLength(1);
    expect(draftProblems({ ...d, hunts: [h] })).toEqual([]);
  });

  it.each(STUDIO_CHALLENGE_TYPES.map(([type]) => [type]))('a new %s challenge is valid', (type) => {
    const d = draft();
    const c = newChallenge(d, type);
    expect(c.resourcetype).toBe(type);
    expect(draftProblems({ ...d, hunts: [{ key: 'h', name: 'H', challenges: [c] }] })).toEqual([]);
  });

  it('names every type a publisher can choose', () => {
    expect(STUDIO_CHALLENGE_TYPES.map(([, label]) => label)).toEqual([
      'Text',
      'Number',
      'Photo',
      'Multiple choice',
    ]);
  });

  it('numbers challenge keys across hunts', () => {
    const d = draft();
    d.hunts = [newHunt(d)];
    expect(newChallenge(d, 'PhotoChallenge').key).toBe('challenge-2');
  });

  it.each<[string, DraftChallenge, DraftChallenge['resourcetype'], object]>([
    [
      'text to multiple choice: two options, no typed answers',
      { key: 'c', resourcetype: 'TextChallenge', title: 'T', correct_answers: [{ value: 'x' }] },
      'MultipleChoiceChallenge',
      {
        multi_choice: true,
        options: [
          { key: 'option-1', value: 'Option 1' },
          { key: 'option-2', value: 'Option 2' },
        ],
        correct_answers: [],
      },
    ],
    [
      'text to number keeps the typed answers',
      { key: 'c', resourcetype: 'TextChallenge', title: 'T', correct_answers: [{ value: '4' }] },
      'NumberChallenge',
      { options: [], correct_answers: [{ value: '4' }] },
    ],
    [
      'multiple choice to photo drops options and answers',
      choice({ correct_answers: [{ value: 'option-1', is_correct: true }], multi_select: true }),
      'PhotoChallenge',
      { multi_choice: false, multi_select: false, options: [], correct_answers: [] },
    ],
    [
      'multiple choice with one option gets a second',
      choice({ options: [{ key: 'a', value: 'A' }] }),
      'MultipleChoiceChallenge',
      {
        options: [
          { key: 'a', value: 'A' },
          { key: 'option-2', value: 'Option 2' },
        ],
      },
    ],
  ])('%s', (_name, c, type, expected) => {
    expect(withChallengeType(c, type)).toMatchObject(expected);
  });
});

describe('multiple-choice options and correct answers', () => {
  it.each<[string, DraftChallenge, string[]]>([
    [
      'one choice: marking one unmarks the other',
      markOption(markOption(choice(), 'option-1', true), 'option-2', true),
      ['option-2'],
    ],
    [
      'multi-select: both stay marked, in option order',
      markOption(markOption(choice({ multi_select: true }), 'option-2', true), 'option-1', true),
      ['option-1', 'option-2'],
    ],
    ['unmarking', markOption(markOption(choice(), 'option-1', true), 'option-1', false), []],
    [
      'multi-select off keeps the first correct one',
      withMultiSelect(
        markOption(markOption(choice({ multi_select: true }), 'option-1', true), 'option-2', true),
        false,
      ),
      ['option-1'],
    ],
    [
      'removing an option removes its correct answer',
      removeOption(markOption(addOption(choice()), 'option-3', true), 'option-3'),
      [],
    ],
    [
      'an answer marked wrong or naming no option is not a correct option',
      choice({
        correct_answers: [
          { value: 'option-1', is_correct: false },
          { value: 'nothing', is_correct: true },
        ],
      }),
      [],
    ],
  ])('%s', (_name, c, keys) => {
    expect(correctOptionKeys(c)).toEqual(keys);
  });

  it('adds options with fresh keys', () => {
    const c = addOption(removeOption(addOption(choice()), 'option-2'));
    expect(c.options!.map((o) => o.key)).toEqual(['option-1', 'option-3', 'option-4']);
  });

  it('a multiple choice left with one option is refused by the importer rules', () => {
    const d = draft();
    const c = removeOption(choice(), 'option-2');
    expect(
      draftProblems({ ...d, hunts: [{ key: 'h', name: 'H', challenges: [c] }] }).map((p) => p.path),
    ).toEqual(['$.hunts[0].challenges[0].options']);
  });
});
