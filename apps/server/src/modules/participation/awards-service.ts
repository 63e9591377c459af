import type { Selectable } from 'kysely';
import {
  POINTS_PER_VISIT,
  badgeCountsPoi,
  levelChange,
  type Award,
  type AwardChange,
  type Badge,
  type BadgeWithAward,
  type VisitPoiResult,
  visitPoiResultSchema,
} from '@earshot/core';
import type { BadgeLevelsTable } from '../../db/schema.js';
import { NotFoundError } from '../../plugins/errors.js';
import type { ContentRepository } from '../content/repository.js';
import { toBadgeLevel } from '../content/serialize.js';
import { mediaUrl, PLACEHOLDER_IMAGE } from '../content/media-url.js';
import type { TrackingRepository } from '../tracking/repository.js';
import type { Page } from '../resources/repository.js';
import type { AwardFilter, AwardsRepository } from './awards-repository.js';
import { toAward } from './serialize.js';
import { ConflictError } from './answers-service.js';

export type Visit = { guide_token: string; poi_token: string; language?: string | null };

const KEY_USED = 'This Idempotency-Key was already used for another visit';
const KEY_BUSY = 'A visit with this Idempotency-Key is being recorded';

export type Recorded = { status: 200 | 201; result: VisitPoiResult };

/**
 * Badge points (docs/decisions/0009): a signed-in user's first visit of a POI gives a point to
 * each badge of contest type badge of its guide that counts that POI; the award holds the sum.
 */
export function awardsService(deps: {
  awards: AwardsRepository;
  content: ContentRepository;
  tracking: TrackingRepository;
}) {
  const { awards, content, tracking } = deps;

  const levelsByBadge = async (badgeIds: number[]) => {
    const map = new Map<number, Selectable<BadgeLevelsTable>[]>();
    for (const l of await content.levels(badgeIds)) {
      map.set(l.badge_id, [...(map.get(l.badge_id) ?? []), l]);
    }
    return map;
  };

  const listAwards = async (userId: string, f: AwardFilter, page: Page): Promise<Award[]> => {
    const rows = await awards.awards(userId, f, page);
    const levels = await levelsByBadge([...new Set(rows.map((a) => a.badge_id))]);
    return rows.map((a) => toAward(a, levels.get(a.badge_id) ?? []));
  };

  /** The reply an Idempotency-Key's first request gave, if the key is this same visit's. */
  const replay = async (userId: string | null, v: Visit, key: string) => {
    const stored = await awards.visitRequest(key);
    if (!stored) return undefined;
    if (
      stored.user_id !== userId ||
      stored.guide_token !== v.guide_token ||
      stored.poi_token !== v.poi_token
    )
      throw new ConflictError(KEY_USED);
    if (stored.result === null) throw new ConflictError(KEY_BUSY);
    return visitPoiResultSchema.parse(JSON.parse(stored.result));
  };

  type GuidePoi = NonNullable<Awaited<ReturnType<AwardsRepository['poiInGuide']>>>;

  /** The visit itself: recorded for the publisher, and points for a signed-in user's first. */
  const record = async (
    userId: string | null,
    poi: GuidePoi,
    v: Visit,
  ): Promise<VisitPoiResult> => {
    await tracking.record({
      kind: 'poi-visit',
      guide_token: v.guide_token,
      poi_token: v.poi_token,
      language: v.language,
      user_id: userId,
    });
    const none: VisitPoiResult = { ok: true, counted: false, awards: [] };
    if (userId === null) return none;

    const visited = { token: poi.token, layerToken: poi.layer_token };
    const badges = (await content.badges([poi.guide_id])).filter(
      (b) => b.contest_type === 'badge' && badgeCountsPoi(b.visited_item, visited),
    );
    const levels = await levelsByBadge(badges.map((b) => b.id));
    const added = await awards.transaction(async (repo) => {
      if (!(await repo.addVisit(userId, poi.id))) return null;
      const rows = [];
      for (const b of badges) rows.push(await repo.addPoints(userId, b.id, POINTS_PER_VISIT));
      return rows;
    });
    if (added === null) return none;

    const changes = badges.map((b, i): AwardChange => {
      const row = added[i]!;
      const own = levels.get(b.id) ?? [];
      const before = row.points - POINTS_PER_VISIT;
      const change = levelChange(own, before, row.points);
      const level = (l: Selectable<BadgeLevelsTable> | null) => l && toBadgeLevel(l, b);
      return {
        award: toAward(
          {
            ...row,
            badge_id: b.id,
            badge_token: b.token,
            guide_id: b.guide_id,
            badge_image: b.image,
          },
          own,
        ),
        badge: {
          id: b.id,
          token: b.token,
          name: b.name,
          message: b.message,
          image: mediaUrl(b.guide_id, b.image) ?? PLACEHOLDER_IMAGE,
        },
        points_before: before,
        points_after: row.points,
        level_before: level(change.level_before),
        level_after: level(change.level_after),
        new_badge: change.new_badge,
        level_up: change.level_up,
      };
    });
    return { ok: true, counted: true, awards: changes };
  };

  return {
    /**
     * POST visit_poi/: stored for the publisher from anyone; points only for a signed-in user.
     * With an Idempotency-Key, a repeated request answers 200 with the first one's reply and
     * records nothing again.
     */
    async visit(userId: string | null, v: Visit, key?: string): Promise<Recorded> {
      if (key) {
        const earlier = await replay(userId, v, key);
        if (earlier) return { status: 200, result: earlier };
      }
      const poi = await awards.poiInGuide(v.guide_token, v.poi_token);
      if (!poi) throw new NotFoundError(`No POI "${v.poi_token}" in guide "${v.guide_token}"`);
      if (!key) return { status: 201, result: await record(userId, poi, v) };
      const claim = { idempotency_key: key, user_id: userId, ...pick(v) };
      if (!(await awards.claimVisitKey(claim))) {
        // A request with this key stored first (a race of the same retry).
        const earlier = await replay(userId, v, key);
        if (earlier) return { status: 200, result: earlier };
        throw new ConflictError(KEY_BUSY);
      }
      let result: VisitPoiResult;
      try {
        result = await record(userId, poi, v);
      } catch (e) {
        await awards.releaseVisitKey(key);
        throw e;
      }
      await awards.finishVisitKey(key, JSON.stringify(result));
      return { status: 201, result };
    },

    /** GET awards: the user's own, one page. */
    awards: listAwards,

    /** One of the user's awards; another user's is as unknown as a missing one. */
    async award(userId: string, id: number): Promise<Award> {
      const [award] = await listAwards(userId, { id }, { limit: 1, offset: 0 });
      if (!award) throw new NotFoundError(`No awards with id ${id}`);
      return award;
    },

    /** GET badges for a signed-in user: each badge with their award (SPEC §7 "awarded"). */
    async badgesFor(userId: string, badges: Badge[]): Promise<BadgeWithAward[]> {
      const ids = badges.map((b) => b.id);
      const rows = await awards.awardsOfBadges(userId, ids);
      const levels = await levelsByBadge([...new Set(rows.map((a) => a.badge_id))]);
      const byBadge = new Map(rows.map((a) => [a.badge_id, a] as const));
      return badges.map((b) => {
        const a = byBadge.get(b.id);
        return { ...b, awarded: a ? toAward(a, levels.get(b.id) ?? []) : null };
      });
    },
  };
}

const pick = (v: Visit) => ({ guide_token: v.guide_token, poi_token: v.poi_token });

export type AwardsService = ReturnType<typeof awardsService>;
