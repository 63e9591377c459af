/**
 * An exact pre-filter for Fuse.js searches with `ignoreLocation: false` and location 0
 * (the SPEC §9 options).
 *
 * Fuse's Bitap match allows at most ⌊threshold · m⌋ edit errors for a pattern of m characters
 * (errors / m must not pass the threshold), and must start within distance · threshold
 * characters of the start of the field. So every character a match can use lies in a window
 * at the start of the field. By the q-gram lemma, a text that holds the pattern with k edits
 * still holds at least (m − 1) − 2k of the pattern's bigrams (each edit breaks at most two).
 * A field whose window has fewer of them cannot match, so Fuse needs to see only the fields
 * that have enough: the same results, from a fraction of the work. Patterns shorter than the
 * minimum match length have a rule of their own (see `shortPatternFields`).
 */

/** Fuse's Bitap pattern limit: longer patterns are searched in parts and not pre-filtered. */
const MAX_PATTERN = 32;

export type MatchLimits = { threshold: number; distance: number; minMatchCharLength: number };

/** The most edit errors a match of an `m`-character pattern may have under `threshold`. */
export function maxSearchErrors(m: number, threshold: number): number {
  let k = 0;
  while (k + 1 <= m && (k + 1) / m <= threshold) k++;
  return k;
}

/** How many characters from the start of a field a match of an `m`-character pattern can reach. */
export function matchWindow(m: number, { threshold, distance }: MatchLimits): number {
  // One more than the exact bound, so float rounding can never cut a match off.
  return Math.floor(distance * threshold) + m + maxSearchErrors(m, threshold) + 1;
}

/** A bigram as one number: its two UTF-16 code units. */
const bigramAt = (s: string, i: number) => s.charCodeAt(i) * 0x10000 + s.charCodeAt(i + 1);

/** Posting lists: for each bigram, the fields (document × key) holding it and where it first starts. */
export type BigramIndex = {
  keys: number;
  docs: number;
  postings: Map<number, { fields: Int32Array; at: Uint16Array }>;
  /** The whole lower-cased fields, by document × key. */
  values: string[];
};

/**
 * Indexes `fields[doc][key]` case-insensitively for searches under `limits`: bigrams only as far
 * as the longest pattern's match can reach. Keys are at most 31.
 */
export function createBigramIndex(
  fields: readonly (readonly string[])[],
  keys: number,
  limits: MatchLimits,
): BigramIndex {
  const reach = matchWindow(MAX_PATTERN, limits);
  const lists = new Map<number, { fields: number[]; at: number[] }>();
  const lowered: string[] = [];
  fields.forEach((values, doc) => {
    for (let key = 0; key < keys; key++) {
      const value = values[key]?.toLowerCase() ?? '';
      const field = doc * keys + key;
      lowered[field] = value;
      for (let i = 0; i + 1 < Math.min(value.length, reach); i++) {
        const b = bigramAt(value, i);
        let list = lists.get(b);
        if (!list) lists.set(b, (list = { fields: [], at: [] }));
        // Only the first place a bigram starts in a field counts.
        if (list.fields[list.fields.length - 1] === field) continue;
        list.fields.push(field);
        list.at.push(i);
      }
    }
  });
  const postings: BigramIndex['postings'] = new Map();
  for (const [b, l] of lists) {
    postings.set(b, { fields: Int32Array.from(l.fields), at: Uint16Array.from(l.at) });
  }
  return { keys, docs: fields.length, postings, values: lowered };
}

/**
 * The documents (in list order) with a field that could match `pattern`, each with a bit mask
 * of those fields (bit k for key k); null when the pattern is too long to rule anything out.
 */
export function searchCandidates(
  index: BigramIndex,
  pattern: string,
  limits: MatchLimits,
): { docs: number[]; fields: number[] } | null {
  const p = pattern.toLowerCase();
  const m = p.length;
  if (m > MAX_PATTERN) return null;
  if (m < limits.minMatchCharLength) return collect(index, shortPatternFields(index, p, limits));
  const need = m - 1 - 2 * maxSearchErrors(m, limits.threshold);
  if (need <= 0) return null;
  // A bigram can help only if it starts early enough to end inside the window.
  const lastStart = matchWindow(m, limits) - 2;
  const counts = new Uint8Array(index.docs * index.keys);
  const times = new Map<number, number>();
  for (let i = 0; i + 1 < m; i++) {
    const b = bigramAt(p, i);
    times.set(b, (times.get(b) ?? 0) + 1);
  }
  for (const [b, n] of times) {
    const list = index.postings.get(b);
    if (!list) continue;
    for (let j = 0; j < list.fields.length; j++) {
      if (list.at[j]! <= lastStart) counts[list.fields[j]!]! += n;
    }
  }
  return collect(index, (field) => counts[field]! >= need);
}

/**
 * A pattern shorter than the minimum match length matches only where Fuse marks a run of at
 * least that many characters: its exact occurrences (one must start within the reach of a
 * match, as it can have no errors; the others count anywhere in the field) side by side with
 * other pattern characters.
 */
function shortPatternFields(index: BigramIndex, p: string, limits: MatchLimits) {
  const reach = Math.floor(limits.distance * limits.threshold);
  const chars = [...new Set(p)].map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('');
  const run = new RegExp(`[${chars}]{${limits.minMatchCharLength}}`);
  return (field: number) => {
    const value = index.values[field]!;
    const at = value.indexOf(p);
    return at !== -1 && at <= reach && run.test(value);
  };
}

function collect(index: BigramIndex, keep: (field: number) => boolean) {
  const docs: number[] = [];
  const fields: number[] = [];
  for (let doc = 0; doc < index.docs; doc++) {
    let mask = 0;
    for (let key = 0; key < index.keys; key++) {
      if (keep(doc * index.keys + key)) mask |= 1 << key;
    }
    if (mask) {
      docs.push(doc);
      fields.push(mask);
    }
  }
  return { docs, fields };
}
