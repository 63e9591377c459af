import { readFileSync } from 'node:fs';
import { plainTextMarkup, type GuideBundleInput } from '@earshot/core';

/**
 * The XSS corpus of the abuse suite (docs/scale-out.md §5) and the guide document that carries it
 * in every publisher-written text field. Shared by apps/server/test/abuse-xss.test.ts (the
 * API stores and serves it as data) and e2e/tests/abuse-xss.spec.ts (no screen runs it).
 * Each payload, if it ever ran, sets `window.__xss` to its number.
 */
export const XSS_PAYLOADS: readonly string[] = (
  JSON.parse(readFileSync(new URL('../fixtures/xss-corpus.json', import.meta.url), 'utf8')) as {
    payloads: string[];
  }
).payloads;

/** The whole corpus as one text, for the HTML fields. */
export const XSS_ALL = XSS_PAYLOADS.join('\n<p>between</p>\n');

/**
 * The payloads a plain-text field takes (plain text holds no markup: docs/security.md, core
 * plainTextMarkup), and the ones it refuses: every other.
 */
export const PLAIN_PAYLOADS = XSS_PAYLOADS.filter((p) => plainTextMarkup(p) === null);
export const MARKUP_PAYLOADS = XSS_PAYLOADS.filter((p) => plainTextMarkup(p) !== null);

/** Payloads of `from` in turn, each the next one that fits `max` characters (fields have limits). */
export function payloadCycle(from: readonly string[] = XSS_PAYLOADS) {
  let i = 0;
  return (max = 200, prefix = '') => {
    for (let tries = 0; tries < from.length; tries++) {
      const p = `${prefix}${from[i++ % from.length]!}`;
      if (p.length <= max) return p;
    }
    throw new Error(`no payload fits ${max} characters`);
  };
}

/**
 * Puts a payload into every text field of `b` that a publisher writes (guide, city, languages,
 * share texts, layers, stops and their alt texts and transcripts, badges and their levels,
 * hunts, challenges, options, correct answers). The HTML fields (descriptions) get the whole
 * corpus; the plain-text ones the payloads of `plain` in turn: by default those the importer
 * takes (PLAIN_PAYLOADS), MARKUP_PAYLOADS for a bundle it must refuse in every such field.
 * `tag` starts the short fields so a screen's text can be found; tokens, keys and media paths
 * stay as they are.
 */
export function fillWithPayloads(
  b: GuideBundleInput,
  tag = 'XSS ',
  plain: readonly string[] = PLAIN_PAYLOADS,
): GuideBundleInput {
  const next = payloadCycle(plain);
  const g = b.guide;
  g.title = next(200, tag);
  g.description = XSS_ALL;
  g.city = { name: next(120, tag), state: next(120, tag) };
  g.languages = (g.languages ?? []).map((l) => ({ ...l, label: next(60) }));
  g.photo_share_text = next(500);
  g.photo_share_hashtag = next(200);
  for (const layer of b.layers ?? []) layer.name = next(120, tag);
  for (const poi of b.pois ?? []) {
    poi.image_alts = (poi.images ?? []).map(() => next(500));
    for (const text of Object.values(poi.content)) {
      text.title = next(200, tag);
      text.subtitle = next(300);
      text.description = XSS_ALL;
      text.transcript = plain.join('\n');
    }
  }
  for (const badge of b.badges ?? []) {
    badge.name = next(120, tag);
    badge.message = next(1000);
    for (const level of badge.levels) level.name = next(120, tag);
  }
  for (const hunt of b.hunts ?? []) {
    hunt.name = next(200, tag);
    hunt.subtitle = next(300);
    hunt.description = XSS_ALL;
    for (const c of hunt.challenges) {
      c.title = next(200, tag);
      c.subtitle = next(300);
      c.description = XSS_ALL;
      for (const o of c.options ?? []) o.value = next(300);
      // Correct answers name an option's text for a multiple-choice challenge.
      if (c.resourcetype === 'MultipleChoiceChallenge' && c.options?.[0])
        c.correct_answers = [{ value: c.options[0].value }];
      else if (c.resourcetype === 'TextChallenge') c.correct_answers = [{ value: next(300) }];
    }
  }
  return b;
}

/** Every string of a JSON value (to find where a served answer carries a payload). */
export function allStrings(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) allStrings(v, out);
  return out;
}
