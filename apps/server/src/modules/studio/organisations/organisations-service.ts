import {
  slugify,
  STUDIO_MESSAGES,
  studioGuideList,
  type CreateOrganisation,
  type Organisation,
  type StudioGuide,
  type StudioMe,
} from '@earshot/core';
import type { AuthUser } from '../../../plugins/auth.js';
import { HttpError, NotFoundError } from '../../../plugins/errors.js';
import type { StudioAccess } from '../access/access.js';
import type { OrganisationsRepository } from './organisations-repository.js';
import type { StudioGuidesRepository } from './guides-repository.js';

/**
 * The studio's organisation calls. Every one starts with its access check (access/access.ts), so a
 * route that forgot the guard (access/guard.ts) would still refuse.
 */
export function studioService(deps: {
  access: StudioAccess;
  organisations: OrganisationsRepository;
  guides: StudioGuidesRepository;
  /** The organisations whose invitation the user accepted, waiting for an admin. */
  waiting: (userId: string) => Promise<{ id: number; name: string }[]>;
}) {
  const { access, organisations, guides } = deps;
  return {
    /** Any signed-in user: their roles (an admin sees every organisation). */
    async me(user: AuthUser | null): Promise<StudioMe> {
      const u = access.user(user);
      const admin = await access.isAdmin(u.id);
      const rows = await organisations.forUser(u.id, admin);
      return {
        pending: await deps.waiting(u.id),
        admin,
        organisations: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          role: r.role === 'publisher' ? ('publisher' as const) : ('admin' as const),
        })),
      };
    },

    async organisations(user: AuthUser | null): Promise<Organisation[]> {
      await access.admin(user);
      return organisations.list();
    },

    /** A name's slug, made unique with -2, -3 … when left out; a slug given and taken → 409. */
    async createOrganisation(user: AuthUser | null, body: CreateOrganisation) {
      await access.admin(user);
      const base = body.slug ?? slugify(body.name);
      for (let n = 1; n <= 50; n++) {
        const slug = n === 1 ? base : `${base}-${n}`;
        const id = await organisations.create(body.name, slug);
        if (id !== undefined) return (await organisations.list()).find((o) => o.id === id)!;
        if (body.slug) break;
      }
      throw new HttpError(409, STUDIO_MESSAGES.slugTaken);
    },

    async members(user: AuthUser | null, organisationId: number) {
      await access.organisation(user, organisationId);
      const rows = await organisations.members(organisationId);
      return rows.map((r) => ({ ...r, role: 'publisher' as const }));
    },

    async removeMember(user: AuthUser | null, organisationId: number, userId: string) {
      await access.admin(user);
      if (!(await organisations.removeMember(organisationId, userId)))
        throw new NotFoundError(STUDIO_MESSAGES.notFound);
    },

    async guides(user: AuthUser | null, organisationId: number): Promise<StudioGuide[]> {
      await access.organisation(user, organisationId);
      const [published, drafts] = await Promise.all([
        guides.published(organisationId),
        guides.drafts(organisationId),
      ]);
      return studioGuideList(organisationId, published, drafts);
    },
  };
}

export type StudioService = ReturnType<typeof studioService>;
