import { z } from 'zod';
import { MAX_ID } from './params.js';
import { DRAFT_STATUSES } from './draft-api.js';
import { INVITATION_STATUSES } from '../studio/studio-membership.js';
import { SLUG_MAX, SLUG_PATTERN, slugOf } from '../util/slug.js';

/** Request and response shapes of the studio's access calls (docs/studio.md, Roles and Calls). */

export const STUDIO_ROLES = ['admin', 'publisher'] as const;
export type StudioRole = (typeof STUDIO_ROLES)[number];

/** The messages the studio's access calls answer (the web shows them as they are). */
export const STUDIO_MESSAGES = {
  notFound: 'Not found',
  adminOnly: 'Only an administrator may do this',
  tokenTaken: 'That guide token is already in use',
  slugTaken: 'An organisation with that address name already exists',
  invitationNotFound: 'This invitation link is not valid. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationOtherEmail:
    'This invitation was sent to another e-mail address. Sign in with the address it was sent to.',
  alreadyMember: 'You are already a member of this organisation.',
  noPreview: 'This guide has no preview link now.',
  noPlace: 'No published guide is in this city yet: add a stop by its coordinates.',
  tokenPublishedMeanwhile:
    'Another organisation has published a guide with this token since this draft was made. Give this guide a token of its own: export it, change its token and import it.',
  // Accepting proves the address: studio-membership.ts, docs/security.md "Accounts, invitations…".
  invitationVerifyEmail:
    'Confirm that this e-mail address is yours before you accept: ask for a confirmation link, open it from the e-mail, then accept.',
  invitationVerifyUnavailable:
    'This server cannot send e-mail: accept the invitation, and an admin of the organisation confirms you.',
  invitationAlreadyVerified: 'Your e-mail address is confirmed already: you can accept.',
  verificationNotSent: 'The confirmation e-mail could not be sent. Please try again later.',
} as const;

export const organisationIdSchema = z.number().int().min(1).max(MAX_ID);

export const studioOrganisationSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  /** Which role the caller holds there: `admin` for an admin who is not a member. */
  role: z.enum(STUDIO_ROLES),
});
export type StudioOrganisation = z.infer<typeof studioOrganisationSchema>;

/** GET studio/me. */
export const studioMeSchema = z.object({
  admin: z.boolean(),
  organisations: z.array(studioOrganisationSchema),
  /** Invitations the user accepted that wait for an admin's confirmation (no rights yet). */
  pending: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type StudioMe = z.infer<typeof studioMeSchema>;

/** GET/POST studio/organisations (admin). */
export const organisationSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  created_at: z.string(),
  members: z.number(),
  guides: z.number(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const createOrganisationSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'A name is required')
      .max(120)
      // PostgreSQL text cannot hold NUL, and no control character belongs in a name.
      .refine((s) => !/\p{Cc}/u.test(s), 'Control characters are not allowed'),
    /** The organisation's address name; made from the name when left out. */
    slug: z
      .string()
      .max(SLUG_MAX)
      .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens')
      .optional(),
  })
  .strict();
export type CreateOrganisation = z.infer<typeof createOrganisationSchema>;

/**
 * A lower-case, hyphenated address name made from an organisation's name: at most 50
 * characters, so that the "-2" … "-50" the server adds when it is taken still fit the 60.
 */
export const slugify = (name: string): string =>
  slugOf(name, { max: 50, fallback: 'organisation' });

/** GET studio/organisations/{id}/members. */
export const memberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.literal('publisher'),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** POST studio/organisations/{id}/invitations. */
export const createInvitationSchema = z
  .object({ email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')) })
  .strict();

export const invitationCreatedSchema = z.object({
  id: z.number(),
  email: z.string(),
  expires_at: z.string(),
  /** Whether the link went out by e-mail (SMTP is set and the mail server took it). */
  mailed: z.boolean(),
  /** The link to pass on by hand; only when it was not mailed. */
  link: z.string().optional(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** GET studio/organisations/{id}/invitations (admin): those not yet accepted nor expired. */
export const pendingInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** GET studio/invitations/{token}: what it invites to (only for the address it was sent to). */
export const invitationSchema = z.object({
  organisation: z.object({ id: z.number(), name: z.string() }),
  email: z.string(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  /** What accepting takes for this account (core `invitationStep`), or `waiting` once done. */
  status: z.enum(INVITATION_STATUSES),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST studio/invitations/{token}/accept: a publisher now, or waiting for an admin. */
export const invitationAcceptedSchema = z.object({
  organisation: studioOrganisationSchema,
  status: z.enum(['member', 'pending']),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

/** A guide in GET studio/guides?organisation=ID. */

export const studioGuideSchema = z.object({
  token: z.string(),
  title: z.string(),
  organisation_id: z.number(),
  /** draft: never published; published: the draft (if any) is what visitors see; changed: edited since. */
  status: z.enum(DRAFT_STATUSES),
  updated_at: z.string(),
  /** The display name of who last saved it; null when it came from the command line. */
  updated_by: z.string().nullable(),
  published_at: z.string().nullable(),
});
export type StudioGuide = z.infer<typeof studioGuideSchema>;
