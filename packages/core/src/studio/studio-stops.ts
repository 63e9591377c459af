import type { GuideBundleInput } from '../bundle/bundle.js';
import { DEFAULT_RADII } from '../constants.js';
import { nextKeypadCode } from './draft.js';

/**
 * The studio's rules for a guide's stops (docs/studio.md): placing, ordering and sizing stops in a
 * draft document, pure so the editor stays thin and every rule has a test.
 */
export type DraftStop = NonNullable<GuideBundleInput['pois']>[number];
type DraftGuide = GuideBundleInput['guide'];

export type Coordinates = { lat: number; lng: number };
export type ParsedCoordinates = ({ ok: true } & Coordinates) | { ok: false; message: string };

/** Six decimals of a degree are about 10 cm: finer than GPS, and the draft stays readable. */
export const roundDegrees = (x: number) => Math.round(x * 1e6) / 1e6;

const NUMBER = String.raw`([+-]?\d+(?:\.\d+)?)\s*°?`;
const PART = new RegExp(String.raw`^(?:([NSEW])\s*)?${NUMBER}\s*([NSEW])?$`, 'i');

function readPart(text: string): Part | null {
  const m = PART.exec(text.trim());
  if (!m) return null;
  const hemisphere = (m[1] ?? m[3])?.toUpperCase();
  if (m[1] && m[3]) return null;
  const value = Number(m[2]);
  return { value, ...(hemisphere ? { hemisphere } : {}) };
}

type Part = { value: number; hemisphere?: string };

function readPair(a: string, b: string): [Part, Part] | null {
  const first = readPart(a);
  const second = readPart(b);
  return first && second ? [first, second] : null;
}

/** "N 45.52 W 122.67": the split between words that reads as two parts, if only one does. */
function splitAtSpace(text: string): [Part, Part] | null {
  const words = text.split(/\s+/);
  const pairs = words
    .slice(1)
    .map((_, i) => readPair(words.slice(0, i + 1).join(' '), words.slice(i + 1).join(' ')))
    .filter((p) => p !== null);
  return pairs.length === 1 ? pairs[0]! : null;
}

export const COORDINATES_HINT = 'Type a latitude and a longitude, such as 45.52, -122.67';

/**
 * Coordinates typed by a publisher: "45.52, -122.67", "45.52 -122.67", "45.52;-122.67" or
 * with hemispheres ("45.52° N, 122.67° W", "N 45.52 W 122.67"). Latitude first, as every map
 * app copies them.
 */
export function parseCoordinates(text: string): ParsedCoordinates {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: COORDINATES_HINT };
  // A comma or semicolon splits the two; else the one space that leaves two readable parts.
  const parts = trimmed.split(/\s*[,;]\s*/);
  const pair = parts.length === 2 ? readPair(parts[0]!, parts[1]!) : splitAtSpace(trimmed);
  if (!pair) return { ok: false, message: COORDINATES_HINT };
  const [a, b] = pair;
  let latPart = a;
  let lngPart = b;
  // "122.67 W, 45.52 N": hemispheres say which is which.
  if (/[EW]/.test(a.hemisphere ?? '') && /[NS]/.test(b.hemisphere ?? '')) {
    latPart = b;
    lngPart = a;
  }
  if (/[EW]/.test(latPart.hemisphere ?? '') || /[NS]/.test(lngPart.hemisphere ?? ''))
    return { ok: false, message: COORDINATES_HINT };
  const signed = (p: Part) =>
    p.hemisphere === 'S' || p.hemisphere === 'W' ? -Math.abs(p.value) : p.value;
  const lat = signed(latPart);
  const lng = signed(lngPart);
  if (Math.abs(lat) > 90) return { ok: false, message: 'The latitude must be between -90 and 90' };
  if (Math.abs(lng) > 180)
    return { ok: false, message: 'The longitude must be between -180 and 180' };
  return { ok: true, lat: roundDegrees(lat), lng: roundDegrees(lng) };
}

