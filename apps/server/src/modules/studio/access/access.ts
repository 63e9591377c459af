import type { Kysely } from 'kysely';
import { STUDIO_MESSAGES, tokenParam } from '@earshot/core';
import type { Database } from '../../../db/schema.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { HttpError, NotFoundError, UnauthorizedError } from '../../../plugins/errors.js';
import { accessRepository } from './access-repository.js';

/**
 * The one answer to a guide or organisation the user may not touch, whether it exists or not:
 * another organisation's publisher learns nothing (docs/studio.md, Roles).
 */
export const NOT_FOUND = STUDIO_MESSAGES.notFound;
export const ADMIN_ONLY = STUDIO_MESSAGES.adminOnly;
export const TOKEN_TAKEN = STUDIO_MESSAGES.tokenTaken;

export type StudioAccess = {
  /** 401 for no user; the user otherwise (calls any signed-in user may make). */
  user(user: AuthUser | null): AuthUser;
  /**
   * 401 for no user; 404 ('Not found') when the user may not touch this guide: not an admin,
   * not a member of its owning organisation, or no such guide. A published guide without an
   * owner row belongs to the default organisation. A guide never published is its
   * organisation's draft alone: each organisation may have one of a token (core
   * unpublishedDraftKey), and the caller reaches its own. Answers the organisation's id and
   * the draft's key (the token itself once published).
   */
  guide(user: AuthUser | null, token: string): Promise<GuideAccess>;
  /** 401/404 likewise for an organisation (its members and admins). */
  organisation(user: AuthUser | null, organisationId: number): Promise<void>;
  /** 401 for no user, 403 for a non-admin. */
  admin(user: AuthUser | null): Promise<void>;
  isAdmin(userId: string): Promise<boolean>;
  /** The organisation owning a published (or imported) guide token, or undefined. */
  ownerOf(token: string): Promise<number | undefined>;
};

export type GuideAccess = {
  organisationId: number;
  /** The key of the guide's draft: its token, or for a guide never published `token~id`. */
  key: string;
};

/** The service-layer check every studio call makes before it reads or writes anything. */
export function studioAccess(db: Kysely<Database>): StudioAccess {
  const repo = accessRepository(db);
  const signedIn = (user: AuthUser | null): AuthUser => {
    if (!user) throw new UnauthorizedError();
    return user;
  };
  const mayOpen = async (user: AuthUser, organisationId: number) =>
    (await repo.isAdmin(user.id)) || (await repo.isMember(organisationId, user.id));

  return {
    user: signedIn,

    async guide(user, token) {
      const u = signedIn(user);
      // Not a token (PostgreSQL text cannot even hold a NUL byte): nobody's guide, unasked.
      if (!tokenParam.safeParse(token).success) throw new NotFoundError(NOT_FOUND);
      const owner = await repo.ownerOf(token);
      if (owner !== undefined && (await mayOpen(u, owner)))
        return { organisationId: owner, key: token };
      const admin = await repo.isAdmin(u.id);
      for (const d of await repo.unpublishedDrafts(token))
        if (admin || (await repo.isMember(d.organisationId, u.id))) return d;
      throw new NotFoundError(NOT_FOUND);
    },

    async organisation(user, organisationId) {
      const u = signedIn(user);
      // An admin asking for an organisation that does not exist gets 404 too.
      if (!(await mayOpen(u, organisationId)) || !(await repo.organisationExists(organisationId)))
        throw new NotFoundError(NOT_FOUND);
    },

    async admin(user) {
      const u = signedIn(user);
      if (!(await repo.isAdmin(u.id))) throw new HttpError(403, ADMIN_ONLY);
    },

    isAdmin: (userId) => repo.isAdmin(userId),

    ownerOf: (token) => repo.ownerOf(token),
  };
}
