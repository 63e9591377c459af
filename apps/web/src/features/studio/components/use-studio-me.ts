import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/client';
import { isSignedIn, useAuthStore } from '../../../shared/auth/store';
import { meQueryOptions } from '../api/studio-api';
import type { StudioMe } from '@earshot/core';

export type StudioOrg = { id: number; name: string };

/** Who the studio's user is: signed out, loading, failed, or their roles and organisations. */
export type StudioAccess =
  | { kind: 'signed-out' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; retry: () => void }
  | { kind: 'ready'; me: StudioMe; organisations: StudioOrg[] };

/**
 * The organisations the user may open: their own, and for an admin every one (studio/me
 * lists them all for an admin, docs/studio.md).
 */
export function useStudioMe(): StudioAccess {
  const user = useAuthStore((s) => (isSignedIn(s) ? s.user : null));
  const me = useQuery({ ...meQueryOptions(user?.id ?? ''), enabled: !!user });
  if (!user) return { kind: 'signed-out' };
  if (me.error instanceof ApiError && me.error.status === 401) return { kind: 'signed-out' };
  if (me.error)
    return { kind: 'failed', message: me.error.message, retry: () => void me.refetch() };
  if (!me.data) return { kind: 'loading' };
  const organisations = me.data.organisations.map(({ id, name }) => ({ id, name }));
  return { kind: 'ready', me: me.data, organisations };
}
