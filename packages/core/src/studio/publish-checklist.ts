import type { GuideBundleInput } from '../bundle/bundle.js';
import { distanceKm, type LatLng } from '../util/geo.js';
import { formatDay, seasonalStops, type CalendarDay } from '../visit/seasons.js';
import { draftLanguages, draftStopTitle, stopRadii, type DraftStop } from './studio-stops.js';

/**
 * The publish checklist (docs/studio.md, "Publish"): what a visitor would miss in a draft that
 * the importer still takes. Each item is a warning the publisher may publish past; what the
 * importer refuses stays a problem (draftProblems) and blocks publishing as before.
 */

export const CHECKLIST_KINDS = [
  'no-audio',
  'no-transcript',
  'no-description',
  'no-picture',
  'no-alt',
  'no-keypad-code',
  'far-away',
  'zones-overlap',
  'none-on-view',
] as const;
export type ChecklistKind = (typeof CHECKLIST_KINDS)[number];

export type ChecklistItem = {
  kind: ChecklistKind;
  /** The field to open (a JSON path, as a problem's). */
  path: string;
  /** The language it is about; null for what every language shares (pictures, places). */
  language: string | null;
  /** The stop's index in `pois`. */
  stop: number;
  /** In plain words, naming the stop. */
  message: string;
};

/** A stop farther than this from the middle of the others is called out, whatever the spread. */
export const FAR_AWAY_MIN_KM = 5;
/** …and only when it is this many times farther than the stops' typical distance from it. */
const FAR_AWAY_FACTOR = 4;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Whether an HTML description has any words in it ("<p></p>" and "&nbsp;" have none). */
const hasWords = (html: string | undefined): boolean =>
  !!html &&
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim() !== '';

/** The stop's name as the publisher wrote it first: "“Fountain”", or "Stop 3" untitled. */
export function draftStopName(
  stop: DraftStop,
  index: number,
  languages: readonly string[],
): string {
  const title = draftStopTitle(stop, languages);
  return title ? `“${title}”` : `Stop ${index + 1}`;
}

const kmText = (km: number) => (km < 10 ? km.toFixed(1) : String(Math.round(km)));

/**
 * Every warning for `doc`, stop by stop in its order: per language, a stop without audio,
 * audio without a transcript, no description; for all languages, no picture, a picture without
 * alt text, no keypad code in a keypad guide, a stop far from all the others (a mistyped
 * coordinate), and autoplay circles that overlap (two stops may start at once); and, on `day`
 * (the guide's today, as a "YYYY-MM-DD"), dates that leave no stop on view.
 */
export function publishChecklist(doc: GuideBundleInput, day?: CalendarDay): ChecklistItem[] {
  const pois = doc.pois ?? [];
  const languages = draftLanguages(doc.guide);
  const multilingual = languages.length > 1;
  const items: ChecklistItem[] = [];
  const names = pois.map((p, i) => draftStopName(p, i, languages));
  const farness = farAway(pois);
  const overlaps = overlapping(doc);

  pois.forEach((poi, i) => {
    const at = `$.pois[${i}]`;
    const name = names[i]!;
    const add = (kind: ChecklistKind, path: string, language: string | null, message: string) =>
      items.push({ kind, path, language, stop: i, message });
    for (const code of languages) {
      const text = poi.content[code];
      const path = `${at}.content.${code}`;
      const inLanguage = multilingual ? ` in ${code}` : '';
      if (!text?.audio)
        add('no-audio', `${path}.audio`, code, `${name} has no audio${inLanguage}.`);
      else if (!text.transcript?.trim())
        add(
          'no-transcript',
          `${path}.transcript`,
          code,
          `${name} has audio without a transcript${inLanguage}: visitors who cannot hear it get nothing.`,
        );
      if (!hasWords(text?.description))
        add(
          'no-description',
          `${path}.description`,
          code,
          `${name} has no description${inLanguage}.`,
        );
    }
    const images = poi.images ?? [];
    if (images.length === 0) add('no-picture', `${at}.images`, null, `${name} has no picture.`);
    images.forEach((_, j) => {
      if (!poi.image_alts?.[j]?.trim())
        add(
          'no-alt',
          `${at}.image_alts[${j}]`,
          null,
          images.length === 1
            ? `${name}’s picture has no alt text.`
            : `${name}’s picture ${j + 1} has no alt text.`,
        );
    });
    if (doc.guide.has_keypad && poi.keypad_code == null)
      add(
        'no-keypad-code',
        `${at}.keypad_code`,
        null,
        `${name} has no keypad code: visitors cannot type it.`,
      );
    const far = farness.get(i);
    if (far !== undefined)
      add(
        'far-away',
        `${at}.lat`,
        null,
        `${name} is ${kmText(far)} km from the other stops: check its coordinates.`,
      );
    for (const j of overlaps.get(i) ?? [])
      add(
        'zones-overlap',
        `${at}.radii.autoplay_radius`,
        null,
        `${name}’s autoplay circle overlaps ${names[j]}’s: both may start at once.`,
      );
  });
  if (day && pois.length > 0 && seasonalStops(pois, day, 'hide').length === 0)
    items.push({
      kind: 'none-on-view',
      path: '$.pois[0].on_view_from',
      language: null,
      stop: 0,
      message: `On ${formatDay(day)} no stop is on view: their dates leave visitors an empty guide.`,
    });
  return items;
}

