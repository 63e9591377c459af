import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { routeId } from '@earshot/core';

/**
 * The challenge open over the hunt, kept in the address (`?challenge=ID`) so the browser's
 * back button returns to the hunt too (SPEC §4: from a challenge, back returns to the hunt).
 */
export function useOpenChallenge() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const open = routeId(params.get('challenge') ?? '');
  const show = (id: number) =>
    void navigate({ search: `?challenge=${id}` }, { state: { overHunt: true } });
  const back = () => {
    // Opened from the list: going back is the history's step back. Opened from a link: the
    // hunt replaces it.
    if ((location.state as { overHunt?: boolean } | null)?.overHunt) void navigate(-1);
    else void navigate({ search: '' }, { replace: true });
  };
  return { open, show, back };
}
