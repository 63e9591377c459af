import type { DraftStatus } from '../contract/draft-api.js';
import type { StudioGuide } from '../contract/studio-api.js';

/** A published guide as the studio's list starts from it (the `guides` row). */
export type PublishedGuideEntry = { token: string; title: string; published_at: string };

/**
 * A draft (the drafts part's guide_drafts). `changed` says whether it differs from what
 * visitors see; left out, a draft saved after the last publish counts as changed.
 */
export type DraftGuideEntry = {
  token: string;
  title: string;
  updated_at: string;
  updated_by: string | null;
  changed?: boolean;
};

/** draft: never published; changed: edited since its last publish; published: as visitors see it. */
export function studioGuideStatus(
  published: { published_at: string } | undefined,
  draft: DraftGuideEntry | undefined,
): DraftStatus {
  if (!published) return 'draft';
  if (!draft) return 'published';
  const changed =
    draft.changed ?? Date.parse(draft.updated_at) > Date.parse(published.published_at);
  return changed ? 'changed' : 'published';
}

/**
 * One organisation's studio list from its published guides and its drafts, by token: the
 * draft's title and last edit when there is one (that is what the publisher works on), most
 * recently edited first.
 */
export function studioGuideList(
  organisationId: number,
  published: readonly PublishedGuideEntry[],
  drafts: readonly DraftGuideEntry[],
): StudioGuide[] {
  const byToken = new Map(published.map((p) => [p.token, p]));
  const draftByToken = new Map(drafts.map((d) => [d.token, d]));
  const tokens = [...new Set([...byToken.keys(), ...draftByToken.keys()])];
  const list = tokens.map((token): StudioGuide => {
    const p = byToken.get(token);
    const d = draftByToken.get(token);
    return {
      token,
      title: d?.title ?? p!.title,
      organisation_id: organisationId,
      status: studioGuideStatus(p, d),
      updated_at: d?.updated_at ?? p!.published_at,
      updated_by: d ? d.updated_by : null,
      published_at: p?.published_at ?? null,
    };
  });
  return list.sort(
    (a, b) =>
      b.updated_at.localeCompare(a.updated_at) ||
      a.title.localeCompare(b.title) ||
      a.token.localeCompare(b.token),
  );
}
