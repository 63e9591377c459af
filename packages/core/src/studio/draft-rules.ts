import type { GuideBundleInput } from '../bundle/bundle.js';
import { TOKEN_MAX } from '../contract/params.js';
import { SLUG_MAX, slugOf } from '../util/slug.js';

/**
 * Rules of the studio's drafts, versions and previews (decision 0013): the proposed token of a
 * new guide, which parts of two drafts differ, and the rewrite that lets a preview be imported
 * beside the published guide without taking any of its global tokens.
 */

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The largest bundle .zip the studio's import takes (its unpacked size has the importer's limit). */
export const STUDIO_IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/**
 * The key of a guide's draft that was never published (docs/studio.md, Roles): its token and its
 * organisation, so that two organisations may each have a draft of one token, and neither's answer
 * to a new guide tells whether the other's exists. The first to publish takes the token (its
 * draft's key becomes the token). "~" is in no token, so no key is a token.
 */
export const unpublishedDraftKey = (token: string, organisationId: number): string =>
  `${token}~${organisationId}`;

/** The guide token of a draft's key (a published guide's draft is keyed by its token). */
export const guideTokenOfDraftKey = (key: string): string => key.split('~', 1)[0]!;

/** The top-level parts of a draft a conflict names. */
export const DRAFT_PARTS = ['guide', 'layers', 'pois', 'badges', 'hunts'] as const;
export type DraftPart = (typeof DRAFT_PARTS)[number];

/**
 * A guide token proposed from its title: lower-case ASCII letters and digits joined by "-"
 * ("Café Walk: Old Town" → "cafe-walk-old-town"); "guide" when nothing is left.
 */
export const guideSlug = (title: string): string =>
  slugOf(title, { max: SLUG_MAX, fallback: 'guide' });

/** JSON with object keys sorted, so two documents compare by content, not by key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** The parts (guide, layers, pois, badges, hunts) in which two draft documents differ. */
export function draftChanges(before: unknown, after: unknown): DraftPart[] {
  const part = (doc: unknown, p: DraftPart): unknown => {
    const v = doc && typeof doc === 'object' ? (doc as Record<string, unknown>)[p] : undefined;
    // A missing list reads as the importer reads it: empty.
    return v === undefined && p !== 'guide' ? [] : v;
  };
  return DRAFT_PARTS.filter((p) => canonical(part(before, p)) !== canonical(part(after, p)));
}

/** The prefix of every token and key of the preview made with `previewToken`. */
export function previewPrefix(previewToken: string): string {
  return `pv${previewToken.slice(0, 10)}-`;
}

/**
 * A draft rewritten to be imported as a preview: the guide's token is the preview token, and
 * every layer key, POI, badge and level token, hunt and challenge key (and what names them:
 * a POI's layer, a challenge's POI, a badge's visited item) carries the preview's prefix, so
 * the preview never takes a published guide's global token. A token too long for the prefix
 * is cut and numbered; every new token is different from every other.
 */
export function previewDocument(doc: GuideBundleInput, previewToken: string): GuideBundleInput {
  const prefix = previewPrefix(previewToken);
  const made = new Map<string, string>();
  const used = new Set<string>();
  const rename = (token: string): string => {
    const known = made.get(token);
    if (known !== undefined) return known;
    let next = `${prefix}${token}`;
    for (let n = 1; next.length > TOKEN_MAX || used.has(next); n++) {
      const tail = `_${n}`;
      next = `${prefix}${token.slice(0, TOKEN_MAX - prefix.length - tail.length)}${tail}`;
    }
    made.set(token, next);
    used.add(next);
    return next;
  };
  const opt = (t: string | undefined) => (t === undefined ? undefined : rename(t));
  const copy = JSON.parse(JSON.stringify(doc)) as GuideBundleInput;
  return {
    ...copy,
    guide: { ...copy.guide, token: previewToken },
    layers: copy.layers?.map((l) => ({ ...l, key: rename(l.key) })),
    pois: copy.pois?.map((p) => ({ ...p, token: rename(p.token), layer: opt(p.layer) })),
    badges: copy.badges?.map((b) => ({
      ...b,
      token: rename(b.token),
      visited_item: b.visited_item?.trim() ? rename(b.visited_item.trim()) : b.visited_item,
      levels: b.levels.map((l) => ({ ...l, token: rename(l.token) })),
    })),
    hunts: copy.hunts?.map((h) => ({
      ...h,
      key: rename(h.key),
      challenges: h.challenges.map((c) => ({ ...c, key: rename(c.key), poi: opt(c.poi) })),
    })),
  };
}

/**
 * The document with every media path it names replaced by `map(path)` (an import puts a
 * bundle's files into the media pool and names them by their content hash).
 */
export function mapMediaPaths(
  doc: GuideBundleInput,
  map: (path: string) => string,
): GuideBundleInput {
  const one = (p: string | undefined) => (p === undefined ? undefined : map(p));
  const copy = JSON.parse(JSON.stringify(doc)) as GuideBundleInput;
  return {
    ...copy,
    guide: {
      ...copy.guide,
      splash: one(copy.guide.splash),
      audio: one(copy.guide.audio),
      images: copy.guide.images?.map(map),
    },
    pois: copy.pois?.map((p) => ({
      ...p,
      images: p.images?.map(map),
      content: Object.fromEntries(
        Object.entries(p.content).map(([code, t]) => [
          code,
          { ...t, audio: one(t.audio), audio2: one(t.audio2) },
        ]),
      ),
    })),
    badges: copy.badges?.map((b) => ({
      ...b,
      image: one(b.image),
      levels: b.levels.map((l) => ({ ...l, image: one(l.image) })),
    })),
  };
}
