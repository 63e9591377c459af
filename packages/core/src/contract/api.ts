import { z } from 'zod';
import { CHALLENGE_TYPES, OUTSIDE_DATES, USER_ANSWER_TYPES } from '../constants.js';

/** Response shapes of the API (SPEC §3 entities as served under /api/v1/). */

export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.string()).optional(),
});

export const citySchema = z.object({ id: z.number(), name: z.string(), state: z.string() });
export type City = z.infer<typeof citySchema>;

export const languageSchema = z.object({ code: z.string(), label: z.string() });
export type GuideLanguage = z.infer<typeof languageSchema>;

export const radiiFields = {
  attract_radius_leave_buffer: z.number(),
  autoplay_radius: z.number(),
  badge_radius: z.number(),
  notification_radius: z.number(),
  beacon_range: z.number(),
  min_triggering_radius: z.number(),
};

/** A guide as listed by GET tours. */
export const guideSummarySchema = z.object({
  id: z.number(),
  token: z.string(),
  title: z.string(),
  description: z.string(),
  city_id: z.number(),
  city: citySchema,
  coming_soon: z.boolean(),
  map_type: z.string(),
  splash_url: z.string().nullable(),
  splashURL: z.string().nullable(),
  images: z.array(z.string()),
  tour_images: z.array(z.string()),
  languages: z.array(languageSchema),
  has_keypad: z.boolean(),
  num_pois: z.number(),
  centroid: z.tuple([z.number(), z.number()]).nullable(),
  center: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** km from the asked position; -1 when no position was given. */
  distance: z.number(),
});
export type GuideSummary = z.infer<typeof guideSummarySchema>;

export const poiTextSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  audio_url: z.string().nullable(),
  audio2: z.string().nullable(),
  /** What the audio says, as plain text (null when the bundle gives none). */
  transcript: z.string().nullable(),
});

export const poiSchema = z.object({
  id: z.number(),
  token: z.string(),
  guide_id: z.number(),
  guide_token: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  audio_url: z.string().nullable(),
  audio: z.string().nullable(),
  audio2: z.string().nullable(),
  /** The transcript of `audio`, in the served language. */
  transcript: z.string().nullable(),
  image_urls: z.array(z.string()),
  images: z.array(z.string()),
  /** Alt text of each of `image_urls`, in their order ('' where the publisher wrote none). */
  image_alts: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
  color: z.string(),
  icon: z.string().nullable(),
  layer: z.number().nullable(),
  layer_id: z.number().nullable(),
  metadata: z.array(z.number()),
  route_type: z.string().nullable(),
  keypad_code: z.number().nullable(),
  hide_map: z.boolean(),
  hide_directions: z.boolean(),
  challenge: z.number().nullable(),
  distance: z.number(),
  language: z.string().nullable(),
  play_on_select: z.boolean(),
  attract_z: z.number().nullable(),
  beacon: z
    .object({ uuid: z.string(), major: z.number(), minor: z.number(), beacon_range: z.number() })
    .nullable(),
  ...radiiFields,
  attract_radius: z.number(),
  geofence_radius: z.number(),
  /** Text and audio for every language of the guide, by language code. */
  translations: z.record(z.string(), poiTextSchema),
  position: z.number(),
  /** First and last day on view ("YYYY-MM-DD", in the guide's `time_zone`); null: no bound. */
  on_view_from: z.string().nullable(),
  on_view_until: z.string().nullable(),
});
export type Poi = z.infer<typeof poiSchema>;

export const layerSchema = z.object({
  id: z.number(),
  guide_id: z.number(),
  guide_token: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
});
export type Layer = z.infer<typeof layerSchema>;

export const badgeLevelSchema = z.object({
  id: z.number(),
  name: z.string(),
  image: z.string().nullable(),
  token: z.string(),
  required: z.number(),
  badge: z.number(),
  badge_token: z.string(),
});
export type BadgeLevel = z.infer<typeof badgeLevelSchema>;

