import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BUNDLE_FORMAT,
  DEFAULT_RADII,
  bundleMediaPaths,
  outsideDates,
  guideBundleSchema,
  type GuideBundle,
  type GuideBundleInput,
} from '@earshot/core';
import type { DbHandle } from '../db/database.js';
import { contentRepository } from '../modules/content/repository.js';
import { bundleRepository } from './bundle-repository.js';
import { guideMediaPrefix } from '../storage/keys.js';
import type { MediaStore } from '../storage/media-store.js';

const unversion = (p: string | null): string | undefined =>
  p ? p.replace(/\?v=[0-9a-f]+$/, '') : undefined;
const bool = (n: number | null) => n === 1;
const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

/** Rebuilds the bundle of one guide from the database (null if no such guide). */
export async function exportBundleJson(
  handle: DbHandle,
  token: string,
): Promise<{ guideId: number; bundle: GuideBundleInput } | null> {
  const content = contentRepository(handle.db);
  const bundles = bundleRepository(handle.db);
  const g = await content.guideByToken(token);
  if (!g) return null;
  const [languages, layers, pois, badges, hunts] = await Promise.all([
    content.languagesByGuide([g.id]).then((m) => m.get(g.id) ?? []),
    content.layers(g.id),
    content.pois(g.id),
    content.badges([g.id]),
    bundles.hunts(g.id),
  ]);
  const layerKey = new Map(layers.map((l) => [l.id, l.token]));
  const poiToken = new Map(pois.map((p) => [p.id, p.token]));
  const [texts, levels, challenges] = await Promise.all([
    content.texts(pois.map((p) => p.id)),
    bundles.levelsInOrder(badges.map((b) => b.id)),
    bundles.challenges(hunts.map((h) => h.id)),
  ]);
  const ids = challenges.map((c) => c.id);
  const [options, answers] = await Promise.all([bundles.options(ids), bundles.correctAnswers(ids)]);

  const radii = Object.fromEntries([
    ...Object.entries(DEFAULT_RADII)
      .filter(([k, d]) => g[k as keyof typeof DEFAULT_RADII] !== d)
      .map(([k]) => [k, g[k as keyof typeof DEFAULT_RADII]]),
    ...(g.min_triggering_radius !== null
      ? [['min_triggering_radius', g.min_triggering_radius]]
      : []),
  ]);
  const poiRadii = (p: (typeof pois)[number]) => {
    const keys = [
      'attract_radius_leave_buffer',
      'autoplay_radius',
      'badge_radius',
      'notification_radius',
      'beacon_range',
      'min_triggering_radius',
    ] as const;
    const r = Object.fromEntries(keys.filter((k) => p[k] !== null).map((k) => [k, p[k]]));
    return Object.keys(r).length ? r : undefined;
  };

  const bundle: GuideBundleInput = {
    format: BUNDLE_FORMAT,
    guide: {
      token: g.token,
      title: g.title,
      description: g.description,
      city: { name: g.city_name, state: g.city_state },
      map_type: g.map_type as GuideBundleInput['guide']['map_type'],
      coming_soon: bool(g.coming_soon),
      splash: unversion(g.splash),
      images: (JSON.parse(g.images) as string[]).map((p) => unversion(p)!),
      audio: unversion(g.audio),
      languages,
      route: JSON.parse(g.route) as [number, number][],
      has_keypad: bool(g.has_keypad),
      poi_play_on_select: bool(g.poi_play_on_select),
      ar_enabled: bool(g.ar_enabled),
      photo_share_hashtag: opt(g.photo_share_hashtag),
      photo_share_text: opt(g.photo_share_text),
      radii: Object.keys(radii).length ? radii : undefined,
      theme: g.theme ? JSON.parse(g.theme) : undefined,
      time_zone: opt(g.time_zone),
      outside_dates: outsideDates(g.outside_dates),
    },
    layers: layers.map((l) => ({
      key: l.token,
      name: l.name,
      color: opt(l.color),
      icon: opt(l.icon),
    })),
    pois: pois.map((p) => ({
      token: p.token,
      lat: p.lat,
      lng: p.lng,
      color: opt(p.color),
      icon: opt(p.icon),
      layer: p.layer_id === null ? undefined : layerKey.get(p.layer_id),
      keypad_code: opt(p.keypad_code),
      hide_map: bool(p.hide_map),
      hide_directions: bool(p.hide_directions),
      route_type: opt(p.route_type),
      images: (JSON.parse(p.images) as string[]).map((x) => unversion(x)!),
      image_alts: p.image_alts ? (JSON.parse(p.image_alts) as string[]) : undefined,
      radii: poiRadii(p),
      attract_z: opt(p.attract_z),
      play_on_select: p.play_on_select === null ? undefined : bool(p.play_on_select),
      beacon: p.beacon ? JSON.parse(p.beacon) : undefined,
      on_view_from: opt(p.on_view_from),
      on_view_until: opt(p.on_view_until),
      content: Object.fromEntries(
        texts
          .filter((t) => t.poi_id === p.id)
          .map((t) => [
            t.language,
            {
              title: t.title,
              subtitle: t.subtitle,
              description: t.description,
              audio: unversion(t.audio),
              audio2: unversion(t.audio2),
              transcript: opt(t.transcript),
            },
          ]),
      ),
    })),
    badges: badges.map((x) => ({
      token: x.token,
      name: x.name,
      message: x.message,
      image: unversion(x.image),
      visited_item: opt(x.visited_item),
      levels: levels
        .filter((l) => l.badge_id === x.id)
        .map((l) => ({
          token: l.token,
          name: l.name,
          image: unversion(l.image),
          required: l.required,
        })),
    })),
    hunts: hunts.map((h) => ({
      key: h.token,
      name: h.name,
      subtitle: h.subtitle,
      description: h.description,
      challenges: challenges
        .filter((c) => c.scavenger_hunt_id === h.id)
        .map((c) => ({
          key: c.token,
          resourcetype: c.resourcetype as 'Challenge',
          title: c.title,
          subtitle: c.subtitle,
          description: c.description,
          icon: opt(c.icon),
          poi: c.poi_id === null ? undefined : poiToken.get(c.poi_id),
          multi_choice: bool(c.multi_choice),
          multi_select: bool(c.multi_select),
          value: opt(c.value),
          challenge_set: opt(c.challenge_set),
          options: options
            .filter((o) => o.challenge_id === c.id)
            .map((o) => ({ key: o.token, value: o.value })),
          correct_answers: answers
            .filter((a) => a.challenge_id === c.id)
            .map((a) => ({ value: a.value, is_correct: bool(a.is_correct) })),
        })),
    })),
  };
  return { guideId: g.id, bundle: JSON.parse(JSON.stringify(bundle)) as GuideBundleInput };
}

