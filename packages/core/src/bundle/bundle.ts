import { z } from 'zod';
import { CHALLENGE_TYPES, MAP_TYPES, OUTSIDE_DATES } from '../constants.js';
import { tokenParam } from '../contract/param-schemas.js';
import { plainTextField } from '../limits/plain-text.js';
import {
  jsonPath,
  THEME_COLOR_TOKENS,
  THEME_HOOK_CLASSES,
  THEME_PROPERTIES,
  themeProblems,
} from '../theme/theme.js';
import { isCalendarDay, isTimeZone, seasonWindowProblem } from '../visit/seasons.js';

/**
 * The guide bundle: a folder (or .zip) holding `guide.json` and the media it names.
 * Media paths are relative to the bundle root and stay inside it.
 */
export const BUNDLE_FORMAT = 'earshot-guide-bundle/1';

const token = tokenParam;
const key = tokenParam;
const hex = z.string().regex(/^[0-9a-fA-F]{6}$/, 'a 6-digit hex colour without #');
const mediaPath = z
  .string()
  .min(1)
  .max(300)
  .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9_\-./]+$/, 'a relative path inside the bundle, without ".."');
const html = z.string().max(100_000);
/** A plain-text field: every string but the descriptions (HTML) and the theme (its own rules). */
const text = (max: number, min = 0) =>
  plainTextField(min > 0 ? z.string().min(min).max(max) : z.string().max(max));
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);
const radius = z.number().min(0).max(100_000);
const DAY_MESSAGE = 'a date such as "2026-10-31" (YYYY-MM-DD)';
// The pattern states in the JSON Schema that no markup fits; the refinement refuses 2026-02-30.
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DAY_MESSAGE, abort: true })
  .refine(isCalendarDay, DAY_MESSAGE);
const ZONE_MESSAGE = 'a time zone such as "America/Los_Angeles"';
const langCode = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'a language code such as "en" or "pt-BR"');

export const radiiSchema = z
  .object({
    attract_radius_leave_buffer: radius,
    autoplay_radius: radius,
    badge_radius: radius,
    notification_radius: radius,
    beacon_range: radius,
    min_triggering_radius: radius,
  })
  .partial()
  .strict();