export const badgeSchema = z.object({
  id: z.number(),
  token: z.string(),
  name: z.string(),
  contest_type: z.string(),
  guide_id: z.number(),
  guide_token: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  image: z.string().nullable(),
  message: z.string(),
  visited_item: z.string().nullable(),
  levels: z.array(badgeLevelSchema),
});
export type Badge = z.infer<typeof badgeSchema>;

export const guideDetailSchema = guideSummarySchema.extend({
  ...radiiFields,
  status: z.literal('data'),
  audio: z.string().nullable(),
  ar_enabled: z.boolean(),
  poi_play_on_select: z.boolean(),
  photo_share_hashtag: z.string().nullable(),
  photo_share_text: z.string().nullable(),
  route: z.array(z.tuple([z.number(), z.number()])),
  pois: z.array(poiSchema),
  locations: z.array(poiSchema),
  layers: z.array(layerSchema),
  badges: z.array(badgeSchema),
  /** Language the POI texts are given in (null for a single-language guide). */
  language: z.string().nullable(),
  /** The zone stops' dates are days in (null: UTC), and what a stop outside them does. */
  time_zone: z.string().nullable(),
  outside_dates: z.enum(OUTSIDE_DATES),
});
export type GuideDetail = z.infer<typeof guideDetailSchema>;

export const scavengerHuntSchema = z.object({
  id: z.number(),
  token: z.string(),
  contest_type: z.string(),
  guide_id: z.number(),
  guide_token: z.string(),
  name: z.string(),
  subtitle: z.string(),
  description: z.string(),
  challenges: z.array(z.number()),
  challenge_sets: z.array(z.string()),
});
export type ScavengerHunt = z.infer<typeof scavengerHuntSchema>;

export const challengeSchema = z.object({
  id: z.number(),
  resourcetype: z.enum(CHALLENGE_TYPES),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  icon: z.string().nullable(),
  scavenger_hunt: z.number(),
  poi: z.number().nullable(),
  poi_token: z.string().nullable(),
  multi_choice: z.boolean(),
  multi_select: z.boolean(),
  value: z.number().nullable(),
  challenge_set: z.string().nullable(),
  position: z.number(),
});
export type Challenge = z.infer<typeof challengeSchema>;

export const multipleChoiceOptionSchema = z.object({
  id: z.number(),
  challenge: z.number(),
  value: z.string(),
});
export type MultipleChoiceOption = z.infer<typeof multipleChoiceOptionSchema>;

export const correctAnswerSchema = z.object({
  id: z.number(),
  challenge: z.number(),
  is_correct: z.boolean(),
  resourcetype: z.string(),
  value: z.string(),
});
export type CorrectAnswer = z.infer<typeof correctAnswerSchema>;

export const userAnswerSchema = z.object({
  id: z.number(),
  challenge: z.number(),
  value: z.string(),
  resourcetype: z.enum(USER_ANSWER_TYPES),
  /** Photo answers: the URLs of the medium and thumbnail versions (null for other types). */
  value_medium: z.string().nullable(),
  medium_image: z.string().nullable(),
  value_thumbnail: z.string().nullable(),
  is_checked: z.boolean(),
  is_correct: z.boolean().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  checked_at: z.string().nullable(),
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;

export const awardSchema = z.object({
  id: z.number(),
  badge_token: z.string(),
  state: z.string(),
  points: z.number(),
  badge_id: z.number(),
  badge: z.object({ id: z.number(), token: z.string() }),
  image: z.string().nullable(),
});
export type Award = z.infer<typeof awardSchema>;

export const themeResponseSchema = z.object({
  name: z.string(),
  colors: z.record(z.string(), z.string()),
  classes: z.record(z.string(), z.record(z.string(), z.string())),
  client_id: z.string().optional(),
});
export type Theme = z.infer<typeof themeResponseSchema>;

/**
 * SPEC §3 guide summary table: token → num_pois, lat, lng (for the world map), plus the
 * title so that each marker can be named without a call per guide.
 */
export const guideSummaryTableSchema = z.record(
  z.string(),
  z.object({ num_pois: z.number(), lat: z.number(), lng: z.number(), title: z.string() }),
);
export type GuideSummaryTable = z.infer<typeof guideSummaryTableSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
});
