import type { Poi } from '../contract/api.js';

/** The content tabs of the POI detail (SPEC §2 POI detail, and the audio's transcript). */
export type PoiDetailTab = 'description' | 'gallery' | 'challenge' | 'transcript' | 'directions';

type TabPoi = Pick<Poi, 'challenge' | 'hide_directions' | 'audio_url'>;

/**
 * SPEC §2: Description, Gallery, Challenge only when the POI has one, Directions unless
 * hide_directions. The transcript (WCAG 1.2.1) belongs to the audio, so it shows when there is
 * audio to transcribe. The Close tab is a button, not content: see `poiDetailHasClose`.
 */
export function poiDetailTabs(poi: TabPoi): PoiDetailTab[] {
  const tabs: PoiDetailTab[] = ['description', 'gallery'];
  if (poi.challenge != null) tabs.push('challenge');
  if (poi.audio_url) tabs.push('transcript');
  if (!poi.hide_directions) tabs.push('directions');
  return tabs;
}

/** SPEC §2: the Close tab shows unless the detail is opened as a full page. */
export const poiDetailHasClose = (layout: 'compact' | 'full' | 'modal'): boolean =>
  layout !== 'full';

/**
 * The tab the detail opens on. A tab asked for (the player's transcript link) wins when the
 * POI has it; otherwise SPEC §4: the challenge tab while the POI's challenge is active (for an
 * anonymous visitor it always is), else the description.
 */
export function initialPoiDetailTab(
  poi: TabPoi,
  challengeActive: boolean,
  requested: PoiDetailTab | null = null,
): PoiDetailTab {
  const tabs = poiDetailTabs(poi);
  if (requested && tabs.includes(requested)) return requested;
  if (tabs.includes('challenge') && challengeActive) return 'challenge';
  return 'description';
}

/** Alt text of a gallery picture, so a screen reader knows where it is in the set. */
/** A gallery picture's alt text: what the publisher wrote for it, else the stop's title. */
export const galleryAlt = (title: string, index: number, count: number, written = ''): string =>
  `${written.trim() || title}, picture ${index + 1} of ${count}`;

/** A paragraph of a transcript grows to about this many characters before a new one starts. */
export const TRANSCRIPT_PARAGRAPH_CHARS = 320;

/**
 * A transcript as readable paragraphs: the author's own breaks (blank lines or single line
 * breaks) are kept; a long run of text without breaks (a transcript written as the text the
 * audio speaks) is cut at sentence ends once a paragraph reaches TRANSCRIPT_PARAGRAPH_CHARS.
 */
export function transcriptParagraphs(
  text: string | null | undefined,
  size = TRANSCRIPT_PARAGRAPH_CHARS,
): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const block of text.split(/\r?\n/)) {
    const clean = block.replace(/\s+/g, ' ').trim();
    if (!clean) continue;
    // A sentence ends at . ! ? (or …) followed by a space; its closing quote stays with it.
    const sentences = clean.match(/[^.!?…]+(?:[.!?…]+["'”’)\]]*|$)\s*/g) ?? [clean];
    let current = '';
    for (const sentence of sentences) {
      if (current && current.length + sentence.length > size) {
        out.push(current.trim());
        current = '';
      }
      current += sentence;
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}
