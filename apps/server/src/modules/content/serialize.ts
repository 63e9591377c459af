import type { Selectable } from 'kysely';
import {
  DEFAULT_RADII,
  effectiveBadgeRadius,
  effectiveNotificationRadius,
  type Badge,
  type BadgeLevel,
  type Challenge,
  type GuideSummary,
  type Layer,
  type Poi,
  type ScavengerHunt,
  publicChallengeValue,
} from '@earshot/core';
import type {
  BadgeLevelsTable,
  BadgesTable,
  ChallengesTable,
  GuidesTable,
  LayersTable,
  PoisTable,
  PoiTranslationsTable,
  ScavengerHuntsTable,
} from '../../db/schema.js';
import { imageUrls, mediaUrl, PLACEHOLDER_IMAGE } from './media-url.js';

export type GuideRow = Selectable<GuidesTable> & { city_name: string; city_state: string };
type PoiRow = Selectable<PoisTable>;
type TextRow = Selectable<PoiTranslationsTable>;

const bool = (n: number | null | undefined) => n === 1;

export function toGuideSummary(
  g: GuideRow,
  languages: { code: string; label: string }[],
  distance = -1,
): GuideSummary {
  const images = (JSON.parse(g.images) as string[]).map((p) => mediaUrl(g.id, p)!);
  const splash = mediaUrl(g.id, g.splash) ?? images[0] ?? null;
  const hasCenter = g.centroid_lat !== null && g.centroid_lng !== null;
  return {
    id: g.id,
    token: g.token,
    title: g.title,
    description: g.description,
    city_id: g.city_id,
    city: { id: g.city_id, name: g.city_name, state: g.city_state },
    coming_soon: bool(g.coming_soon),
    map_type: g.map_type,
    splash_url: splash,
    splashURL: splash,
    images,
    tour_images: images,
    languages,
    has_keypad: bool(g.has_keypad),
    num_pois: g.num_pois,
    centroid: hasCenter ? [g.centroid_lat!, g.centroid_lng!] : null,
    center: hasCenter ? { lat: g.centroid_lat!, lng: g.centroid_lng! } : null,
    distance,
  };
}

export function guideRadii(g: Selectable<GuidesTable>) {
  return {
    attract_radius_leave_buffer: g.attract_radius_leave_buffer,
    autoplay_radius: g.autoplay_radius,
    badge_radius: effectiveBadgeRadius(g.badge_radius),
    notification_radius:
      effectiveNotificationRadius(g.notification_radius) ?? DEFAULT_RADII.notification_radius,
    beacon_range: g.beacon_range,
    min_triggering_radius: g.min_triggering_radius ?? 0,
  };
}

/** Picks the text for `language`, else the guide's first language, else any. */
export function pickText(texts: TextRow[], language: string | null): TextRow | undefined {
  return texts.find((t) => t.language === language) ?? texts[0];
}