/** Writes one guide back out as a bundle folder: guide.json plus its media. */
export async function exportBundle(
  handle: DbHandle,
  /** Where media live. */
  store: MediaStore,
  token: string,
  outDir: string,
  /**
   * Told when the stored guide no longer reads as a bundle (a title with markup imported before
   * that was refused): the folder is written anyway, to be fixed and imported again.
   */
  warn?: (problems: string[]) => void,
): Promise<boolean> {
  const found = await exportBundleJson(handle, token);
  if (!found) return false;
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'guide.json'), JSON.stringify(found.bundle, null, 2) + '\n');
  const source = guideMediaPrefix(found.guideId);
  const parsed = guideBundleSchema.safeParse(found.bundle);
  if (!parsed.success)
    warn?.(parsed.error.issues.map((i) => `$.${i.path.join('.')}: ${i.message}`));
  // What the database holds has a bundle's shape (the importer wrote it): its media are named
  // where a bundle names them even when a value breaks a later rule.
  const bundle = parsed.success ? parsed.data : (found.bundle as unknown as GuideBundle);
  for (const p of bundleMediaPaths(bundle)) {
    if (!(await store.download(source + p, path.join(outDir, p))))
      throw Object.assign(new Error(`${source + p}: no such stored file`), { code: 'ENOENT' });
  }
  return true;
}
