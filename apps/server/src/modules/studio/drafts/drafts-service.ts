import {
  bundleMediaPaths,
  draftChanges,
  draftProblems,
  draftStatus,
  emptyDraft,
  freeSlug,
  guideBundleSchema,
  guideSlug,
  guideTokenOfDraftKey,
  STUDIO_MESSAGES,
  unpublishedDraftKey,
  mapMediaPaths,
  type CreateGuide,
  type GuideBundleInput,
  type GuidePlace,
  type Published,
  type SaveDraft,
  type SavedDraft,
  type StudioDraft,
} from '@earshot/core';
import type { DbHandle } from '../../../db/database.js';
import { BundleError } from '../../../bundles/bundle-error.js';
import { exportBundleJson } from '../../../bundles/bundle-export.js';
import { importBundle } from '../../../bundles/bundle-import.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { BadRequestError, HttpError, NotFoundError } from '../../../plugins/errors.js';
import { TOKEN_TAKEN, type StudioAccess } from '../access/access.js';
import { draftBundleFolder, importerProblems, problemsError } from '../bundles/draft-bundle.js';
import { draftsRepository, type DraftRow } from './drafts-repository.js';
import { poolStoredFile } from '../media/media-pool-files.js';
import type { MediaStore } from '../../../storage/media-store.js';
import { guideMediaPrefix } from '../../../storage/keys.js';

export const STALE_DRAFT = 'Someone else saved this guide since you opened it';
export const PUBLISH_BLOCKED = 'The guide cannot be published until these problems are fixed';

export type StudioDeps = {
  handle: DbHandle;
  /** Where media live (the guides' and the pool's). */
  store: MediaStore;
  access: StudioAccess;
  /** Called after a change that may leave pool files unnamed (publish, restore). */
  poolChanged?: () => void;
};

/** A unique constraint refused the write (PostgreSQL 23505, SQLite's UNIQUE). */
const uniqueViolation = (e: unknown) => {
  const err = e as { code?: string };
  return err?.code === '23505' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
};

const guideTokenOf = (doc: unknown): unknown =>
  (doc as { guide?: { token?: unknown } } | null)?.guide?.token;

/** The draft as the studio's calls answer it, with the importer's problems. */
export function toDraft(row: DraftRow): StudioDraft {
  const document = JSON.parse(row.document) as Record<string, unknown>;
  return {
    token: guideTokenOfDraftKey(row.guide_token),
    organisation_id: row.organisation_id,
    revision: row.revision,
    updated_at: row.updated_at,
    updated_by: row.updated_by_name,
    status: draftStatus(row.revision, row.published_revision),
    published_revision: row.published_revision,
    published_at: row.published_at,
    document,
    problems: draftProblems(document),
  };
}

/** 409 to a stale write: who saved the draft last, when, and where it differs from `mine`. */
function conflict(current: DraftRow, mine?: unknown): HttpError {
  return new HttpError(409, STALE_DRAFT, undefined, {
    error: STALE_DRAFT,
    revision: current.revision,
    updated_at: current.updated_at,
    updated_by: current.updated_by_name,
    changed: mine === undefined ? [] : draftChanges(JSON.parse(current.document), mine),
  });
}

/**
 * Drafts, publish and versions (docs/studio.md): every call checks access first, through
 * StudioAccess, then works on the draft of that guide token.
 */
