import type { Kysely } from 'kysely';
import { STUDIO_MESSAGES, tokenParam } from '@earshot/core';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { HttpError, NotFoundError, UnauthorizedError } from '../../plugins/errors.js';
import { accessRepository, claimGuide } from './access-repository.js';

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
   * owner row belongs to the default organisation. Answers the owning organisation's id.
   */
  guide(user: AuthUser | null, token: string): Promise<{ organisationId: number }>;
  /** 401/404 likewise for an organisation (its members and admins). */
  organisation(user: AuthUser | null, organisationId: number): Promise<void>;
  /** 401 for no user, 403 for a non-admin. */
  admin(user: AuthUser | null): Promise<void>;
  isAdmin(userId: string): Promise<boolean>;
  /**
   * Records that an organisation owns a guide token (when a draft is created or imported), in
   * the caller's transaction when given. Idempotent; a token another organisation owns → 409.
   */
  own(token: string, organisationId: number, trx?: Kysely<Database>): Promise<void>;
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
      const organisationId = tokenParam.safeParse(token).success
        ? await repo.ownerOf(token)
        : undefined;
      if (organisationId === undefined || !(await mayOpen(u, organisationId)))
        throw new NotFoundError(NOT_FOUND);
      return { organisationId };
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

    async own(token, organisationId, trx) {
      // A published guide without an owner row is the default organisation's already: another
      // organisation may not take its token by creating a draft of the same name.
      const current = await accessRepository(trx ?? db).ownerOf(token);
      if (current !== undefined && current !== organisationId)
        throw new HttpError(409, TOKEN_TAKEN);
      const owner = await claimGuide(trx ?? db, token, organisationId);
      if (owner !== organisationId) throw new HttpError(409, TOKEN_TAKEN);
    },
  };
}
