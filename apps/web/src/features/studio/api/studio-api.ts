import { queryOptions } from '@tanstack/react-query';
import {
  draftConflictSchema,
  guidePlaceSchema,
  guideVersionSchema,
  invitationAcceptedSchema,
  invitationCreatedSchema,
  invitationSchema,
  memberSchema,
  organisationSchema,
  pendingInvitationSchema,
  pendingMemberSchema,
  previewMadeSchema,
  previewSchema,
  signLinksSchema,
  problemsErrorSchema,
  publishedSchema,
  savedDraftSchema,
  studioDraftSchema,
  studioGuideSchema,
  studioMeSchema,
  verificationSentSchema,
  type DraftConflict,
  type DraftProblem,
  type GuideBundleInput,
  type Published,
  type StudioDraft,
} from '@earshot/core';
import { ApiError, apiGet, apiSend } from '../../../shared/api/client';

/*
 * The studio's answers are checked with core's schemas, the ones the server answers with
 * (docs/studio.md): one contract, no copies here.
 */

/** Every studio call is the user's own: it carries `Authorization` (docs/studio.md). */
const mine = { personal: true };
const enc = encodeURIComponent;

export const studioKeys = {
  all: ['studio'] as const,
  me: (userId: string) => ['studio', 'me', userId] as const,
  guides: (organisation: number) => ['studio', 'guides', organisation] as const,
  draft: (token: string) => ['studio', 'draft', token] as const,
  versions: (token: string) => ['studio', 'versions', token] as const,
  preview: (token: string) => ['studio', 'preview', token] as const,
  members: (id: number) => ['studio', 'members', id] as const,
  invitations: (id: number) => ['studio', 'invitations', id] as const,
  pendingMembers: (id: number) => ['studio', 'pending-members', id] as const,
  invitation: (token: string) => ['studio', 'invitation', token] as const,
  place: (token: string) => ['studio', 'place', token] as const,
  signs: (token: string) => ['studio', 'signs', token] as const,
};

/**
 * Where a guide's city is (the published guides there), for its map before the first stop;
 * a city without one answers 404, and the map stays on the world.
 */
export const placeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.place(token),
    queryFn: ({ signal }) =>
      apiGet(`studio/guides/${enc(token)}/place`, (d) => guidePlaceSchema.parse(d), signal, mine),
    staleTime: Infinity,
    retry: false,
  });

/** The draft's stops that have a sign, with their short links (none are made by asking). */
export const signLinksQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.signs(token),
    queryFn: ({ signal }) =>
      apiGet(`studio/guides/${enc(token)}/signs`, (d) => signLinksSchema.parse(d), signal, mine),
  });

export const meQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: studioKeys.me(userId),
    queryFn: ({ signal }) => apiGet('studio/me', (d) => studioMeSchema.parse(d), signal, mine),
  });

export const guidesQueryOptions = (organisation: number) =>
  queryOptions({
    queryKey: studioKeys.guides(organisation),
    queryFn: ({ signal }) =>
      apiGet(
        `studio/guides?organisation=${organisation}`,
        (d) => studioGuideSchema.array().parse(d),
        signal,
        mine,
      ),
  });

export const draftQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.draft(token),
    queryFn: ({ signal }) =>
      apiGet(`studio/guides/${enc(token)}/draft`, (d) => studioDraftSchema.parse(d), signal, mine),
    // The editor owns the draft once it has it: a refetch would replace the publisher's typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const versionsQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.versions(token),
    queryFn: ({ signal }) =>
      apiGet(
        `studio/guides/${enc(token)}/versions`,
        (d) => guideVersionSchema.array().parse(d),
        signal,
        mine,
      ),
  });

export const membersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studioKeys.members(id),
    queryFn: ({ signal }) =>
      apiGet(
        `studio/organisations/${id}/members`,
        (d) => memberSchema.array().parse(d),
        signal,
        mine,
      ),
  });

export const pendingInvitationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studioKeys.invitations(id),
    queryFn: ({ signal }) =>
      apiGet(
        `studio/organisations/${id}/invitations`,
        (d) => pendingInvitationSchema.array().parse(d),
        signal,
        mine,
      ),
  });