export function toPoi(
  p: PoiRow,
  guide: Selectable<GuidesTable>,
  texts: TextRow[],
  language: string | null,
  challengeId: number | null,
): Poi {
  const text = pickText(texts, language);
  const images = imageUrls(guide.id, p.images);
  const alts = p.image_alts ? (JSON.parse(p.image_alts) as string[]) : [];
  const audio = mediaUrl(guide.id, text?.audio);
  const r = guideRadii(guide);
  const radius = (own: number | null, fallback: number) => own ?? fallback;
  return {
    id: p.id,
    token: p.token,
    guide_id: guide.id,
    guide_token: guide.token,
    title: text?.title ?? '',
    subtitle: text?.subtitle ?? '',
    description: text?.description ?? '',
    audio_url: audio,
    audio,
    audio2: mediaUrl(guide.id, text?.audio2),
    transcript: text?.transcript ?? null,
    image_urls: images,
    images,
    image_alts: images.map((_, i) => alts[i] ?? ''),
    lat: p.lat,
    lng: p.lng,
    color: p.color ?? '22ee22',
    icon: p.icon,
    layer: p.layer_id,
    layer_id: p.layer_id,
    metadata: p.layer_id === null ? [] : [p.layer_id],
    route_type: p.route_type,
    keypad_code: p.keypad_code,
    hide_map: bool(p.hide_map),
    hide_directions: bool(p.hide_directions),
    challenge: challengeId,
    distance: -1,
    language: text?.language ?? null,
    play_on_select:
      p.play_on_select === null ? bool(guide.poi_play_on_select) : bool(p.play_on_select),
    attract_z: p.attract_z,
    beacon: p.beacon ? (JSON.parse(p.beacon) as Poi['beacon']) : null,
    attract_radius_leave_buffer: radius(
      p.attract_radius_leave_buffer,
      r.attract_radius_leave_buffer,
    ),
    autoplay_radius: radius(p.autoplay_radius, r.autoplay_radius),
    badge_radius: effectiveBadgeRadius(radius(p.badge_radius, r.badge_radius)),
    notification_radius: effectiveNotificationRadius(
      radius(p.notification_radius, r.notification_radius),
    )!,
    beacon_range: radius(p.beacon_range, r.beacon_range),
    min_triggering_radius: radius(p.min_triggering_radius, r.min_triggering_radius),
    attract_radius: radius(p.autoplay_radius, r.autoplay_radius),
    geofence_radius: radius(p.notification_radius, r.notification_radius),
    on_view_from: p.on_view_from,
    on_view_until: p.on_view_until,
    translations: Object.fromEntries(
      texts.map((t) => [
        t.language,
        {
          title: t.title,
          subtitle: t.subtitle,
          description: t.description,
          audio_url: mediaUrl(guide.id, t.audio),
          audio2: mediaUrl(guide.id, t.audio2),
          transcript: t.transcript,
        },
      ]),
    ),
    position: p.position,
  };
}

export function toLayer(l: Selectable<LayersTable>, guideToken: string): Layer {
  return {
    id: l.id,
    guide_id: l.guide_id,
    guide_token: guideToken,
    name: l.name,
    color: l.color,
    icon: l.icon,
  };
}

export function toBadge(
  b: Selectable<BadgesTable>,
  guideToken: string,
  levels: Selectable<BadgeLevelsTable>[],
): Badge {
  return {
    id: b.id,
    token: b.token,
    name: b.name,
    contest_type: b.contest_type,
    guide_id: b.guide_id,
    guide_token: guideToken,
    metadata: b.metadata ? (JSON.parse(b.metadata) as Record<string, unknown>) : null,
    image: mediaUrl(b.guide_id, b.image) ?? PLACEHOLDER_IMAGE,
    message: b.message,
    visited_item: b.visited_item,
    levels: levels.map((l) => toBadgeLevel(l, b)),
  };
}

export function toBadgeLevel(
  l: Selectable<BadgeLevelsTable>,
  b: { token: string; guide_id: number },
): BadgeLevel {
  return {
    id: l.id,
    name: l.name,
    image: mediaUrl(b.guide_id, l.image) ?? PLACEHOLDER_IMAGE,
    token: l.token,
    required: l.required,
    badge: l.badge_id,
    badge_token: b.token,
  };
}

export function toHunt(
  h: Selectable<ScavengerHuntsTable>,
  guideToken: string,
  challenges: { id: number; challenge_set: string | null }[],
): ScavengerHunt {
  return {
    id: h.id,
    token: h.token,
    contest_type: h.contest_type,
    guide_id: h.guide_id,
    guide_token: guideToken,
    name: h.name,
    subtitle: h.subtitle,
    description: h.description,
    challenges: challenges.map((c) => c.id),
    challenge_sets: [
      ...new Set(challenges.map((c) => c.challenge_set).filter((s): s is string => s !== null)),
    ],
  };
}

export function toChallenge(c: Selectable<ChallengesTable>, poiToken: string | null): Challenge {
  return {
    id: c.id,
    resourcetype: c.resourcetype as Challenge['resourcetype'],
    title: c.title,
    subtitle: c.subtitle,
    description: c.description,
    icon: c.icon,
    scavenger_hunt: c.scavenger_hunt_id,
    poi: c.poi_id,
    poi_token: poiToken,
    multi_choice: bool(c.multi_choice),
    multi_select: bool(c.multi_select),
    value: publicChallengeValue(c.resourcetype as Challenge['resourcetype'], c.value),
    challenge_set: c.challenge_set,
    position: c.position,
  };
}
