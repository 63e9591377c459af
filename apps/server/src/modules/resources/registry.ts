import { z } from 'zod';
import { idParam, tokenParam, placeParam, CHALLENGE_TYPES } from '@earshot/core';
import type { Db } from '../../db/database.js';
import type { ContentRepository } from '../content/repository.js';
import type { ContentService } from '../content/service.js';
import {
  toBadgeLevel,
  toChallenge,
  toHunt,
  toLayer,
  toPoi,
  toBadge,
} from '../content/serialize.js';

/**
 * The generic read calls GET {resource} and GET {resource}/{id}/ with Django-style
 * filters (SPEC §7 repository calls). Each resource names the filters it accepts.
 */
export type ResourceDef = {
  filters: Record<string, z.ZodType<string | number>>;
  /** Calls that answer 401 until sign-in exists. */
  signedIn?: boolean;
  list(f: Record<string, string | number>): Promise<unknown[]>;
  get(id: number): Promise<unknown | undefined>;
};

const id = idParam;
const token = tokenParam;

export function resourceRegistry(
  db: Db,
  repo: ContentRepository,
  content: ContentService,
): Record<string, ResourceDef> {
  const guideTokens = async (ids: number[]) => {
    const rows = ids.length
      ? await db
          .selectFrom('guides')
          .select(['id', 'token'])
          .where('id', 'in', [...new Set(ids)])
          .execute()
      : [];
    return new Map(rows.map((r) => [r.id, r.token]));
  };
  const guideIdsByToken = (t: string) =>
    db.selectFrom('guides').select('id').where('token', '=', t);

  async function serializePois(rows: Awaited<ReturnType<ContentRepository['pois']>>) {
    const guides = new Map<
      number,
      NonNullable<Awaited<ReturnType<ContentRepository['guideById']>>>
    >();
    const langs = await repo.languagesByGuide([...new Set(rows.map((p) => p.guide_id))]);
    for (const gid of new Set(rows.map((p) => p.guide_id)))
      guides.set(gid, (await repo.guideById(gid))!);
    const ids = rows.map((p) => p.id);
    const [texts, challenges] = await Promise.all([repo.texts(ids), repo.firstChallengeByPoi(ids)]);
    return rows.map((p) =>
      toPoi(
        p,
        guides.get(p.guide_id)!,
        texts.filter((t) => t.poi_id === p.id),
        langs.get(p.guide_id)?.[0]?.code ?? null,
        challenges.get(p.id) ?? null,
      ),
    );
  }

  async function serializeChallenges(rows: Awaited<ReturnType<typeof challengeQuery>>) {
    const poiIds = rows.map((c) => c.poi_id).filter((x): x is number => x !== null);
    const pois = poiIds.length
      ? await db.selectFrom('pois').select(['id', 'token']).where('id', 'in', poiIds).execute()
      : [];
    const poiToken = new Map(pois.map((p) => [p.id, p.token]));
    return rows.map((c) =>
      toChallenge(c, c.poi_id === null ? null : (poiToken.get(c.poi_id) ?? null)),
    );
  }

  function challengeQuery(f: Record<string, string | number>) {
    let q = db.selectFrom('challenges').selectAll('challenges');
    if (f.id !== undefined) q = q.where('challenges.id', '=', Number(f.id));
    if (f.scavenger_hunt !== undefined)
      q = q.where('challenges.scavenger_hunt_id', '=', Number(f.scavenger_hunt));
    if (f.poi !== undefined) q = q.where('challenges.poi_id', '=', Number(f.poi));
    if (f.scavenger_hunt__guide__token !== undefined)
      q = q.where(
        'challenges.scavenger_hunt_id',
        'in',
        db
          .selectFrom('scavenger_hunts')
          .select('id')
          .where('guide_id', 'in', guideIdsByToken(String(f.scavenger_hunt__guide__token))),
      );
    if (f.resourcetype !== undefined)
      q = q.where('challenges.resourcetype', '=', String(f.resourcetype));
    if (f.poi__token !== undefined)
      q = q.where(
        'challenges.poi_id',
        'in',
        db.selectFrom('pois').select('id').where('token', '=', String(f.poi__token)),
      );
    if (f.poi__guide__token !== undefined)
      q = q.where(
        'challenges.poi_id',
        'in',
        db
          .selectFrom('pois')
          .select('id')
          .where('guide_id', 'in', guideIdsByToken(String(f.poi__guide__token))),
      );
    return q.orderBy('challenges.scavenger_hunt_id').orderBy('challenges.position').execute();
  }

  async function huntList(f: Record<string, string | number>) {
    let q = db.selectFrom('scavenger_hunts').selectAll();
    if (f.id !== undefined) q = q.where('id', '=', Number(f.id));
    if (f.guide !== undefined) q = q.where('guide_id', '=', Number(f.guide));
    if (f.guide__token !== undefined)
      q = q.where('guide_id', 'in', guideIdsByToken(String(f.guide__token)));
    const hunts = await q.orderBy('guide_id').orderBy('position').execute();
    const challenges = hunts.length
      ? await db
          .selectFrom('challenges')
          .select(['id', 'scavenger_hunt_id', 'challenge_set'])
          .where(
            'scavenger_hunt_id',
            'in',
            hunts.map((h) => h.id),
          )
          .orderBy('position')
          .execute()
      : [];
    const tokens = await guideTokens(hunts.map((h) => h.guide_id));
    return hunts.map((h) =>
      toHunt(
        h,
        tokens.get(h.guide_id)!,
        challenges.filter((c) => c.scavenger_hunt_id === h.id),
      ),
    );
  }

  async function badgeList(f: Record<string, string | number>) {
    let q = db.selectFrom('badges').selectAll();
    if (f.id !== undefined) q = q.where('id', '=', Number(f.id));
    if (f.guide !== undefined) q = q.where('guide_id', '=', Number(f.guide));
    if (f.guide__token !== undefined)
      q = q.where('guide_id', 'in', guideIdsByToken(String(f.guide__token)));
    if (f.contest_type !== undefined) q = q.where('contest_type', '=', String(f.contest_type));
    const badges = await q.orderBy('guide_id').orderBy('position').execute();
    const levels = await repo.levels(badges.map((b) => b.id));
    const tokens = await guideTokens(badges.map((b) => b.guide_id));
    return badges.map((b) =>
      toBadge(
        b,
        tokens.get(b.guide_id)!,
        levels.filter((l) => l.badge_id === b.id),
      ),
    );
  }

  async function guideList(f: Record<string, string | number>) {
    return content.summaries(
      await repo.listGuides({
        ids: f.id !== undefined ? [Number(f.id)] : undefined,
        token: f.token === undefined ? undefined : String(f.token),
        cityId: f.city === undefined ? undefined : Number(f.city),
        cityName: f.city__name === undefined ? undefined : String(f.city__name),
        state: f.city__state === undefined ? undefined : String(f.city__state),
      }),
    );
  }

  async function poiList(f: Record<string, string | number>) {
    let q = db.selectFrom('pois').selectAll();
    if (f.id !== undefined) q = q.where('id', '=', Number(f.id));
    if (f.token !== undefined) q = q.where('token', '=', String(f.token));
    if (f.guide !== undefined) q = q.where('guide_id', '=', Number(f.guide));
    if (f.guide__token !== undefined)
      q = q.where('guide_id', 'in', guideIdsByToken(String(f.guide__token)));
    if (f.layer !== undefined) q = q.where('layer_id', '=', Number(f.layer));
    return serializePois(await q.orderBy('guide_id').orderBy('position').execute());
  }

  async function layerList(f: Record<string, string | number>) {
    let q = db.selectFrom('layers').selectAll();
    if (f.id !== undefined) q = q.where('id', '=', Number(f.id));
    if (f.guide !== undefined) q = q.where('guide_id', '=', Number(f.guide));
    if (f.guide__token !== undefined)
      q = q.where('guide_id', 'in', guideIdsByToken(String(f.guide__token)));
    const layers = await q.orderBy('guide_id').orderBy('position').execute();
    const tokens = await guideTokens(layers.map((l) => l.guide_id));
    return layers.map((l) => toLayer(l, tokens.get(l.guide_id)!));
  }

  async function levelList(f: Record<string, string | number>) {
    let q = db
      .selectFrom('badge_levels')
      .innerJoin('badges', 'badges.id', 'badge_levels.badge_id')
      .selectAll('badge_levels')
      .select(['badges.token as badge_token', 'badges.guide_id as guide_id']);
    if (f.id !== undefined) q = q.where('badge_levels.id', '=', Number(f.id));
    if (f.badge !== undefined) q = q.where('badge_levels.badge_id', '=', Number(f.badge));
    if (f.badge__token !== undefined) q = q.where('badges.token', '=', String(f.badge__token));
    const rows = await q
      .orderBy('badge_levels.badge_id')
      .orderBy('badge_levels.required')
      .execute();
    return rows.map((l) => toBadgeLevel(l, { token: l.badge_token, guide_id: l.guide_id }));
  }

  async function optionList(f: Record<string, string | number>) {
    let q = db.selectFrom('multiple_choice_options').select(['id', 'challenge_id', 'value']);
    if (f.id !== undefined) q = q.where('id', '=', Number(f.id));
    if (f.challenge !== undefined) q = q.where('challenge_id', '=', Number(f.challenge));
    const rows = await q.orderBy('challenge_id').orderBy('position').execute();
    return rows.map((o) => ({ id: o.id, challenge: o.challenge_id, value: o.value }));
  }

  const byId =
    (list: (f: Record<string, string | number>) => Promise<unknown[]>) => async (n: number) =>
      (await list({ id: n }))[0];
  const signedIn = (filters: ResourceDef['filters']): ResourceDef => ({
    filters,
    signedIn: true,
    list: async () => [],
    get: async () => undefined,
  });

  return {
    guides: {
      filters: { token, city: id, city__name: placeParam, city__state: placeParam },
      list: guideList,
      get: byId(guideList),
    },
    cities: {
      filters: { name: placeParam, state: placeParam },
      list: (f) =>
        repo.cities({ name: f.name as string | undefined, state: f.state as string | undefined }),
      get: (n) => repo.cityById(n),
    },
    pois: {
      filters: { guide__token: token, token, guide: id, layer: id },
      list: poiList,
      get: byId(poiList),
    },
    layers: { filters: { guide__token: token, guide: id }, list: layerList, get: byId(layerList) },
    badges: {
      filters: { guide__token: token, guide: id, contest_type: z.enum(['badge', 'scavenger']) },
      list: badgeList,
      get: byId(badgeList),
    },
    badge_levels: {
      filters: { badge: id, badge__token: token },
      list: levelList,
      get: byId(levelList),
    },
    scavenger_hunts: {
      filters: { guide__token: token, guide: id },
      list: huntList,
      get: byId(huntList),
    },
    challenges: {
      filters: {
        scavenger_hunt: id,
        poi: id,
        scavenger_hunt__guide__token: token,
        poi__guide__token: token,
        poi__token: token,
        resourcetype: z.enum(CHALLENGE_TYPES),
      },
      list: async (f) => serializeChallenges(await challengeQuery(f)),
      get: async (n) => (await serializeChallenges(await challengeQuery({ id: n })))[0],
    },
    multiple_choice_options: {
      filters: { challenge: id },
      list: optionList,
      get: byId(optionList),
    },
    // Correct answers would let anyone look up a hunt's solutions: they are for the
    // signed-in user's own answered challenges (docs/decisions/0002).
    correct_answers: signedIn({ challenge: id }),
    user_answers: signedIn({ challenge: id, challenge__scavenger_hunt: id }),
    awards: signedIn({}),
    subscriptions: signedIn({}),
  };
}
