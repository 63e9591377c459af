import {
  centroid,
  DEFAULT_RADII,
  inPreview,
  STUDIO_MESSAGES,
  tokenNamespaces,
  type GuideBundle,
} from '@earshot/core';
import type { Kysely } from 'kysely';
import type { DbHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { BundleError, bundleError, type BundleProblem } from './bundle-error.js';
import { openBundleSource, type BundleLimits } from './bundle-source.js';
import { readAndCheckBundle, type CheckedBundle } from './bundle-validate.js';
import { syncRows } from './sync-rows.js';
import { mediaPlacement } from './media-placement.js';
import { withBarePictures } from './bundle-pictures.js';
import type { MediaStore } from '../storage/media-store.js';
import { bundleRepository } from './bundle-repository.js';
import { bumpContentVersion } from '../modules/content/version-repository.js';
import { accessRepository, claimGuide } from '../modules/studio/access/access-repository.js';

export type ImportResult = {
  token: string;
  guideId: number;
  created: boolean;
  pois: number;
  media: number;
};

const flag = (b: boolean | undefined) => (b ? 1 : 0);
const json = (v: unknown) => JSON.stringify(v);

/**
 * Imports or updates one bundle (folder or .zip), idempotent by guide token.
 * The database work is one transaction and media are swapped in only after it commits,
 * so an invalid or failing bundle leaves nothing half-written.
 */
export type ImportOptions = {
  limits?: BundleLimits;
  /**
   * The organisation that owns the guide when its token has no owner yet (docs/studio.md): by
   * default the `default` organisation (the command line); null gives it none (a preview).
   * A token that has an owner keeps it.
   */
  owner?: number | null;
  /** `data` (a published guide, the default) or `preview` (kept out of every list). */
  status?: 'data' | 'preview';
  /**
   * More writes for the same transaction, after the guide's rows (the studio's publish stores
   * the version and marks the draft published in it): all of it commits or none of it.
   */
  within?: (trx: Kysely<Database>, result: { guideId: number }) => Promise<void>;
};

export async function importBundle(
  handle: DbHandle,
  /** Where media go. */
  store: MediaStore,
  source: string,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const src = await openBundleSource(source, opts.limits);
  try {
    const checked = await readAndCheckBundle(src.dir);
    await checkTokenOwnership(handle, checked.bundle, opts.owner);
    return await withBarePictures(checked, (bare) => writeBundle(handle, store, bare, opts));
  } finally {
    await src.cleanup();
  }
}

/**
 * POI, badge and badge-level tokens are global: refuse a bundle that would take another guide's,
 * or claim a new one in the namespace of another organisation's published guide (a token that
 * begins with that guide's token and "-", as the studio makes its stops': core
 * tokenNamespaces), so that nobody can take a guide's next stop token before its publisher.
 */
export async function checkTokenOwnership(
  handle: DbHandle,
  b: GuideBundle,
  /** The organisation the guide goes to if its token has no owner yet (as ImportOptions.owner). */
  owner?: number | null,
): Promise<void> {
  const bundles = bundleRepository(handle.db);
  const errors: BundleProblem[] = [];
  const claimed = [
    ...b.pois.map((p, i) => ({ token: p.token, at: `$.pois[${i}].token` })),
    ...b.badges.map((x, i) => ({ token: x.token, at: `$.badges[${i}].token` })),
    ...b.badges.flatMap((x, i) =>
      x.levels.map((l, j) => ({ token: l.token, at: `$.badges[${i}].levels[${j}].token` })),
    ),
  ];
  const at = (token: string) => claimed.find((c) => c.token === token)!.at;
  const foreign = [
    ...(await bundles.foreignTokens(
      'pois',
      b.pois.map((p) => p.token),
      b.guide.token,
    )),
    ...(await bundles.foreignTokens(
      'badges',
      b.badges.map((x) => x.token),
      b.guide.token,
    )),
    ...(await bundles.foreignLevelTokens(
      claimed.filter((c) => c.at.includes('levels')).map((c) => c.token),
      b.guide.token,
    )),
  ];
  for (const r of foreign)
    errors.push({ path: at(r.token), message: `token "${r.token}" belongs to guide "${r.guide}"` });

  // Tokens this guide holds already keep it; new ones may not be in another's namespace.
  const held = await bundles.heldTokens(b.guide.token);
  const taken = new Set(foreign.map((r) => r.token));
  const fresh = claimed.filter((c) => !held.has(c.token) && !taken.has(c.token));
  const spaces = [...new Set(fresh.flatMap((c) => tokenNamespaces(c.token)))].filter(
    (t) => t !== b.guide.token,
  );
  const owners = await bundles.publishedOwners(spaces);
  if (owners.length) {
    const access = accessRepository(handle.db);
    const fallback = await access.defaultOrganisation();
    const mine = (await access.ownerOf(b.guide.token)) ?? (owner === undefined ? fallback : owner);
    const others = new Set(
      owners.filter((o) => (o.owner ?? fallback) !== mine).map((o) => o.token),
    );
    for (const c of fresh) {
      const space = tokenNamespaces(c.token).find((t) => others.has(t));
      if (space)
        errors.push({
          path: c.at,
          message: `token "${c.token}" begins with "${space}-": tokens that begin with a published guide's token are that guide's`,
        });
    }
  }
  if (errors.length) throw new BundleError(errors);
}

async function writeBundle(
  handle: DbHandle,
  store: MediaStore,
  checked: CheckedBundle,
  { owner, status = 'data', within }: ImportOptions,
): Promise<ImportResult> {
  const { bundle: b, media } = checked;
  // A preview's media answer only a request that carries its token (visibility.ts): their
  // URLs carry it.
  const scope = status === 'preview' ? b.guide.token : null;
  const v = (p: string | undefined) => (p ? inPreview(`${p}?v=${media.get(p)}`, scope) : null);
  const placement = mediaPlacement(store);
  try {
    await placement.stage(checked.dir, media, checked.sources);
    const result = await handle.db.transaction().execute(async (trx) => {
      const g = b.guide;
      const nameKey = g.city.name.toLowerCase();
      const stateKey = g.city.state.toLowerCase();
      let city = await trx
        .selectFrom('cities')
        .select('id')
        .where('name_key', '=', nameKey)
        .where('state_key', '=', stateKey)
        .executeTakeFirst();
      if (!city) {
        city = await trx
          .insertInto('cities')
          .values({
            name: g.city.name,
            name_key: nameKey,
            state: g.city.state,
            state_key: stateKey,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      }
      const center = centroid(b.pois);
      const radii = { ...DEFAULT_RADII, ...g.radii };
      const values = {
        token: g.token,
        title: g.title,
        description: g.description,
        city_id: city.id,
        coming_soon: flag(g.coming_soon),
        map_type: g.map_type,
        status,
        splash: v(g.splash),
        images: json(g.images.map((p) => v(p))),
        audio: v(g.audio),
        route: json(g.route),
        has_keypad: flag(g.has_keypad),
        poi_play_on_select: flag(g.poi_play_on_select),
        ar_enabled: flag(g.ar_enabled),
        photo_share_hashtag: g.photo_share_hashtag ?? null,
        photo_share_text: g.photo_share_text ?? null,
        attract_radius_leave_buffer: radii.attract_radius_leave_buffer,
        autoplay_radius: radii.autoplay_radius,
        badge_radius: radii.badge_radius,
        notification_radius: radii.notification_radius,
        beacon_range: radii.beacon_range,
        min_triggering_radius: radii.min_triggering_radius ?? null,
        centroid_lat: center?.[0] ?? null,
        centroid_lng: center?.[1] ?? null,
        num_pois: b.pois.length,
        theme: g.theme ? json(g.theme) : null,
        time_zone: g.time_zone ?? null,
        outside_dates: g.outside_dates,
        updated_at: new Date().toISOString(),
      };
      const existing = await trx
        .selectFrom('guides')
        .select('id')
        .where('token', '=', g.token)
        .executeTakeFirst();
      let guideId: number;
      if (existing) {
        guideId = existing.id;
        await trx.updateTable('guides').set(values).where('id', '=', guideId).execute();
      } else {
        guideId = (
          await trx.insertInto('guides').values(values).returning('id').executeTakeFirstOrThrow()
        ).id;
      }
      const parent = { column: 'guide_id', id: guideId };

      await trx.deleteFrom('guide_languages').where('guide_id', '=', guideId).execute();
      if (g.languages.length) {
        await trx
          .insertInto('guide_languages')
          .values(
            g.languages.map((l, i) => ({
              guide_id: guideId,
              code: l.code,
              label: l.label,
              position: i,
            })),
          )
          .execute();
      }

      const layerIds = await syncRows(
        trx,
        'layers',
        parent,
        b.layers.map((l, i) => ({
          token: l.key,
          name: l.name,
          color: l.color ?? null,
          icon: l.icon ?? null,
          position: i,
        })),
      );

      const poiIds = await syncRows(
        trx,
        'pois',
        parent,
        b.pois.map((p, i) => ({
          token: p.token,
          layer_id: p.layer ? layerIds.get(p.layer)! : null,
          lat: p.lat,
          lng: p.lng,
          color: p.color ?? null,
          icon: p.icon ?? null,
          keypad_code: p.keypad_code ?? null,
          hide_map: flag(p.hide_map),
          hide_directions: flag(p.hide_directions),
          route_type: p.route_type ?? null,
          images: json(p.images.map((x) => v(x))),
          image_alts: p.image_alts?.some((a) => a.trim()) ? json(p.image_alts) : null,
          attract_radius_leave_buffer: p.radii?.attract_radius_leave_buffer ?? null,
          autoplay_radius: p.radii?.autoplay_radius ?? null,
          badge_radius: p.radii?.badge_radius ?? null,
          notification_radius: p.radii?.notification_radius ?? null,
          beacon_range: p.radii?.beacon_range ?? null,
          min_triggering_radius: p.radii?.min_triggering_radius ?? null,
          attract_z: p.attract_z ?? null,
          beacon: p.beacon ? json(p.beacon) : null,
          play_on_select: p.play_on_select === undefined ? null : flag(p.play_on_select),
          position: i,
          on_view_from: p.on_view_from ?? null,
          on_view_until: p.on_view_until ?? null,
        })),
      );
      for (const p of b.pois) {
        const poiId = poiIds.get(p.token)!;
        await trx.deleteFrom('poi_translations').where('poi_id', '=', poiId).execute();
        await trx
          .insertInto('poi_translations')
          .values(
            Object.entries(p.content).map(([language, t]) => ({
              poi_id: poiId,
              language,
              title: t.title,
              subtitle: t.subtitle,
              description: t.description,
              audio: v(t.audio),
              audio2: v(t.audio2),
              transcript: t.transcript?.trim() ? t.transcript : null,
            })),
          )
          .execute();
      }

      const badgeIds = await syncRows(
        trx,
        'badges',
        parent,
        b.badges.map((x, i) => ({
          token: x.token,
          name: x.name,
          contest_type: 'badge',
          image: v(x.image),
          message: x.message,
          visited_item: x.visited_item ?? null,
          position: i,
        })),
      );
      for (const x of b.badges) {
        await syncRows(
          trx,
          'badge_levels',
          { column: 'badge_id', id: badgeIds.get(x.token)! },
          x.levels.map((l, i) => ({
            token: l.token,
            name: l.name,
            image: v(l.image),
            required: l.required,
            position: i,
          })),
        );
      }

      const huntIds = await syncRows(
        trx,
        'scavenger_hunts',
        parent,
        b.hunts.map((h, i) => ({
          token: h.key,
          name: h.name,
          subtitle: h.subtitle,
          description: h.description,
          position: i,
        })),
      );
      for (const h of b.hunts) {
        const challengeIds = await syncRows(
          trx,
          'challenges',
          { column: 'scavenger_hunt_id', id: huntIds.get(h.key)! },
          h.challenges.map((c, i) => ({
            token: c.key,
            poi_id: c.poi ? poiIds.get(c.poi)! : null,
            resourcetype: c.resourcetype,
            title: c.title,
            subtitle: c.subtitle,
            description: c.description,
            icon: c.icon ?? null,
            multi_choice: flag(c.multi_choice),
            multi_select: flag(c.multi_select),
            value: c.value ?? null,
            challenge_set: c.challenge_set ?? null,
            position: i,
          })),
        );
        for (const c of h.challenges) {
          const challengeId = challengeIds.get(c.key)!;
          await syncRows(
            trx,
            'multiple_choice_options',
            { column: 'challenge_id', id: challengeId },
            c.options.map((o, i) => ({ token: o.key, value: o.value, position: i })),
          );
          await trx.deleteFrom('correct_answers').where('challenge_id', '=', challengeId).execute();
          if (c.correct_answers.length) {
            await trx
              .insertInto('correct_answers')
              .values(
                c.correct_answers.map((a) => ({
                  challenge_id: challengeId,
                  resourcetype: c.resourcetype,
                  value: a.value,
                  is_correct: flag(a.is_correct),
                })),
              )
              .execute();
          }
        }
      }
      if (owner !== null) {
        const holder = await claimGuide(trx, g.token, owner);
        // An organisation's import never writes over another's guide (two drafts never
        // published of one token, each its own organisation's, publish at once: the first wins).
        if (owner !== undefined && holder !== owner)
          throw bundleError('$.guide.token', STUDIO_MESSAGES.tokenPublishedMeanwhile);
      }
      await within?.(trx, { guideId });
      await bumpContentVersion(trx);
      return { guideId, created: !existing };
    });

    // The database now names the new media: swap them in.
    await placement.swap(result.guideId);
    return { token: b.guide.token, pois: b.pois.length, media: media.size, ...result };
  } finally {
    await placement.cleanup();
  }
}
