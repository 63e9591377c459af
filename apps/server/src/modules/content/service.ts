import {
  distanceKm,
  EMPTY_THEME,
  outsideDates,
  themeResponseSchema,
  NEARBY_DEFAULT_LIMIT,
  type GuideDetail,
  type GuideSummary,
  type GuideSummaryTable,
  type Poi,
  type Theme,
} from '@earshot/core';
import { NotFoundError } from '../../plugins/errors.js';
import type { ContentRepository } from './repository.js';
import { guideRadii, toBadge, toGuideSummary, toLayer, toPoi, type GuideRow } from './serialize.js';
import { mediaUrl } from './media-url.js';
import { canSee, type Visibility } from './visibility.js';

/** Rules for reading guides: nearby search, language choice, shapes of SPEC §3. */
export function contentService(repo: ContentRepository) {
  async function summaries(rows: GuideRow[]): Promise<GuideSummary[]> {
    const langs = await repo.languagesByGuide(rows.map((g) => g.id));
    return rows.map((g) => toGuideSummary(g, langs.get(g.id) ?? []));
  }

  async function badgesOf(guide: GuideRow) {
    const badges = await repo.badges([guide.id]);
    const levels = await repo.levels(badges.map((b) => b.id));
    return badges.map((b) =>
      toBadge(
        b,
        guide.token,
        levels.filter((l) => l.badge_id === b.id),
      ),
    );
  }

  async function poisOf(guide: GuideRow, language: string | null): Promise<Poi[]> {
    const pois = await repo.pois(guide.id);
    const ids = pois.map((p) => p.id);
    const [texts, challenges] = await Promise.all([repo.texts(ids), repo.firstChallengeByPoi(ids)]);
    return pois.map((p) =>
      toPoi(
        p,
        guide,
        texts.filter((t) => t.poi_id === p.id),
        language,
        challenges.get(p.id) ?? null,
      ),
    );
  }

  /** The asked language if the guide has it, else the guide's first language (null without languages). */
  async function languageOf(guideId: number, lang?: string) {
    const languages = (await repo.languagesByGuide([guideId])).get(guideId) ?? [];
    return {
      languages,
      language: languages.find((l) => l.code === lang)?.code ?? languages[0]?.code ?? null,
    };
  }

  return {
    summaries,

    /** GET tours: all guides, or with lat/lng the nearest `limit` by distance in km from their centroid. */
    async listTours(q: { lat?: number; lng?: number; limit?: number }): Promise<GuideSummary[]> {
      const rows = await repo.listGuides();
      const list = await summaries(rows);
      if (q.lat === undefined || q.lng === undefined) return list;
      const here = { lat: q.lat, lng: q.lng };
      return list
        .filter((g) => g.center)
        .map((g) => ({ ...g, distance: distanceKm(here, g.center!) }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, q.limit ?? NEARBY_DEFAULT_LIMIT);
    },

    async cityTours(cityId: number): Promise<GuideSummary[]> {
      const city = await repo.cityById(cityId);
      if (!city) throw new NotFoundError(`No city with id ${cityId}`);
      return summaries(await repo.listGuides({ cityId }));
    },

    async tourByToken(token: string, lang?: string): Promise<GuideDetail> {
      const guide = await repo.guideByToken(token);
      if (!guide) throw new NotFoundError(`No guide with token "${token}"`);
      const { languages, language } = await languageOf(guide.id, lang);
      const [pois, layers, badges] = await Promise.all([
        poisOf(guide, language),
        repo.layers(guide.id),
        badgesOf(guide),
      ]);
      return {
        ...toGuideSummary(guide, languages),
        ...guideRadii(guide),
        status: 'data',
        audio: mediaUrl(guide.id, guide.audio),
        ar_enabled: guide.ar_enabled === 1,
        poi_play_on_select: guide.poi_play_on_select === 1,
        photo_share_hashtag: guide.photo_share_hashtag,
        photo_share_text: guide.photo_share_text,
        route: JSON.parse(guide.route) as [number, number][],
        pois,
        locations: pois,
        layers: layers.map((l) => toLayer(l, guide.token)),
        badges,
        language,
        time_zone: guide.time_zone,
        outside_dates: outsideDates(guide.outside_dates),
      };
    },

    async poiByToken(token: string, lang: string | undefined, v: Visibility): Promise<Poi> {
      const poi = await repo.poiByToken(token);
      const guide = poi && (await repo.guideById(poi.guide_id));
      // A preview's stop is missing to a request that does not carry the preview's token.
      if (!poi || !guide || !canSee(guide, v))
        throw new NotFoundError(`No POI with token "${token}"`);
      const { language } = await languageOf(guide.id, lang);
      const [texts, challenges] = await Promise.all([
        repo.texts([poi.id]),
        repo.firstChallengeByPoi([poi.id]),
      ]);
      return toPoi(poi, guide, texts, language, challenges.get(poi.id) ?? null);
    },

    async theme(token: string): Promise<Theme> {
      const guide = await repo.guideByToken(token);
      if (!guide) throw new NotFoundError(`No guide with token "${token}"`);
      // The importer checked it; a column that no longer reads as a theme answers the empty one.
      const stored = themeResponseSchema.safeParse(readJson(guide.theme));
      return stored.success ? stored.data : { ...EMPTY_THEME };
    },

    /** SPEC §3 guide summary table, for the world map. */
    async summaryTable(): Promise<GuideSummaryTable> {
      const rows = await repo.listGuides();
      return Object.fromEntries(
        rows
          .filter((g) => g.centroid_lat !== null && g.centroid_lng !== null)
          .map((g) => [
            g.token,
            { num_pois: g.num_pois, lat: g.centroid_lat!, lng: g.centroid_lng!, title: g.title },
          ]),
      );
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;

const readJson = (text: string | null): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};
