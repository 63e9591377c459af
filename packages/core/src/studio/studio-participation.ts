import type { GuideBundleInput } from '../bundle/bundle.js';
import type { ChallengeType } from '../participation/challenges.js';
import { scopedBase, uniqueToken } from './studio-stops.js';

/**
 * The studio's rules for badges, scavenger hunts and challenges (docs/studio.md): new entries that
 * already pass the importer's rules, and the edits whose consistency matters (a multiple-choice
 * challenge's correct answers are keys of its own options).
 */
export type DraftBadge = NonNullable<GuideBundleInput['badges']>[number];
export type DraftLevel = DraftBadge['levels'][number];
export type DraftHunt = NonNullable<GuideBundleInput['hunts']>[number];
export type DraftChallenge = DraftHunt['challenges'][number];

/** The four types a publisher chooses from, as the studio names them (SPEC §1). */
export const STUDIO_CHALLENGE_TYPES = [
  ['TextChallenge', 'Text'],
  ['NumberChallenge', 'Number'],
  ['PhotoChallenge', 'Photo'],
  ['MultipleChoiceChallenge', 'Multiple choice'],
] as const satisfies readonly (readonly [ChallengeType, string])[];

const levelTokens = (draft: GuideBundleInput) =>
  (draft.badges ?? []).flatMap((b) => b.levels.map((l) => l.token));

/** A new badge with its first level: valid as it is, named for the publisher to change. */
export function newBadge(draft: GuideBundleInput): DraftBadge {
  const badges = draft.badges ?? [];
  const n = badges.length + 1;
  const token = uniqueToken(
    scopedBase(draft.guide, 'badge'),
    badges.map((b) => b.token),
    n,
  );
  return {
    token,
    name: `Badge ${n}`,
    message: '',
    levels: [
      { token: uniqueToken(`${token}-level`, levelTokens(draft)), name: 'Level 1', required: 1 },
    ],
  };
}

/** The badge with one more level, needing one point more than its highest. */
export function addLevel(draft: GuideBundleInput, badge: DraftBadge): DraftBadge {
  const n = badge.levels.length + 1;
  const required = Math.max(0, ...badge.levels.map((l) => l.required)) + 1;
  const level: DraftLevel = {
    token: uniqueToken(`${badge.token.slice(0, 100)}-level`, levelTokens(draft), n),
    name: `Level ${n}`,
    required,
  };
  return { ...badge, levels: [...badge.levels, level] };
}

/** What a badge may count visits of: the guide's stops and layers, by token and key. */
export function visitedItemChoices(draft: GuideBundleInput): { value: string; label: string }[] {
  const language = draft.guide.languages?.[0]?.code;
  return [
    ...(draft.pois ?? []).map((p) => {
      const text = (language && p.content[language]) || Object.values(p.content)[0];
      return { value: p.token, label: `Stop: ${text?.title || p.token}` };
    }),
    ...(draft.layers ?? []).map((l) => ({ value: l.key, label: `Layer: ${l.name}` })),
  ];
}

const challengeKeys = (draft: GuideBundleInput) =>
  (draft.hunts ?? []).flatMap((h) => h.challenges.map((c) => c.key));

/** A new challenge of a type; a multiple-choice one comes with the two options it needs. */
export function newChallenge(draft: GuideBundleInput, type: ChallengeType): DraftChallenge {
  const keys = challengeKeys(draft);
  const n = keys.length + 1;
  return withChallengeType(
    {
      key: uniqueToken('challenge', keys, n),
      resourcetype: 'TextChallenge',
      title: `Challenge ${n}`,
    },
    type,
  );
}

/** A new scavenger hunt with its first challenge (a hunt needs one). */
export function newHunt(draft: GuideBundleInput): DraftHunt {
  const hunts = draft.hunts ?? [];
  const n = hunts.length + 1;
  return {
    key: uniqueToken(
      'hunt',
      hunts.map((h) => h.key),
      n,
    ),
    name: n === 1 ? 'Scavenger hunt' : `Scavenger hunt ${n}`,
    challenges: [newChallenge(draft, 'TextChallenge')],
  };
}

/**
 * The challenge as another type. Options and the answers that named them belong to multiple
 * choice only; a multiple-choice challenge gets two options to start from. Typed answers
 * (text, number) stay when switching between those two.
 */
export function withChallengeType(c: DraftChallenge, type: ChallengeType): DraftChallenge {
  const choice = type === 'MultipleChoiceChallenge';
  const wasChoice = c.resourcetype === 'MultipleChoiceChallenge';
  const typed = (t: ChallengeType) => t === 'TextChallenge' || t === 'NumberChallenge';
  let options = choice ? (c.options ?? []) : [];
  while (choice && options.length < 2) options = [...options, newOption(options)];
  const keepAnswers = (choice && wasChoice) || (typed(type) && typed(c.resourcetype));
  return {
    ...c,
    resourcetype: type,
    multi_choice: choice,
    multi_select: choice ? (c.multi_select ?? false) : false,
    options,
    correct_answers: keepAnswers ? (c.correct_answers ?? []) : [],
  };
}

type Option = NonNullable<DraftChallenge['options']>[number];

function newOption(options: readonly Option[]): Option {
  const key = uniqueToken(
    'option',
    options.map((o) => o.key),
    options.length + 1,
  );
  return { key, value: `Option ${key.slice('option-'.length)}` };
}

/** The challenge with one more option. */
export function addOption(c: DraftChallenge): DraftChallenge {
  return { ...c, options: [...(c.options ?? []), newOption(c.options ?? [])] };
}

/** The challenge without an option, and without the correct answer that named it. */
export function removeOption(c: DraftChallenge, key: string): DraftChallenge {
  return {
    ...c,
    options: (c.options ?? []).filter((o) => o.key !== key),
    correct_answers: (c.correct_answers ?? []).filter((a) => a.value !== key),
  };
}

/** The keys of the options marked correct (a correct answer names its option's key). */
export function correctOptionKeys(c: DraftChallenge): string[] {
  const keys = new Set((c.options ?? []).map((o) => o.key));
  return (c.correct_answers ?? [])
    .filter((a) => a.is_correct !== false && keys.has(a.value))
    .map((a) => a.value);
}

/**
 * The challenge with an option marked correct or not. With one choice allowed, marking one
 * unmarks the others (a visitor can pick only one, so only one can be right).
 */
export function markOption(c: DraftChallenge, key: string, correct: boolean): DraftChallenge {
  const others = correctOptionKeys(c).filter((k) => k !== key);
  const keys = correct ? (c.multi_select ? [...others, key] : [key]) : others;
  const order = (c.options ?? []).map((o) => o.key).filter((k) => keys.includes(k));
  return { ...c, correct_answers: order.map((value) => ({ value, is_correct: true })) };
}

/** Multi-select on or off; turning it off keeps only the first correct option. */
export function withMultiSelect(c: DraftChallenge, on: boolean): DraftChallenge {
  const next = { ...c, multi_select: on };
  const [first] = correctOptionKeys(c);
  return on || first === undefined ? next : markOption(next, first, true);
}
