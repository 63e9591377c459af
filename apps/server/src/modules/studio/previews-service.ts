import { randomBytes } from 'node:crypto';
import {
  draftProblems,
  guideBundleSchema,
  PREVIEW_TOKEN_BYTES,
  PREVIEW_TOKEN_PATTERN,
  PREVIEW_TTL_MS,
  previewDocument,
  type GuideBundleInput,
  type Preview,
} from '@earshot/core';
import { BundleError } from '../../content/bundle-error.js';
import { importBundle } from '../../content/bundle-import.js';
import { deletePrefix } from '../../storage/media-store.js';
import { guideMediaPrefix } from '../../storage/keys.js';
import type { AuthUser } from '../../plugins/auth.js';
import {
  bundleProblems,
  draftBundleFolder,
  importerProblems,
  problemsError,
} from './draft-bundle.js';
import type { DraftsService, StudioDeps } from './drafts-service.js';
import { previewsRepository, type RowRef } from './previews-repository.js';

export const PREVIEW_BLOCKED = 'The draft cannot be previewed until these problems are fixed';
/** A prefixed POI, badge, layer, hunt or challenge token: `pv` + the preview token's stem. */
const PREFIXED = /^pv([A-Za-z0-9_-]{10})-/;

/**
 * Preview links (docs/studio.md): the draft imported as a guide of status `preview` under an
 * unguessable token, every other token prefixed (core previewDocument); one live link per
 * guide, renewed by the next preview; expired ones are removed with their rows and media.
 */
export function previewsService(
  { handle, store, access }: StudioDeps,
  drafts: DraftsService,
  publicUrl = '',
) {
  const repo = previewsRepository(handle.db);

  async function remove(tokens: string[]) {
    const ids = await repo.remove(tokens);
    for (const id of ids) await deletePrefix(store, guideMediaPrefix(id));
  }

  async function sweep() {
    await remove((await repo.expired(new Date().toISOString())).map((p) => p.token));
  }

  return {
    sweep,

    async make(user: AuthUser | null, token: string): Promise<Preview> {
      const { organisationId } = await access.guide(user, token);
      const draft = await drafts.ensureDraft(token, organisationId);
      const document = JSON.parse(draft.document) as GuideBundleInput;
      const problems = draftProblems(document);
      if (problems.length) throw problemsError(422, PREVIEW_BLOCKED, problems);
      await sweep();
      const now = Date.now();
      // The guide's live link is renewed, so a phone that has it open just reloads.
      const previewToken =
        (await repo.live(token, new Date(now).toISOString()))?.token ??
        randomBytes(PREVIEW_TOKEN_BYTES).toString('base64url');
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
        if (e instanceof BundleError) throw problemsError(422, PREVIEW_BLOCKED, bundleProblems(e));
        throw e;
      } finally {
        await folder.cleanup();
      }
      const expires_at = new Date(now + PREVIEW_TTL_MS).toISOString();
      await repo.put({ token: previewToken, guide_token: token, expires_at, userId: user!.id });
      return { token: previewToken, url: `${publicUrl}/guide/${previewToken}`, expires_at };
    },

    /** The tokens of the previews that own any of these rows (none: no query). */
    owning: (refs: RowRef[]) => repo.previewsOwning(refs),

    /**
     * Whether a visitor's request names a preview (its token, or a token with its prefix):
     * 'live' answers get `private, no-store` and stay out of the response cache; an 'expired' one is
     * removed first, so the request answers 404.
     */
    async check(values: unknown[]): Promise<'live' | 'expired' | null> {
      const strings = values.filter((v): v is string => typeof v === 'string');
      const tokens = strings.filter((s) => PREVIEW_TOKEN_PATTERN.test(s));
      const stems = strings.map((s) => PREFIXED.exec(s)?.[1]).filter((s): s is string => !!s);
      if (!tokens.length && !stems.length) return null;
      const found = await repo.find(tokens, stems);
      if (!found.length) return null;
      const now = new Date().toISOString();
      const expired = found.filter((p) => p.expires_at <= now);
      if (expired.length) await remove(expired.map((p) => p.token));
      return expired.length === found.length ? 'expired' : 'live';
    },
  };
}

export type PreviewsService = ReturnType<typeof previewsService>;
