import { createHash, randomBytes } from 'node:crypto';
import {
  invitationStep,
  STUDIO_MESSAGES,
  type Invitation,
  type InvitationAccepted,
  type InvitationCreated,
  type PendingInvitation,
  type VerificationSent,
} from '@earshot/core';
import type { AddressCheck } from '../../auth/setup.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { HttpError, NotFoundError } from '../../../plugins/errors.js';
import type { StudioAccess } from '../access/access.js';
import type { InvitationsRepository } from './invitations-repository.js';
import type { InviteMailer } from './invite-mail.js';
import type { OrganisationsRepository } from '../organisations/organisations-repository.js';

export const INVITATION_DAYS = 7;
/** The web page that opens an invitation (docs/studio.md, Web). */
export const INVITATION_PAGE = '/studio/invitations/';

/** Only this is stored: a leaked table holds no usable link. */
export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

type Log = { error(obj: object, message: string): void };

/**
 * Invitations: an admin invites an e-mail address to an organisation; the link (32 random
 * bytes) works once, for 7 days, and only for an account with that address (so a forwarded
 * link makes nobody a publisher) which proved it (by mail, or an admin's confirmation).
 */
export function invitationsService(deps: {
  access: StudioAccess;
  invitations: InvitationsRepository;
  organisations: OrganisationsRepository;
  publicUrl: string;
  mailer?: InviteMailer;
  /** Mails an account the link that verifies its address (SMTP set; auth/setup.ts). */
  addressCheck?: AddressCheck;
  log: Log;
  now?: () => Date;
}) {
  const { access, invitations, organisations, mailer, addressCheck, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The invitation of `token` as the signed-in user may see it, or the error that explains.
   * `waiting`: this user accepted it and an admin has not confirmed them yet (no rights yet).
   */
  async function usable(user: AuthUser | null, token: string) {
    const u = access.user(user);
    const row = await invitations.byHash(hashInvitationToken(token));
    if (!row) throw new NotFoundError(STUDIO_MESSAGES.invitationNotFound);
    if (row.email.toLowerCase() !== u.email.toLowerCase())
      throw new HttpError(403, STUDIO_MESSAGES.invitationOtherEmail);
    if (row.accepted_at && row.accepted_by === u.id && !row.confirmed_at)
      return { user: u, row, waiting: true };
    if (row.accepted_at) throw new HttpError(410, STUDIO_MESSAGES.invitationUsed);
    if (Date.parse(row.expires_at) <= now().getTime())
      throw new HttpError(410, STUDIO_MESSAGES.invitationExpired);
    return { user: u, row, waiting: false };
  }

  /** What accepting takes for this account (core invitationStep), read fresh each time. */
  const stepOf = async (u: AuthUser) =>
    invitationStep({
      verified: await invitations.addressVerified(u.id),
      mail: addressCheck !== undefined,
    });

  return {
    async invite(
      user: AuthUser | null,
      organisationId: number,
      email: string,
    ): Promise<InvitationCreated> {
      await access.admin(user);
      const organisation = await organisations.byId(organisationId);
      if (!organisation) throw new NotFoundError(STUDIO_MESSAGES.notFound);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + INVITATION_DAYS * 86_400_000).toISOString();
      const id = await invitations.create({
        organisation_id: organisationId,
        email,
        token_hash: hashInvitationToken(token),
        invited_by: user!.id,
        expires_at: expiresAt,
      });
      const link = `${deps.publicUrl}${INVITATION_PAGE}${token}`;
      let mailed = false;
      if (mailer) {
        try {
          await mailer(email, {
            organisation: organisation.name,
            invitedBy: user!.name,
            link,
            expiresAt,
          });
          mailed = true;
        } catch (e) {
          // The admin gets the link to pass on instead: the invitation itself is made.
          log.error({ err: (e as Error).message }, 'studio invitation mail not sent');
        }
      }
      return { id, email, expires_at: expiresAt, mailed, ...(mailed ? {} : { link }) };
    },

    async pending(user: AuthUser | null, organisationId: number): Promise<PendingInvitation[]> {
      await access.admin(user);
      if (!(await organisations.byId(organisationId)))
        throw new NotFoundError(STUDIO_MESSAGES.notFound);
      return invitations.pending(organisationId, now().toISOString());
    },

    /** Takes back an invitation not yet accepted: its link stops working. */
    async withdraw(user: AuthUser | null, organisationId: number, id: number): Promise<void> {
      await access.admin(user);
      if (!(await invitations.withdraw(organisationId, id)))
        throw new NotFoundError(STUDIO_MESSAGES.notFound);
    },

    async show(user: AuthUser | null, token: string): Promise<Invitation> {
      const { user: u, row, waiting } = await usable(user, token);
      return {
        organisation: { id: row.organisation_id, name: row.organisation_name },
        email: row.email,
        invited_by: row.invited_by,
        expires_at: row.expires_at,
        status: waiting ? 'waiting' : await stepOf(u),
      };
    },

    /**
     * Accepting proves the address first (docs/studio.md Roles): a verified account becomes a
     * publisher; an unverified one is told to confirm its address by mail when the server can
     * send one (403), and otherwise waits for an admin to confirm it, with no rights meanwhile.
     */
    async accept(user: AuthUser | null, token: string): Promise<InvitationAccepted> {
      const { user: u, row, waiting } = await usable(user, token);
      const organisation = {
        id: row.organisation_id,
        name: row.organisation_name,
        slug: row.organisation_slug,
        role: 'publisher' as const,
      };
      if (waiting) return { organisation, status: 'pending' };
      const step = await stepOf(u);
      if (step === 'verify_email') throw new HttpError(403, STUDIO_MESSAGES.invitationVerifyEmail);
      const confirmed = step === 'ready';
      if (!(await invitations.accept(row.id, row.organisation_id, u.id, confirmed)))
        throw new HttpError(410, STUDIO_MESSAGES.invitationUsed);
      return { organisation, status: confirmed ? 'member' : 'pending' };
    },

    /** Mails the invited account a link that confirms its address and leads back here. */
    async sendVerification(user: AuthUser | null, token: string): Promise<VerificationSent> {
      const { user: u, waiting } = await usable(user, token);
      if (waiting) throw new HttpError(410, STUDIO_MESSAGES.invitationUsed);
      if (!addressCheck) throw new HttpError(409, STUDIO_MESSAGES.invitationVerifyUnavailable);
      if (await invitations.addressVerified(u.id))
        throw new HttpError(409, STUDIO_MESSAGES.invitationAlreadyVerified);
      try {
        await addressCheck(u.email, `${INVITATION_PAGE}${token}?address=confirmed`);
      } catch (e) {
        log.error({ err: (e as Error).message }, 'address confirmation mail not sent');
        throw new HttpError(503, STUDIO_MESSAGES.verificationNotSent);
      }
      return { sent_to: u.email };
    },
  };
}

export type InvitationsService = ReturnType<typeof invitationsService>;
