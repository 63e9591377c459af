import { z } from 'zod';
import {
  badgeLevelSchema,
  badgeWithAwardSchema,
  challengeSchema,
  citySchema,
  guideSummarySchema,
  idParam,
  type Badge,
  layerSchema,
  multipleChoiceOptionSchema,
  placeParam,
  poiSchema,
  scavengerHuntSchema,
  tokenParam,
  CHALLENGE_TYPES,
} from '@earshot/core';
import type { ContentRepository } from '../content/repository.js';
import type { ContentService } from '../content/service.js';
import {
  toBadge,
  toBadgeLevel,
  toChallenge,
  toHunt,
  toLayer,
  toPoi,
} from '../content/serialize.js';
import type { Page, ResourceRepository } from './repository.js';
import type { Visibility } from '../content/visibility.js';

type Filters = Record<string, z.ZodType<string | number, string>>;
type Values<F extends Filters> = { [K in keyof F]?: z.output<F[K]> } & { id?: number };

/**
 * One generic resource of SPEC §7 ("Generic model calls" and the repository list filters):
 * the filters GET {resource} accepts, the shape of one item, and how a page of items is read.
 */
export type ResourceDef = {
  summary: string;
  item: z.ZodType;
  filters: Filters;
  /** Payload of POST {resource}/ where SPEC §7 gives one. */
  createBody?: z.ZodType;
  /** False when GET {resource} is served by a SPEC call of its own (GET cities). */
  listed?: boolean;
  /** One page of items among the guides the caller may see (visibility.ts). */
  list(
    f: Record<string, string | number | undefined>,
    page: Page,
    v: Visibility,
  ): Promise<unknown[]>;
  get(id: number, v: Visibility): Promise<unknown | undefined>;
  /** What a signed-in caller sees instead: the items with their own data (badges' awarded). */
  forUser?: (items: unknown[], userId: string) => Promise<unknown[]>;
};

function resource<F extends Filters>(d: {
  summary: string;
  item: z.ZodType;
  filters: F;
  list: (f: Values<F>, page: Page, v: Visibility) => Promise<unknown[]>;
  forUser?: ResourceDef['forUser'];
}): ResourceDef {
  return {
    ...d,
    list: (f, page, v) => d.list(f as Values<F>, page, v),
    get: async (id, v) => (await d.list({ id } as Values<F>, { limit: 1, offset: 0 }, v))[0],
  };
}

const id = idParam;
const token = tokenParam;

