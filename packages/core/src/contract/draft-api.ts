import { z } from 'zod';
import { DRAFT_PARTS } from '../studio/draft-rules.js';
import { MAX_ID } from './params.js';
import { SIGN_PAPERS, SIGNS_MAX } from '../constants.js';
import { tokenParam } from './param-schemas.js';
import { plainTextField } from '../limits/plain-text.js';

/**
 * Request and response shapes of the studio's draft calls (docs/studio.md): create, open, save,
 * publish, versions, restore, preview, import and export of a guide's draft.
 */

const revision = z.number().int().min(0).max(MAX_ID);
const stamp = z.string().describe('ISO 8601 time (UTC)');

/** A draft is saved even while it breaks rules: any JSON object, checked by `draftProblems`. */
export const draftDocumentSchema = z
  .record(z.string(), z.unknown())
  .describe('The guide.json document of docs/guide-bundle.md, media paths `media/{sha256}.{ext}`');

export const draftProblemSchema = z.object({
  path: z.string(),
  message: z.string(),
  detail: z.string().optional(),
});

/** Where a draft stands against what visitors see. */
export const DRAFT_STATUSES = ['draft', 'published', 'changed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** draft: never published; published: the draft is what visitors see; changed: edited since. */
export function draftStatus(revision: number, publishedRevision: number | null): DraftStatus {
  if (publishedRevision === null) return 'draft';
  return publishedRevision === revision ? 'published' : 'changed';
}

export const createGuideSchema = z
  .object({
    organisation_id: z.number().int().min(1).max(MAX_ID),
    title: plainTextField(z.string().trim().min(1, 'A guide needs a title').max(200)),
    city: z
      .object({
        name: plainTextField(z.string().trim().min(1, 'A guide needs a city').max(120)),
        state: plainTextField(z.string().trim().min(1, 'A guide needs a state').max(120)),
      })
      .strict(),
    /** Proposed from the title (`guideSlug`) when left out. */
    token: tokenParam.optional(),
    language: z
      .object({
        code: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/),
        label: plainTextField(z.string().min(1).max(60)),
      })
      .strict()
      .optional(),
  })
  .strict();
export type CreateGuide = z.infer<typeof createGuideSchema>;

export const studioDraftSchema = z.object({
  token: z.string(),
  organisation_id: z.number(),
  revision: z.number(),
  updated_at: stamp,
  /** The display name of who saved this revision (null: the exporter or an account since gone). */
  updated_by: z.string().nullable(),
  status: z.enum(DRAFT_STATUSES),
  published_revision: z.number().nullable(),
  published_at: stamp.nullable(),
  document: draftDocumentSchema,
  problems: z.array(draftProblemSchema),
});
export type StudioDraft = z.infer<typeof studioDraftSchema>;

export const saveDraftSchema = z
  .object({
    /** The revision this edit was based on: a newer saved one answers 409. */
    revision,
    document: draftDocumentSchema,
  })
  .strict();
export type SaveDraft = z.infer<typeof saveDraftSchema>;

export const savedDraftSchema = z.object({
  revision: z.number(),
  updated_at: stamp,
  status: z.enum(DRAFT_STATUSES),
  problems: z.array(draftProblemSchema),
});
export type SavedDraft = z.infer<typeof savedDraftSchema>;

/** 409 to a stale save: who saved the newer revision, when, and where it differs from yours. */
export const draftConflictSchema = z.object({
  message: z.string(),
  error: z.string(),
  revision: z.number(),
  updated_at: stamp,
  updated_by: z.string().nullable(),
  changed: z.array(z.enum(DRAFT_PARTS)),
});
export type DraftConflict = z.infer<typeof draftConflictSchema>;

export const revisionBodySchema = z.object({ revision }).strict();

export const publishedSchema = z.object({ version: z.number(), published_at: stamp });
export type Published = z.infer<typeof publishedSchema>;

/** 400 (import) or 422 (publish, preview) with every problem at its JSON path. */
export const problemsErrorSchema = z.object({
  message: z.string(),
  error: z.string(),
  problems: z.array(draftProblemSchema),
});
export type ProblemsError = z.infer<typeof problemsErrorSchema>;

export const guideVersionSchema = z.object({
  number: z.number(),
  published_at: stamp,
  published_by: z.string().nullable(),
});
export type GuideVersion = z.infer<typeof guideVersionSchema>;

export const previewSchema = z.object({
  token: z.string(),
  /** The visitor app at `/guide/{token}`, absolute when the server knows its public address. */
  url: z.string(),
  expires_at: stamp,
});
export type Preview = z.infer<typeof previewSchema>;

/**
 * GET studio/guides/{token}/place: where the guide's city is, from the published guides of the
 * same city (their middles): the box the editor's map opens on before the guide has a stop.
 */
export const guidePlaceSchema = z.object({
  south: z.number(),
  west: z.number(),
  north: z.number(),
  east: z.number(),
});
export type GuidePlace = z.infer<typeof guidePlaceSchema>;

/** GET previews/{token}: what the visitor app tells of a preview it shows (no account). */
export const previewLinkSchema = z.object({ expires_at: stamp });
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** POST studio/guides/{token}/preview: the link, and whether it is new (else the live one, updated). */
export const previewMadeSchema = previewSchema.extend({ created: z.boolean() });
export type PreviewMade = z.infer<typeof previewMadeSchema>;

/** The body of POST studio/guides/{token}/preview (none: the same as `{}`). */
export const previewRequestSchema = z
  .strictObject({
    /** Revoke the live link and make a new one (a new token, a new expiry). */
    new_link: z.boolean().optional(),
  })
  .nullish();

/**
 * The body of POST studio/guides/{token}/signs (docs/studio.md "Signs"): the paper, how many
 * signs a page, and the stops (tokens; every stop of the draft when left out).
 */
export const signSheetRequestSchema = z.strictObject({
  paper: z.enum(SIGN_PAPERS).default('a4'),
  per_page: z
    .union([z.literal(1), z.literal(2), z.literal(4)])
    .default(1)
    .describe('Signs a page: 1 (a full page), 2 (halves) or 4 (quarters)'),
  stops: z.array(tokenParam).min(1).max(SIGNS_MAX).optional(),
});
export type SignSheetRequest = z.input<typeof signSheetRequestSchema>;

/** A stop's short link: made once, kept through renames, moves, re-imports and a new guide token. */
export const signLinkSchema = z.object({
  stop: z.string().describe("The stop's token"),
  code: z.string().describe('The short code (Crockford base 32)'),
  url: z.string().describe('The link its QR code holds: {PUBLIC_URL}/s/{code}'),
});
export type SignLink = z.infer<typeof signLinkSchema>;

/** GET studio/guides/{token}/signs and GET guides/{token}/signs: the stops' short links. */
export const signLinksSchema = z.object({ links: z.array(signLinkSchema) });
export type SignLinks = z.infer<typeof signLinksSchema>;

/** GET signs/{code}: the published stop a short link opens. */
export const signTargetSchema = z.object({ guide_token: z.string(), poi_token: z.string() });
export type SignTarget = z.infer<typeof signTargetSchema>;

/** GET signs/{code} 404: the code is unknown, or its stop is no longer published (with its guide, if that still is). */
export const signMissingSchema = z.object({
  message: z.string(),
  guide: z.object({ token: z.string(), title: z.string() }).nullable(),
});
export type SignMissing = z.infer<typeof signMissingSchema>;