export function draftsService({ handle, store, access, poolChanged }: StudioDeps) {
  const repo = draftsRepository(handle.db);

  /**
   * The guide's draft by its key (access.guide); a guide published without one (from the
   * command line) gets it from the exporter on first open, its media put into the pool.
   */
  async function ensureDraft(key: string, organisationId: number): Promise<DraftRow> {
    const found = await repo.draft(key);
    if (found) return found;
    // Only a published guide's draft can be missing, and its key is its token.
    const token = key;
    const exported = await exportBundleJson(handle, token);
    if (!exported) throw new NotFoundError('Not found');
    const from = guideMediaPrefix(exported.guideId);
    const pooled = new Map<string, string>();
    // What the database holds passed the importer once; if it no longer reads as a bundle, the
    // draft opens as it is and shows its problems.
    const parsed = guideBundleSchema.safeParse(exported.bundle);
    for (const p of parsed.success ? bundleMediaPaths(parsed.data) : []) {
      // A file missing on disk keeps its path: publish then names it as missing.
      pooled.set(p, await poolStoredFile(store, from + p).catch(() => p));
    }
    const document = mapMediaPaths(exported.bundle, (p) => pooled.get(p) ?? p);
    await repo.insertDraft({
      token,
      organisationId,
      document: JSON.stringify(document),
      userId: null,
      publishedAt: await repo.publishedAt(token),
    });
    return (await repo.draft(token))!;
  }

  async function opened(user: AuthUser | null, token: string) {
    const { organisationId, key } = await access.guide(user, token);
    return ensureDraft(key, organisationId);
  }

  return {
    ensureDraft,
    opened,

    /**
     * A new guide's draft, under a token no guide and none of the organisation's drafts has:
     * another organisation's drafts never published are not asked (they are theirs alone),
     * so the answer tells nothing of them. The first to publish a token takes it.
     */
    async create(user: AuthUser | null, body: CreateGuide): Promise<StudioDraft> {
      const org = body.organisation_id;
      await access.organisation(user, org);
      let token = body.token;
      if (token === undefined) {
        const base = guideSlug(body.title);
        token = freeSlug(base, await repo.tokensLike(base, org));
      } else if ((await repo.takenTokens([token], org)).size) throw new HttpError(409, TOKEN_TAKEN);
      const document = emptyDraft({
        token,
        title: body.title,
        city: body.city,
        language: body.language,
      });
      const key = unpublishedDraftKey(token, org);
      const inserted = await repo.insertDraft({
        token: key,
        organisationId: org,
        document: JSON.stringify(document),
        userId: user!.id,
      });
      // Another request of this organisation made it just now.
      if (!inserted) throw new HttpError(409, TOKEN_TAKEN);
      return toDraft((await repo.draft(key))!);
    },

    async open(user: AuthUser | null, token: string): Promise<StudioDraft> {
      return toDraft(await opened(user, token));
    },

    async save(user: AuthUser | null, token: string, body: SaveDraft): Promise<SavedDraft> {
      const key = (await opened(user, token)).guide_token;
      if (guideTokenOf(body.document) !== token)
        throw new BadRequestError(`The guide's token is "${token}": its draft keeps it`);
      const saved = await repo.saveDraft(
        key,
        body.revision,
        JSON.stringify(body.document),
        user!.id,
      );
      const row = (await repo.draft(key))!;
      if (!saved) throw conflict(row, body.document);
      return {
        revision: saved.revision,
        updated_at: saved.updated_at,
        status: draftStatus(saved.revision, row.published_revision),
        problems: draftProblems(body.document),
      };
    },

    /**
     * Runs the importer on the draft (one transaction: the guide's rows, the new version and
     * the draft marked published), or answers 422 with every problem that blocks it.
     */
    async publish(user: AuthUser | null, token: string, revision: number): Promise<Published> {
      const { organisationId, key } = await access.guide(user, token);
      const draft = await ensureDraft(key, organisationId);
      if (draft.revision !== revision) throw conflict(draft);
      const document = JSON.parse(draft.document) as unknown;
      const problems = draftProblems(document);
      if (problems.length) throw problemsError(422, PUBLISH_BLOCKED, problems);
      // A draft never published takes its token now, unless another organisation published
      // one under it first (the importer checks again in its transaction).
      const owner = key === token ? organisationId : await access.ownerOf(token);
      if (owner !== undefined && owner !== organisationId)
        throw problemsError(422, PUBLISH_BLOCKED, [
          { path: '$.guide.token', message: STUDIO_MESSAGES.tokenPublishedMeanwhile },
        ]);
      const folder = await draftBundleFolder(store, document);
      let published: Published | undefined;
      try {
        const blocking = await importerProblems(
          handle,
          folder.dir,
          guideBundleSchema.parse(document),
        );
        if (blocking.length) throw problemsError(422, PUBLISH_BLOCKED, blocking);
        await importBundle(handle, store, folder.dir, {
          owner: organisationId,
          within: async (trx) => {
            if (key !== token) await repo.takeToken(trx, key, token);
            published = await repo.recordPublish(trx, {
              token,
              revision,
              document: draft.document,
              userId: user!.id,
            });
          },
        });
      } catch (e) {
        if (e instanceof BundleError) throw problemsError(422, PUBLISH_BLOCKED, e.problems);
        // Two publishes at once took one version number: the later one publishes nothing.
        if (uniqueViolation(e)) throw conflict((await repo.draft(key))!);
        throw e;
      } finally {
        await folder.cleanup();
      }
      poolChanged?.();
      return published!;
    },

    /**
     * Where the guide's city is (its draft's city, from the published guides there), for the
     * editor's map before the guide has a stop; 404 when no published guide is in that city.
     */
    async place(user: AuthUser | null, token: string): Promise<GuidePlace> {
      const draft = await opened(user, token);
      const city = (JSON.parse(draft.document) as Partial<GuideBundleInput>).guide?.city;
      const box =
        typeof city?.name === 'string' && typeof city.state === 'string'
          ? await repo.cityBox(city.name, city.state)
          : undefined;
      if (!box) throw new NotFoundError(STUDIO_MESSAGES.noPlace);
      return box;
    },

    async versions(user: AuthUser | null, token: string) {
      return repo.versions((await opened(user, token)).guide_token);
    },

    /** Copies version `number`'s document into the draft as its next revision. */
    async restore(
      user: AuthUser | null,
      token: string,
      number: number,
      revision: number,
    ): Promise<StudioDraft> {
      const key = (await opened(user, token)).guide_token;
      const document = await repo.versionDocument(key, number);
      if (document === undefined) throw new NotFoundError(`No version ${number} of this guide`);
      if (!(await repo.saveDraft(key, revision, document, user!.id)))
        throw conflict((await repo.draft(key))!);
      poolChanged?.();
      return toDraft((await repo.draft(key))!);
    },

    /** Replaces (or makes) a guide's draft with an imported document. */
    async replace(
      user: AuthUser,
      token: string,
      organisationId: number,
      document: unknown,
    ): Promise<{ draft: StudioDraft; created: boolean }> {
      const text = JSON.stringify(document);
      // The organisation's published guide (its draft made first, so the import reads as a
      // change to it), else its draft never published, else a new one (bundle-io checked that
      // no other organisation's guide has the token).
      const published = (await access.ownerOf(token)) === organisationId;
      const key = published ? token : unpublishedDraftKey(token, organisationId);
      const existing =
        (await repo.draft(key)) ?? (published ? await ensureDraft(key, organisationId) : undefined);
      const created =
        !existing &&
        (await repo.insertDraft({ token: key, organisationId, document: text, userId: user.id }));
      if (!created) await repo.saveDraft(key, null, text, user.id);
      return { draft: toDraft((await repo.draft(key))!), created };
    },
  };
}

export type DraftsService = ReturnType<typeof draftsService>;