export function resourceRegistry(
  resources: ResourceRepository,
  repo: ContentRepository,
  content: ContentService,
  /** The signed-in user's awards on their badges (modules/participation). */
  badgesFor?: (userId: string, badges: Badge[]) => Promise<unknown[]>,
): Record<string, ResourceDef> {
  /** Guide rows by id, read once for a whole page (the shared read of the content repository). */
  const guidesById = async (ids: number[]) =>
    new Map((await repo.listGuides({ ids: [...new Set(ids)] })).map((g) => [g.id, g] as const));

  return {
    guides: resource({
      summary: 'Guides, by token, city id, city name or state',
      item: guideSummarySchema,
      filters: { token, city: id, city__name: placeParam, city__state: placeParam },
      list: async (f, page, v) => {
        const ids = await resources.guideIds(f, page, v);
        return content.summaries(ids.length ? await repo.listGuides({ ids }) : []);
      },
    }),
    cities: {
      summary: 'Cities',
      item: citySchema,
      filters: {},
      listed: false,
      list: async () => [],
      get: (n) => repo.cityById(n),
    },
    pois: resource({
      summary: 'POIs, by guide, guide token, token or layer',
      item: poiSchema,
      filters: { guide__token: token, token, guide: id, layer: id },
      list: async (f, page, v) => {
        const rows = await resources.pois(f, page, v);
        const guideIds = rows.map((p) => p.guide_id);
        const ids = rows.map((p) => p.id);
        const [guides, langs, texts, challenges] = await Promise.all([
          guidesById(guideIds),
          repo.languagesByGuide([...new Set(guideIds)]),
          repo.texts(ids),
          repo.firstChallengeByPoi(ids),
        ]);
        return rows.map((p) =>
          toPoi(
            p,
            guides.get(p.guide_id)!,
            texts.filter((t) => t.poi_id === p.id),
            langs.get(p.guide_id)?.[0]?.code ?? null,
            challenges.get(p.id) ?? null,
          ),
        );
      },
    }),
    layers: resource({
      summary: 'Map layers, by guide or guide token',
      item: layerSchema,
      filters: { guide__token: token, guide: id },
      list: async (f, page, v) => {
        const rows = await resources.layers(f, page, v);
        const tokens = await resources.guideTokens(rows.map((l) => l.guide_id));
        return rows.map((l) => toLayer(l, tokens.get(l.guide_id)!));
      },
    }),
    badges: resource({
      summary: 'Badges with their levels, by guide, guide token or contest type',
      item: badgeWithAwardSchema,
      filters: { guide__token: token, guide: id, contest_type: z.enum(['badge', 'scavenger']) },
      list: async (f, page, v) => {
        const rows = await resources.badges(f, page, v);
        const [levels, tokens] = await Promise.all([
          repo.levels(rows.map((b) => b.id)),
          resources.guideTokens(rows.map((b) => b.guide_id)),
        ]);
        return rows.map((b) =>
          toBadge(
            b,
            tokens.get(b.guide_id)!,
            levels.filter((l) => l.badge_id === b.id),
          ),
        );
      },
      forUser: badgesFor && ((items, userId) => badgesFor(userId, items as Badge[])),
    }),
    badge_levels: resource({
      summary: 'Badge levels, by badge or badge token',
      item: badgeLevelSchema,
      filters: { badge: id, badge__token: token },
      list: async (f, page, v) =>
        (await resources.badgeLevels(f, page, v)).map((l) =>
          toBadgeLevel(l, { token: l.badge_token, guide_id: l.guide_id }),
        ),
    }),
    scavenger_hunts: resource({
      summary: 'Scavenger hunts, by guide or guide token',
      item: scavengerHuntSchema,
      filters: { guide__token: token, guide: id },
      list: async (f, page, v) => {
        const rows = await resources.hunts(f, page, v);
        const [challenges, tokens] = await Promise.all([
          resources.huntChallenges(rows.map((h) => h.id)),
          resources.guideTokens(rows.map((h) => h.guide_id)),
        ]);
        return rows.map((h) =>
          toHunt(
            h,
            tokens.get(h.guide_id)!,
            challenges.filter((c) => c.scavenger_hunt_id === h.id),
          ),
        );
      },
    }),
    challenges: resource({
      summary: 'Challenges, by hunt, POI, their guide tokens, POI token or type',
      item: challengeSchema,
      filters: {
        scavenger_hunt: id,
        poi: id,
        scavenger_hunt__guide__token: token,
        poi__guide__token: token,
        poi__token: token,
        resourcetype: z.enum(CHALLENGE_TYPES),
      },
      list: async (f, page, v) => {
        const rows = await resources.challenges(f, page, v);
        const poiTokens = await resources.poiTokens(
          rows.map((c) => c.poi_id).filter((x): x is number => x !== null),
        );
        return rows.map((c) =>
          toChallenge(c, c.poi_id === null ? null : (poiTokens.get(c.poi_id) ?? null)),
        );
      },
    }),
    multiple_choice_options: resource({
      summary: 'Options of multiple-choice challenges, by challenge',
      item: multipleChoiceOptionSchema,
      filters: { challenge: id },
      list: async (f, page, v) =>
        (await resources.options(f, page, v)).map((o) => ({
          id: o.id,
          challenge: o.challenge_id,
          value: o.value,
        })),
    }),
    // awards, user_answers and correct_answers are the signed-in user's own: their routes are
    // in modules/participation; subscriptions in modules/users.
  };
}
