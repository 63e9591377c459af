import { randomBytes } from 'node:crypto';
import {
  guideTokenOfDraftKey,
  normalizeSignCode,
  signCode,
  signContents,
  signPath,
  SIGN_CODE_LENGTH,
  SIGN_GONE,
  SIGN_UNKNOWN,
  type GuideBundleInput,
  type SignLink,
  type SignLinks,
  type SignMissing,
  type SignSheetRequest,
  type SignTarget,
  type ThemeData,
} from '@earshot/core';
import type { AuthUser } from '../../../plugins/auth.js';
import { HttpError } from '../../../plugins/errors.js';
import type { DraftsService, StudioDeps } from '../drafts/drafts-service.js';
import { signSheetPdf } from './sign-pdf.js';
import { signsRepository, type SignRow } from './signs-repository.js';

export const SIGNS_UNREADABLE = 'Fix the guide’s problems before making its signs';
export const SIGNS_FOREIGN =
  'These stops’ names are another organisation’s: rename them to make their signs';

/** A 404 that carries the guide to point to (GET signs/{code}). */
export class SignMissingError extends HttpError {
  constructor(body: SignMissing) {
    super(404, body.message, undefined, { guide: body.guide });
  }
}

/** New codes are drawn this many times for stops whose code clashed (32^6 codes: rarely once). */
const DRAWS = 5;

/**
 * Signs for the street (docs/studio.md "Signs"): each stop's short link, made once and kept
 * by the stop's token, the print-ready sheet, and what a link opens for a visitor.
 */
export function signsService({ handle }: StudioDeps, drafts: DraftsService, publicUrl: string) {
  const repo = signsRepository(handle.db);
  const base = publicUrl.replace(/\/+$/, '');
  const link = (r: Pick<SignRow, 'poi_token' | 'code'>): SignLink => ({
    stop: r.poi_token,
    code: r.code,
    url: `${base}${signPath(r.code)}`,
  });

  /** The draft as the signs read it, or 422 when it is no guide with stops yet. */
  async function openedDraft(user: AuthUser | null, token: string) {
    const row = await drafts.opened(user, token);
    const doc = JSON.parse(row.document) as Partial<GuideBundleInput>;
    const pois = Array.isArray(doc.pois) ? doc.pois : [];
    if (
      typeof doc.guide?.title !== 'string' ||
      !pois.every((p) => typeof p === 'object' && p !== null && typeof p.token === 'string')
    )
      throw new HttpError(422, SIGNS_UNREADABLE);
    return { row, draft: { guide: doc.guide, pois } as Pick<GuideBundleInput, 'guide' | 'pois'> };
  }

  /**
   * The links of these stops of the organisation's draft `key`, made for those that have none.
   * A stop token already linked by another organisation (a copied bundle's) is refused: its
   * sign would open that organisation's stop.
   */
  async function linksOf(organisationId: number, key: string, stops: readonly string[]) {
    const found = new Map<string, SignRow>();
    const read = async () => {
      for (const r of await repo.ofStops(stops.filter((s) => !found.has(s))))
        found.set(r.poi_token, r);
    };
    await read();
    for (let draw = 0; draw < DRAWS && found.size < stops.length; draw++) {
      const missing = stops.filter((s) => !found.has(s));
      await repo.add(
        missing.map((poi_token) => ({
          code: signCode(randomBytes(SIGN_CODE_LENGTH)),
          poi_token,
          organisation_id: organisationId,
          guide_token: guideTokenOfDraftKey(key),
        })),
      );
      await read();
    }
    const foreign = stops.filter((s) => found.get(s)?.organisation_id !== organisationId);
    if (foreign.length) throw new HttpError(409, `${SIGNS_FOREIGN}: ${foreign.join(', ')}`);
    return stops.map((s) => found.get(s)!);
  }

  return {
    /** The sheet of signs as a PDF, with its file name; the links are made as needed. */
    async sheet(user: AuthUser | null, token: string, body: SignSheetRequest) {
      const { row, draft } = await openedDraft(user, token);
      const picked = signContents(draft, body.stops);
      if (!picked.ok) throw new HttpError(picked.unknown.length ? 400 : 422, picked.message);
      const links = await linksOf(
        row.organisation_id,
        row.guide_token,
        picked.signs.map((s) => s.stop),
      );
      const signs = picked.signs.map((s, i) => {
        const l = link(links[i]!);
        return { ...s, url: l.url, shortLink: l.url.replace(/^https?:\/\//, '') };
      });
      const pdf = await signSheetPdf(signs, {
        paper: body.paper ?? 'a4',
        perPage: body.per_page ?? 1,
        theme: (draft.guide.theme as ThemeData | undefined) ?? null,
        title: draft.guide.title,
      });
      return { pdf, name: `${guideTokenOfDraftKey(row.guide_token)}-signs.pdf` };
    },

    /** The draft's stops that have a sign, with their links (none are made). */
    async links(user: AuthUser | null, token: string): Promise<SignLinks> {
      const { row, draft } = await openedDraft(user, token);
      const tokens = (draft.pois ?? []).map((p) => p.token);
      const rows = new Map((await repo.ofStops(tokens)).map((r) => [r.poi_token, r]));
      return {
        links: tokens.flatMap((t) => {
          const r = rows.get(t);
          return r && r.organisation_id === row.organisation_id ? [link(r)] : [];
        }),
      };
    },

    /** A published guide's sign links (for the visitor app's offline copy). */
    async ofGuide(token: string): Promise<SignLinks> {
      return { links: (await repo.ofPublishedGuide(token)).map(link) };
    },

    /**
     * The published stop a code opens, wherever the stop now is; 404 naming the guide the
     * sign was made for while that one is published, for a stop gone from it.
     */
    async open(input: string): Promise<SignTarget> {
      const code = normalizeSignCode(input);
      const row = code ? await repo.byCode(code) : undefined;
      if (!row) throw new SignMissingError({ message: SIGN_UNKNOWN, guide: null });
      const at = await repo.publishedStop(row.poi_token, row.organisation_id);
      if (at) return { guide_token: at.guide_token, poi_token: row.poi_token };
      const guide = await repo.publishedGuide(row.guide_token, row.organisation_id);
      throw new SignMissingError({
        message: guide ? SIGN_GONE : SIGN_UNKNOWN,
        guide: guide ?? null,
      });
    },
  };
}

export type SignsService = ReturnType<typeof signsService>;
