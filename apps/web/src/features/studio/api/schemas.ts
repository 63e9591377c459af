import { z } from 'zod';

/** The studio's answers as docs/studio.md describes them, checked as they arrive. */
const problem = z.object({ path: z.string(), message: z.string() });
const nullableText = z.string().nullable().optional();

export const meSchema = z.object({
  admin: z.boolean(),
  organisations: z.array(
    z.object({ id: z.number(), name: z.string(), slug: z.string(), role: z.string() }),
  ),
  /** Organisations whose invitation the user accepted, waiting for an admin to confirm them. */
  pending: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
});
export type StudioMe = z.infer<typeof meSchema>;
export type StudioOrganisation = StudioMe['organisations'][number];

export const membersSchema = z.array(
  z.object({ name: z.string().nullable().optional(), email: z.string(), role: z.string() }).loose(),
);
export type StudioMember = z.infer<typeof membersSchema>[number];

export const invitationSentSchema = z.object({
  id: z.union([z.number(), z.string()]),
  email: z.string(),
  expires_at: z.string(),
  mailed: z.boolean(),
  link: z.string().nullable().optional(),
});
export type InvitationSent = z.infer<typeof invitationSentSchema>;

export const pendingInvitationsSchema = z.array(
  z.object({
    id: z.number(),
    email: z.string(),
    invited_by: z.string().nullable().optional(),
    expires_at: z.string(),
  }),
);

export const INVITATION_STATUSES = ['ready', 'verify_email', 'admin_confirms', 'waiting'] as const;

export const invitationSchema = z
  .object({
    email: z.string().optional(),
    organisation: z
      .union([z.string(), z.object({ id: z.number(), name: z.string() }).loose()])
      .optional(),
    organisation_name: z.string().optional(),
    invited_by: z.string().nullable().optional(),
    expires_at: z.string().optional(),
    /** What accepting takes (core INVITATION_STATUSES, docs/studio.md Roles). */
    status: z.enum(INVITATION_STATUSES).optional(),
  })
  .loose();
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationAcceptedSchema = z
  .object({ status: z.enum(['member', 'pending']).optional() })
  .loose();

export const verificationSentSchema = z.object({ sent_to: z.string() });

/** Who accepted an invitation and waits for an admin's confirmation (core pendingMemberSchema). */
export const pendingMembersSchema = z.array(
  z.object({
    invitation_id: z.number(),
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    accepted_at: z.string(),
    invited_email: z.string(),
    invited_by: z.string().nullable(),
    invited_at: z.string(),
  }),
);
export type PendingMember = z.infer<typeof pendingMembersSchema>[number];

export const GUIDE_STATUSES = ['draft', 'published', 'changed'] as const;
export type GuideStatus = (typeof GUIDE_STATUSES)[number];

export const studioGuidesSchema = z.array(
  z.object({
    token: z.string(),
    title: z.string(),
    organisation_id: z.number(),
    status: z.enum(GUIDE_STATUSES),
    updated_at: nullableText,
    updated_by: nullableText,
    published_at: nullableText,
  }),
);
export type StudioGuide = z.infer<typeof studioGuidesSchema>[number];

/** The draft document is the server's to check (draftProblems): here it is only an object. */
export const draftSchema = z.object({
  token: z.string(),
  organisation_id: z.number(),
  revision: z.number(),
  updated_at: nullableText,
  updated_by: nullableText,
  status: z.enum(GUIDE_STATUSES).optional(),
  document: z.record(z.string(), z.unknown()),
  problems: z.array(problem).default([]),
});
export type StudioDraft = z.infer<typeof draftSchema>;

export const savedSchema = z.object({
  revision: z.number(),
  updated_at: nullableText,
  problems: z.array(problem).default([]),
});
export type Saved = z.infer<typeof savedSchema>;

export const conflictSchema = z.object({
  revision: z.number(),
  updated_at: nullableText,
  updated_by: nullableText,
  changed: z.array(z.string()).default([]),
});
export type Conflict = z.infer<typeof conflictSchema>;

export const publishedSchema = z.object({ version: z.number(), published_at: z.string() });
export const problemsBodySchema = z.object({ problems: z.array(problem) });

export const versionsSchema = z.array(
  z.object({ number: z.number(), published_at: z.string(), published_by: nullableText }),
);
export type StudioVersion = z.infer<typeof versionsSchema>[number];

export const previewSchema = z.object({
  token: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
export type StudioPreview = z.infer<typeof previewSchema>;
export const previewMadeSchema = previewSchema.extend({ created: z.boolean() });