/** `base-N` with the smallest N from `from` up that no token in `used` has. */
export function uniqueToken(base: string, used: Iterable<string>, from = 1): string {
  const taken = new Set(used);
  for (let n = Math.max(1, from); ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * A base for the tokens of a new stop, badge or level. POI, badge and level tokens are unique
 * across every guide on a server (the visitor's links use them alone), so they carry the
 * guide's token; cut so that a numbered token stays within TOKEN_MAX (120).
 */
export const scopedBase = (guide: DraftGuide, kind: string) =>
  `${guide.token.slice(0, 80)}-${kind}`;

/**
 * The guide tokens whose namespace a stop, badge or level token is in (docs/security.md,
 * "Unpublished work stays with those who hold its key"): each part of it before a "-"
 * ("riverfront-walk-stop-3" → "riverfront", "riverfront-walk", "riverfront-walk-stop"). The studio
 * makes a guide's tokens as `{guide}-stop-N` (scopedBase), so those of a published guide's next
 * stop can be foreseen: another organisation may not claim a token in its namespace.
 */
export function tokenNamespaces(token: string): string[] {
  const parts = token.split('-');
  return parts
    .slice(1)
    .map((_, i) => parts.slice(0, i + 1).join('-'))
    .filter((p) => p !== '');
}

/** The guide's language codes; a guide with none writes its text as English. */
export function draftLanguages(guide: DraftGuide): string[] {
  const codes = (guide.languages ?? []).map((l) => l.code);
  return codes.length ? codes : ['en'];
}

/** The stop's title as the publisher wrote it first (the guide's languages, then any other). */
export function draftStopTitle(stop: DraftStop, languages: readonly string[]): string | undefined {
  return [...languages, ...Object.keys(stop.content)]
    .map((code) => stop.content[code]?.title?.trim())
    .find((t) => t);
}

/**
 * A new stop at a place: the next free token, "Stop N" in every language of the guide (so
 * the draft stays valid), and the keypad code one past the highest in use.
 */
export function newStop(draft: GuideBundleInput, at: Coordinates): DraftStop {
  const pois = draft.pois ?? [];
  const n = pois.length + 1;
  const title = `Stop ${n}`;
  return {
    token: uniqueToken(
      scopedBase(draft.guide, 'stop'),
      pois.map((p) => p.token),
      n,
    ),
    lat: roundDegrees(at.lat),
    lng: roundDegrees(at.lng),
    keypad_code: nextKeypadCode(pois.map((p) => p.keypad_code)),
    content: Object.fromEntries(draftLanguages(draft.guide).map((code) => [code, { title }])),
  };
}

/** The list with the entry at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const target = Math.min(Math.max(to, 0), list.length - 1);
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export type StopRadii = {
  /** Metres within which the stop's audio starts; 0 turns autoplay off. */
  autoplay: number;
  /** Metres beyond the autoplay radius a visitor walks before the stop can play again. */
  leaveBuffer: number;
  /** Whether each came from the stop itself (else the guide's, else the app's default). */
  own: { autoplay: boolean; leaveBuffer: boolean };
};

/**
 * The radii a stop plays with, as the trigger engine reads them: its own, else the guide's,
 * else DEFAULT_RADII; a leave buffer of 0 counts as unset (triggers.ts re-arms with the
 * fallback then).
 */
export function stopRadii(stop: DraftStop, guide: DraftGuide): StopRadii {
  const own = stop.radii ?? {};
  const guides = guide.radii ?? {};
  const autoplay = own.autoplay_radius ?? guides.autoplay_radius ?? DEFAULT_RADII.autoplay_radius;
  const buffer = (r?: number) => (r !== undefined && r > 0 ? r : undefined);
  const leaveBuffer =
    buffer(own.attract_radius_leave_buffer) ??
    buffer(guides.attract_radius_leave_buffer) ??
    DEFAULT_RADII.attract_radius_leave_buffer;
  return {
    autoplay,
    leaveBuffer,
    own: {
      autoplay: own.autoplay_radius !== undefined,
      leaveBuffer: buffer(own.attract_radius_leave_buffer) !== undefined,
    },
  };
}

export const MAX_RADIUS_M = 100_000;
const metres = (m: number) => Math.min(MAX_RADIUS_M, Math.max(0, Math.round(m)));

/**
 * The stop after its autoplay circle's edge was dragged `distance` metres from its centre.
 * The leave circle (autoplay + buffer) moves with it, so the buffer stays what it was.
 */
export function withAutoplayRadius(stop: DraftStop, distance: number): DraftStop {
  return { ...stop, radii: { ...stop.radii, autoplay_radius: Math.max(1, metres(distance)) } };
}

/** The stop after its leave circle's edge was dragged `distance` metres from its centre. */
export function withLeaveEdge(stop: DraftStop, guide: DraftGuide, distance: number): DraftStop {
  const { autoplay } = stopRadii(stop, guide);
  return {
    ...stop,
    radii: { ...stop.radii, attract_radius_leave_buffer: Math.max(1, metres(distance - autoplay)) },
  };
}

/** A point `metres` east of `centre` (where a circle's resize handle sits). */
export function pointEast(centre: Coordinates, distance: number): Coordinates {
  const earth = 6_371_000;
  const dLng = (distance / (earth * Math.cos((centre.lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lat: centre.lat, lng: centre.lng + dLng };
}

/** The stop with its images reordered, their alt texts moving with them. */
export function moveImage(stop: DraftStop, from: number, to: number): DraftStop {
  const images = stop.images ?? [];
  const alts = alignedAlts(stop);
  return withImages(stop, moveItem(images, from, to), moveItem(alts, from, to));
}

/** The stop without its image at `index` (and that image's alt text). */
export function removeImage(stop: DraftStop, index: number): DraftStop {
  const keep = (_: unknown, i: number) => i !== index;
  return withImages(stop, (stop.images ?? []).filter(keep), alignedAlts(stop).filter(keep));
}

/** The stop with one more image, described by `alt`. */
export function addImage(stop: DraftStop, path: string, alt = ''): DraftStop {
  return withImages(stop, [...(stop.images ?? []), path], [...alignedAlts(stop), alt]);
}

/** The stop with the image at `index` replaced by `path` (its alt text kept). */
export function replaceImage(stop: DraftStop, index: number, path: string): DraftStop {
  const images = [...(stop.images ?? [])];
  images[index] = path;
  return withImages(stop, images, alignedAlts(stop));
}

/** The stop with the alt text of its image at `index` set. */
export function setImageAlt(stop: DraftStop, index: number, alt: string): DraftStop {
  const alts = alignedAlts(stop);
  alts[index] = alt;
  return withImages(stop, stop.images ?? [], alts);
}

/** One alt text per image, '' where none was written. */
export function alignedAlts(stop: DraftStop): string[] {
  return (stop.images ?? []).map((_, i) => stop.image_alts?.[i] ?? '');
}

function withImages(stop: DraftStop, images: string[], alts: string[]): DraftStop {
  const rest = { ...stop };
  delete rest.image_alts;
  // No alt texts at all stays as the bundle had it: without the key.
  return alts.some((a) => a !== '') ? { ...rest, images, image_alts: alts } : { ...rest, images };
}