/** A guide's theme (SPEC §3); its rules are theme.ts's (docs/guide-bundle.md "Theme"). */
export const themeSchema = z
  .object({
    name: z.string().min(1).max(60).meta({
      description: "The theme's name; 'clown' or 'mono' starts from that built-in theme.",
    }),
    colors: z
      .record(z.string(), z.string())
      .default({})
      .meta({
        description: `Colour tokens (${THEME_COLOR_TOKENS.join(', ')}) in light mode; 'dark-' before a token for dark mode. Values: #hex, rgb(), hsl() or a CSS colour name.`,
      }),
    classes: z
      .record(z.string(), z.record(z.string(), z.string()))
      .default({})
      .meta({
        description: `Class rules: a selector over the hook classes (${THEME_HOOK_CLASSES.map((c) => `.${c}`).join(', ')}) → { property: value } from the allowed properties (${THEME_PROPERTIES.join(', ')}).`,
      }),
    client_id: z
      .string()
      .optional()
      .meta({ description: 'The client whose brand this is (a client brand).' }),
  })
  .strict()
  // SPEC §5 theme rules and the stricter safety rules of theme.ts, each at its entry.
  .superRefine((t, ctx) => {
    for (const p of themeProblems(t))
      ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

const poiTextSchema = z
  .object({
    title: text(200, 1),
    subtitle: text(300).default(''),
    description: html.default(''),
    audio: mediaPath.optional(),
    audio2: mediaPath.optional(),
    /** What the audio says, as plain text (WCAG 1.2.1: a text alternative for audio-only content). */
    transcript: text(100_000).optional(),
  })
  .strict();

export const bundlePoiSchema = z
  .object({
    token,
    lat,
    lng,
    color: hex.optional(),
    icon: text(60).optional(),
    layer: key.optional(),
    keypad_code: z.number().int().min(0).max(99_999_999).optional(),
    hide_map: z.boolean().default(false),
    hide_directions: z.boolean().default(false),
    route_type: text(40).optional(),
    images: z.array(mediaPath).max(20).default([]),
    /** Alt text of each image, in the order of `images` ('' where none is written). */
    image_alts: z.array(text(500)).max(20).optional(),
    radii: radiiSchema.optional(),
    attract_z: z.number().optional(),
    play_on_select: z.boolean().optional(),
    beacon: z
      .object({
        uuid: text(64),
        major: z.number().int(),
        minor: z.number().int(),
        beacon_range: radius.default(1),
      })
      .strict()
      .optional(),
    /** First and last day on view, inclusive, in the guide's time zone (docs "Seasons"). */
    on_view_from: calendarDay.optional(),
    on_view_until: calendarDay.optional(),
    /** Text and audio per language code; the guide's first language is the default. */
    content: z
      .record(langCode, poiTextSchema)
      .refine((c) => Object.keys(c).length > 0, 'at least one language'),
  })
  .strict();

export const bundleLayerSchema = z
  .object({
    key,
    name: text(120, 1),
    color: hex.optional(),
    icon: text(60).optional(),
  })
  .strict();

export const bundleBadgeSchema = z
  .object({
    token,
    name: text(120, 1),
    message: text(1000).default(''),
    image: mediaPath.optional(),
    visited_item: text(120).optional(),
    levels: z
      .array(
        z
          .object({
            token,
            name: text(120, 1),
            image: mediaPath.optional(),
            required: z.number().int().min(0).max(2_147_483_647),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export const bundleChallengeSchema = z
  .object({
    key,
    resourcetype: z.enum(CHALLENGE_TYPES),
    title: text(200, 1),
    subtitle: text(300).default(''),
    description: html.default(''),
    icon: text(60).optional(),
    /** Token of the POI this challenge belongs to, if any. */
    poi: token.optional(),
    multi_choice: z.boolean().default(false),
    multi_select: z.boolean().default(false),
    value: z.number().optional(),
    challenge_set: text(60).optional(),
    options: z.array(z.object({ key, value: text(300, 1) }).strict()).default([]),
    correct_answers: z
      .array(z.object({ value: text(300), is_correct: z.boolean().default(true) }).strict())
      .default([]),
  })
  .strict();

export const bundleHuntSchema = z
  .object({
    key,
    name: text(200, 1),
    subtitle: text(300).default(''),
    description: html.default(''),
    challenges: z.array(bundleChallengeSchema).min(1),
  })
  .strict();

export const bundleGuideSchema = z
  .object({
    token,
    title: text(200, 1),
    description: html.default(''),
    city: z.object({ name: text(120, 1), state: text(120, 1) }).strict(),
    map_type: z.enum(MAP_TYPES).default('hybrid'),
    coming_soon: z.boolean().default(false),
    splash: mediaPath.optional(),
    images: z.array(mediaPath).max(20).default([]),
    audio: mediaPath.optional(),
    languages: z.array(z.object({ code: langCode, label: text(60, 1) }).strict()).default([]),
    /** Route line as [lng, lat] pairs (SPEC §3). */
    route: z.array(z.tuple([lng, lat])).default([]),
    has_keypad: z.boolean().default(false),
    poi_play_on_select: z.boolean().default(false),
    ar_enabled: z.boolean().default(false),
    photo_share_hashtag: text(200).optional(),
    photo_share_text: text(500).optional(),
    radii: radiiSchema.optional(),
    theme: themeSchema.optional(),
    /** The IANA time zone stops' dates are days in ("America/Los_Angeles"); UTC when left out. */
    time_zone: z
      .string()
      .regex(/^[A-Za-z0-9_+\-/]{1,64}$/, { message: ZONE_MESSAGE, abort: true })
      .refine(isTimeZone, ZONE_MESSAGE)
      .optional(),
    /** A stop outside its dates: hidden from visitors, or marked with its dates and no triggers. */
    outside_dates: z.enum(OUTSIDE_DATES).default('hide'),
  })
  .strict();

export const guideBundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    guide: bundleGuideSchema,
    layers: z.array(bundleLayerSchema).default([]),
    pois: z.array(bundlePoiSchema).default([]),
    badges: z.array(bundleBadgeSchema).default([]),
    hunts: z.array(bundleHuntSchema).default([]),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const langs = b.guide.languages.map((l) => l.code);
    const layerKeys = new Set(b.layers.map((l) => l.key));
    const poiTokens = new Set<string>();
    const codes = new Set<number>();
    b.pois.forEach((p, i) => {
      if (poiTokens.has(p.token)) issue(['pois', i, 'token'], `duplicate POI token "${p.token}"`);
      poiTokens.add(p.token);
      if (p.layer && !layerKeys.has(p.layer))
        issue(['pois', i, 'layer'], `unknown layer "${p.layer}"`);
      if (p.image_alts && p.image_alts.length > p.images.length)
        issue(
          ['pois', i, 'image_alts'],
          `${p.image_alts.length} alt texts for ${p.images.length} images`,
        );
      const window = seasonWindowProblem(p);
      if (window) issue(['pois', i, 'on_view_until'], window);
      if (p.keypad_code != null) {
        if (codes.has(p.keypad_code))
          issue(['pois', i, 'keypad_code'], `duplicate keypad code ${p.keypad_code}`);
        codes.add(p.keypad_code);
      }
      for (const code of Object.keys(p.content)) {
        if (langs.length > 0 && !langs.includes(code))
          issue(
            ['pois', i, 'content', code],
            `language "${code}" is not one of the guide's languages`,
          );
      }
      for (const code of langs) {
        if (!(code in p.content)) issue(['pois', i, 'content'], `missing language "${code}"`);
      }
    });
    const seen = (list: { token?: string; key?: string }[], path: string) => {
      const s = new Set<string>();
      list.forEach((x, i) => {
        const k = x.token ?? x.key ?? '';
        if (s.has(k)) issue([path, i], `duplicate "${k}"`);
        s.add(k);
      });
    };
    seen(b.layers, 'layers');
    seen(b.badges, 'badges');
    // A visited_item that is neither a POI token nor a layer key would count no visit (the
    // badge could never be earned): refused, naming the badge.
    b.badges.forEach((badge, i) => {
      const item = badge.visited_item?.trim() ?? '';
      if (item !== '' && !poiTokens.has(item) && !layerKeys.has(item))
        issue(
          ['badges', i, 'visited_item'],
          `badge "${badge.token}" counts visits of "${item}", which is neither a POI token nor a layer key of this guide`,
        );
    });
    seen(b.hunts, 'hunts');
    b.hunts.forEach((h, hi) =>
      h.challenges.forEach((c, ci) => {
        if (c.poi && !poiTokens.has(c.poi))
          issue(['hunts', hi, 'challenges', ci, 'poi'], `unknown POI "${c.poi}"`);
        if (c.resourcetype === 'MultipleChoiceChallenge' && c.options.length < 2)
          issue(
            ['hunts', hi, 'challenges', ci, 'options'],
            'a multiple-choice challenge needs at least two options',
          );
      }),
    );
  });

export type GuideBundle = z.output<typeof guideBundleSchema>;
export type GuideBundleInput = z.input<typeof guideBundleSchema>;
export type BundlePoi = z.output<typeof bundlePoiSchema>;

/** Every media file a bundle names, with the JSON path that names it. */
export function bundleMediaRefs(b: GuideBundle): { at: string; path: string }[] {
  const refs: { at: string; path: string }[] = [];
  const add = (at: string, p?: string) => {
    if (p) refs.push({ at, path: p });
  };
  add('$.guide.splash', b.guide.splash);
  add('$.guide.audio', b.guide.audio);
  b.guide.images.forEach((p, i) => add(`$.guide.images[${i}]`, p));
  b.pois.forEach((poi, i) => {
    poi.images.forEach((p, j) => add(`$.pois[${i}].images[${j}]`, p));
    for (const [code, t] of Object.entries(poi.content)) {
      add(`$.pois[${i}].content.${code}.audio`, t.audio);
      add(`$.pois[${i}].content.${code}.audio2`, t.audio2);
    }
  });
  b.badges.forEach((badge, i) => {
    add(`$.badges[${i}].image`, badge.image);
    badge.levels.forEach((l, j) => add(`$.badges[${i}].levels[${j}].image`, l.image));
  });
  return refs;
}

/** Every media path a bundle names, each once, sorted. */
export function bundleMediaPaths(b: GuideBundle): string[] {
  return [...new Set(bundleMediaRefs(b).map((r) => r.path))].sort();
}

/** Zod issues as problems at their JSON path ($.pois[3].lat), with the schema's own messages. */
export function issueProblems(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({
    path: jsonPath(i.path as (string | number)[], '$'),
    message: i.message,
  }));
}

/** Zod issues as "path: message" lines, JSON-path style ($.pois[3].lat). */
export function formatIssues(error: z.ZodError): string[] {
  return issueProblems(error).map((p) => `${p.path}: ${p.message}`);
}