/**
 * The stops far from the rest, with their distance (km) from the middle of the others (the
 * median place, which one mistyped stop does not move): at least FAR_AWAY_MIN_KM and
 * FAR_AWAY_FACTOR times the stops' median distance from the middle. Needs three stops.
 */
function farAway(pois: readonly DraftStop[]): Map<number, number> {
  const far = new Map<number, number>();
  if (pois.length < 3) return far;
  const middle: LatLng = {
    lat: median(pois.map((p) => p.lat)),
    lng: median(pois.map((p) => p.lng)),
  };
  const distances = pois.map((p) => distanceKm(middle, p));
  const typical = median(distances);
  distances.forEach((d, i) => {
    if (d >= FAR_AWAY_MIN_KM && d >= FAR_AWAY_FACTOR * typical) far.set(i, d);
  });
  return far;
}

/**
 * For each stop, the later stops whose autoplay circle overlaps its own (each pair named once,
 * at its first stop); a stop with autoplay off (radius 0) overlaps none. Sorted by latitude so
 * that 1,000 stops compare only their neighbours.
 */
function overlapping(doc: GuideBundleInput): Map<number, number[]> {
  const pois = doc.pois ?? [];
  const circles = pois
    .map((p, i) => ({ i, p, r: stopRadii(p, doc.guide).autoplay }))
    .filter((c) => c.r > 0)
    .sort((a, b) => a.p.lat - b.p.lat);
  const largest = Math.max(0, ...circles.map((c) => c.r));
  // Metres per degree of latitude: two circles farther apart in latitude than both radii
  // cannot meet.
  const reach = (2 * largest) / 111_000;
  const found = new Map<number, number[]>();
  circles.forEach((a, k) => {
    for (let m = k + 1; m < circles.length && circles[m]!.p.lat - a.p.lat <= reach; m++) {
      const b = circles[m]!;
      if (distanceKm(a.p, b.p) * 1000 >= a.r + b.r) continue;
      const [first, second] = a.i < b.i ? [a.i, b.i] : [b.i, a.i];
      found.set(first, [...(found.get(first) ?? []), second]);
    }
  });
  for (const list of found.values()) list.sort((x, y) => x - y);
  return found;
}

/** The checklist by language, in the guide's order, then what all languages share (`null`). */
export function checklistByLanguage(
  items: readonly ChecklistItem[],
  languages: readonly string[],
): { language: string | null; items: ChecklistItem[] }[] {
  return [...languages, null]
    .map((language) => ({ language, items: items.filter((it) => it.language === language) }))
    .filter((g) => g.items.length > 0);
}

/** The stop and language a path points into (`$.pois[3].content.es.audio` → 3, "es"). */
export function pathTarget(path: string): { stop: number | null; language: string | null } {
  const stop = /^\$\.pois\[(\d+)\]/.exec(path);
  const language = /^\$\.pois\[\d+\]\.content\.([^.[\]]+)/.exec(path);
  return { stop: stop ? Number(stop[1]) : null, language: language?.[1] ?? null };
}
