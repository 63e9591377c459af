import { STUDIO_MESSAGES, type PendingMember } from '@earshot/core';
import type { AuthUser } from '../../../plugins/auth.js';
import { NotFoundError } from '../../../plugins/errors.js';
import type { StudioAccess } from '../access/access.js';
import type { InvitationsRepository } from './invitations-repository.js';
import type { OrganisationsRepository } from '../organisations/organisations-repository.js';

/**
 * Acceptances that wait for an admin (docs/studio.md Roles): without mail, nobody proved that
 * whoever accepted holds the invited address, so an admin sees who it is and confirms or refuses
 * them. Until confirmed they are no member: `organisation_members` has no row for them.
 */
export function pendingMembersService(deps: {
  access: StudioAccess;
  invitations: InvitationsRepository;
  organisations: OrganisationsRepository;
}) {
  const { access, invitations, organisations } = deps;
  return {
    async list(user: AuthUser | null, organisationId: number): Promise<PendingMember[]> {
      await access.admin(user);
      if (!(await organisations.byId(organisationId)))
        throw new NotFoundError(STUDIO_MESSAGES.notFound);
      return invitations.awaiting(organisationId);
    },

    async confirm(user: AuthUser | null, organisationId: number, invitationId: number) {
      await access.admin(user);
      if (!(await invitations.confirm(organisationId, invitationId)))
        throw new NotFoundError(STUDIO_MESSAGES.notFound);
    },

    /** The acceptance and its invitation go: the account never was a member. */
    async refuse(user: AuthUser | null, organisationId: number, invitationId: number) {
      await access.admin(user);
      if (!(await invitations.refuse(organisationId, invitationId)))
        throw new NotFoundError(STUDIO_MESSAGES.notFound);
    },
  };
}

export type PendingMembersService = ReturnType<typeof pendingMembersService>;
