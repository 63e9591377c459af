import { randomBytes } from 'node:crypto';
import {
  draftProblems,
  guideBundleSchema,
  isPreviewToken,
  PREVIEW_TOKEN_BYTES,
  PREVIEW_TTL_MS,
  previewDocument,
  STUDIO_MESSAGES,
  type GuideBundleInput,
  type Preview,
  type PreviewMade,
} from '@earshot/core';
import { NotFoundError } from '../../../plugins/errors.js';
import { BundleError } from '../../../bundles/bundle-error.js';
import { importBundle } from '../../../bundles/bundle-import.js';
import { deletePrefix } from '../../../storage/media-store.js';
import { guideMediaPrefix } from '../../../storage/keys.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { draftBundleFolder, importerProblems, problemsError } from '../bundles/draft-bundle.js';
import type { DraftsService, StudioDeps } from '../drafts/drafts-service.js';
import { previewsRepository, type PreviewRow } from './previews-repository.js';

export const PREVIEW_BLOCKED = 'The draft cannot be previewed until these problems are fixed';

/**
 * Preview links (docs/studio.md): the draft imported as a guide of status `preview` under an
 * unguessable token, every other token prefixed (core previewDocument); one live link per
 * guide. The next preview shows the latest draft at the same link until it expires (it is
 * never renewed: a link that may have leaked dies on its day), or makes a new link in its
 * place; a link can be revoked at once. Expired ones are removed with their rows and media.
 */
export function previewsService(
  { handle, store, access }: StudioDeps,
  drafts: DraftsService,
  /** The app's own address: a preview link is shared, so it is whole. */
  publicUrl: string,
) {
  const repo = previewsRepository(handle.db);

  async function remove(tokens: string[]) {
    const ids = await repo.remove(tokens);
    for (const id of ids) await deletePrefix(store, guideMediaPrefix(id));
  }

  async function sweep() {
    await remove((await repo.expired(new Date().toISOString())).map((p) => p.token));
  }

  const revokeAll = async (guideToken: string) =>
    remove((await repo.ofGuide(guideToken)).map((p) => p.token));

  const shown = (link: PreviewRow): Preview => ({
    token: link.token,
    url: `${publicUrl}/guide/${link.token}`,
    expires_at: link.expires_at,
  });

  /** Imports the draft as the preview guide `previewToken` (its rows replaced, if any). */
  async function load(document: GuideBundleInput, previewToken: string) {
    const rewritten = previewDocument(document, previewToken);
    const folder = await draftBundleFolder(store, rewritten);
    try {
      const blocking = await importerProblems(
        handle,
        folder.dir,
        guideBundleSchema.parse(rewritten),
      );
      if (blocking.length) throw problemsError(422, PREVIEW_BLOCKED, blocking);
      await importBundle(handle, store, folder.dir, { owner: null, status: 'preview' });
    } catch (e) {
      if (e instanceof BundleError) throw problemsError(422, PREVIEW_BLOCKED, e.problems);
      throw e;
    } finally {
      await folder.cleanup();
    }
  }

  return {
    sweep,

    /**
     * Shows the latest draft at the guide's live link (same token, same expiry), or at a new
     * link when there is none or `newLink` asks for one (the old link answers 404 at once).
     */
    async make(
      user: AuthUser | null,
      token: string,
      { newLink = false }: { newLink?: boolean } = {},
    ): Promise<PreviewMade> {
      // Links are kept by the draft's key: a draft never published has its organisation's own.
      const { organisationId, key } = await access.guide(user, token);
      const draft = await drafts.ensureDraft(key, organisationId);
      const document = JSON.parse(draft.document) as GuideBundleInput;
      const problems = draftProblems(document);
      if (problems.length) throw problemsError(422, PREVIEW_BLOCKED, problems);
      await sweep();
      const now = Date.now();
      const current = newLink ? undefined : await repo.live(key, new Date(now).toISOString());
      const link: PreviewRow = current ?? {
        token: randomBytes(PREVIEW_TOKEN_BYTES).toString('base64url'),
        guide_token: key,
        expires_at: new Date(now + PREVIEW_TTL_MS).toISOString(),
      };
      if (current) {
        await load(document, link.token);
        return { ...shown(link), created: false };
      }
      // The new link is recorded first, so a failed import leaves no guide without its link.
      await repo.put({ ...link, userId: user!.id });
      try {
        await load(document, link.token);
      } catch (e) {
        await remove([link.token]);
        throw e;
      }
      await remove((await repo.ofGuide(key)).map((p) => p.token).filter((t) => t !== link.token));
      return { ...shown(link), created: true };
    },

    /**
     * A preview link's expiry, asked by the visitor app that shows it (its token is all the
     * right needed, as for the preview itself): 404 for a token that is no live link.
     */
    async link(token: string): Promise<{ expires_at: string }> {
      const [found] = isPreviewToken(token) ? await repo.find([token]) : [];
      if (!found || found.expires_at <= new Date().toISOString())
        throw new NotFoundError(STUDIO_MESSAGES.noPreview);
      return { expires_at: found.expires_at };
    },

    /** The guide's live link, or 404 when it has none. */
    async current(user: AuthUser | null, token: string): Promise<Preview> {
      const { key } = await access.guide(user, token);
      const link = await repo.live(key, new Date().toISOString());
      if (!link) throw new NotFoundError(STUDIO_MESSAGES.noPreview);
      return shown(link);
    },

    /** Revokes the guide's links: each answers 404 from now on. */
    async revoke(user: AuthUser | null, token: string): Promise<void> {
      await revokeAll((await access.guide(user, token)).key);
    },

    /** The preview token of the guide with this id (its media's folder), or null. */
    tokenOfGuide: (id: number) => repo.tokenOfGuide(id),

    /**
     * Whether a visitor's request names a preview (its token): 'live' answers get
     * `private, no-store` and stay out of the response cache; an 'expired' one is removed
     * first, so the request answers 404.
     */
    async check(values: unknown[]): Promise<'live' | 'expired' | null> {
      const tokens = [...new Set(values.filter(isPreviewToken))];
      if (!tokens.length) return null;
      const found = await repo.find(tokens);
      if (!found.length) return null;
      const now = new Date().toISOString();
      const expired = found.filter((p) => p.expires_at <= now);
      if (expired.length) await remove(expired.map((p) => p.token));
      return expired.length === found.length ? 'expired' : 'live';
    },
  };
}

export type PreviewsService = ReturnType<typeof previewsService>;
