import { z } from 'zod';

/**
 * An invitation link makes a publisher only of someone who proved the address it was sent to
 * (addresses are not verified at registration, so whoever holds a link could register that
 * address). docs/studio.md, Roles.
 */

/**
 * What an invitation asks of the signed-in, invited account: `ready` (accepting makes a
 * publisher at once), `verify_email` (confirm the address by the mailed link first),
 * `admin_confirms` (accepting waits for an admin), `waiting` (accepted, not confirmed yet).
 */
export const INVITATION_STATUSES = ['ready', 'verify_email', 'admin_confirms', 'waiting'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The step before an invitation may be accepted. A verified address (proved by mail, or by a
 * provider that vouches for it, such as Google) is proof enough; otherwise the mail proves it
 * when the server can send one (SMTP), and an admin's confirmation when it cannot.
 */
export function invitationStep(account: {
  verified: boolean;
  mail: boolean;
}): Exclude<InvitationStatus, 'waiting'> {
  if (account.verified) return 'ready';
  return account.mail ? 'verify_email' : 'admin_confirms';
}

/**
 * ADMIN_EMAILS makes an account admin only when its address is listed (compared without case)
 * and verified: an unverified address may be anyone's registration.
 */
export function adminEmailGrants(
  listed: readonly string[],
  account: { email: string; verified: boolean },
): boolean {
  const email = account.email.trim().toLowerCase();
  return account.verified && listed.some((e) => e.trim().toLowerCase() === email);
}

/** GET studio/organisations/{id}/pending-members (admin): who accepted and waits to be confirmed. */
export const pendingMemberSchema = z.object({
  /** The invitation accepted; confirm or refuse by it. */
  invitation_id: z.number(),
  user_id: z.string(),
  /** The account's display name and address as registered (not verified). */
  name: z.string(),
  email: z.string(),
  accepted_at: z.string(),
  /** The address the invitation was sent to, who sent it and when. */
  invited_email: z.string(),
  invited_by: z.string().nullable(),
  invited_at: z.string(),
});
export type PendingMember = z.infer<typeof pendingMemberSchema>;

/** POST studio/invitations/{token}/verify-email: where the confirmation link went. */
export const verificationSentSchema = z.object({ sent_to: z.string() });
export type VerificationSent = z.infer<typeof verificationSentSchema>;
