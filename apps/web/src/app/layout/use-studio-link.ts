import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api/client';

/**
 * Whether an answer of `GET studio/me` opens the studio: an admin, or a member of an
 * organisation (docs/studio.md "Roles"). Read without a schema library: this runs in the
 * drawer's own chunk, which the visitor routes do not load with their page.
 */
export function opensStudio(answer: unknown): boolean {
  const me = answer as { admin?: unknown; organisations?: unknown } | null;
  return me?.admin === true || (Array.isArray(me?.organisations) && me.organisations.length > 0);
}

/**
 * Whether the drawer offers the studio to the signed-in user `userId` (null: signed out, no
 * call). Asked once the menu opens, kept for five minutes; any failure offers nothing.
 */
export function useStudioLink(userId: string | null): boolean {
  const me = useQuery({
    queryKey: ['drawer', 'opens-studio', userId],
    queryFn: ({ signal }) => apiGet('studio/me', opensStudio, signal, { personal: true }),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return userId !== null && me.data === true;
}