export const withdrawInvitation = (organisation: number, id: number) =>
  apiSend(
    'DELETE',
    `studio/organisations/${organisation}/invitations/${id}`,
    undefined,
    () => null,
  );

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiGet(`studio/invitations/${enc(token)}`, (d) => invitationSchema.parse(d), signal, mine),
    retry: false,
  });

export const createOrganisation = (name: string) =>
  apiSend('POST', 'studio/organisations', { name }, (d) => organisationSchema.parse(d));

export const invitePublisher = (organisation: number, email: string) =>
  apiSend('POST', `studio/organisations/${organisation}/invitations`, { email }, (d) =>
    invitationCreatedSchema.parse(d),
  );

export const acceptInvitation = (token: string) =>
  apiSend('POST', `studio/invitations/${enc(token)}/accept`, {}, (d) =>
    invitationAcceptedSchema.parse(d),
  );

/** Mails the invited account the link that confirms its address (SMTP set). */
export const requestVerification = (token: string) =>
  apiSend('POST', `studio/invitations/${enc(token)}/verify-email`, undefined, (d) =>
    verificationSentSchema.parse(d),
  );

export const pendingMembersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studioKeys.pendingMembers(id),
    queryFn: ({ signal }) =>
      apiGet(
        `studio/organisations/${id}/pending-members`,
        (d) => pendingMemberSchema.array().parse(d),
        signal,
        mine,
      ),
  });

export const confirmMember = (organisation: number, invitationId: number) =>
  apiSend(
    'POST',
    `studio/organisations/${organisation}/pending-members/${invitationId}/confirm`,
    undefined,
    () => null,
  );

export const refuseMember = (organisation: number, invitationId: number) =>
  apiSend(
    'DELETE',
    `studio/organisations/${organisation}/pending-members/${invitationId}`,
    undefined,
    () => null,
  );

export const createGuide = (input: {
  organisation_id: number;
  title: string;
  city: { name: string; state: string };
  language?: { code: string; label: string };
  token?: string;
}) => apiSend('POST', 'studio/guides', input, (d) => studioDraftSchema.parse(d));

/** What a save can end in: saved, or someone else saved a newer revision first. */
export type SaveResult =
  | { ok: true; revision: number; updated_at?: string | null; problems: DraftProblem[] }
  | { ok: false; conflict: DraftConflict };

export async function saveDraft(
  token: string,
  revision: number,
  document: GuideBundleInput,
): Promise<SaveResult> {
  try {
    const saved = await apiSend(
      'PUT',
      `studio/guides/${enc(token)}/draft`,
      { revision, document },
      (d) => savedDraftSchema.parse(d),
    );
    return { ok: true, ...saved };
  } catch (e) {
    if (e instanceof ApiError && e.status === 409)
      return { ok: false, conflict: draftConflictSchema.parse(e.body) };
    throw e;
  }
}

/** Publish: the version made, or every problem that blocks it (422). */
export async function publishGuide(
  token: string,
  revision: number,
): Promise<Published | { problems: DraftProblem[] }> {
  try {
    return await apiSend('POST', `studio/guides/${enc(token)}/publish`, { revision }, (d) =>
      publishedSchema.parse(d),
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 422) {
      const body = problemsErrorSchema.safeParse(e.body);
      if (body.success) return { problems: body.data.problems };
    }
    throw e;
  }
}

export const restoreVersion = (token: string, n: number, revision: number) =>
  apiSend(
    'POST',
    `studio/guides/${enc(token)}/versions/${n}/restore`,
    { revision },
    (d): StudioDraft => studioDraftSchema.parse(d),
  );

/** The draft at the guide's live preview link, or (`newLink`, or none live) at a new one. */
export const makePreview = (token: string, newLink = false) =>
  apiSend('POST', `studio/guides/${enc(token)}/preview`, newLink ? { new_link: true } : {}, (d) =>
    previewMadeSchema.parse(d),
  );

/** The guide's live preview link; null when it has none. */
export const getPreview = async (token: string, signal?: AbortSignal) => {
  try {
    return await apiGet(
      `studio/guides/${enc(token)}/preview`,
      (d) => previewSchema.parse(d),
      signal,
      mine,
    );
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
};

export const previewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.preview(token),
    queryFn: ({ signal }) => getPreview(token, signal),
  });

/** Revokes the guide's preview link: it answers 404 from now on. */
export const revokePreview = (token: string) =>
  apiSend('DELETE', `studio/guides/${enc(token)}/preview`, undefined, () => null);
