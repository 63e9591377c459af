import { useEffect } from 'react';
import { apiSend } from '../../../shared/api/client';
import { useUserId } from '../hooks/use-user-id';

/** SPEC §7 POST guides_by_token/{token}/subscribe/: signed in only, no payload, no answer. */
export const postSubscribe = (guideToken: string): Promise<void> =>
  apiSend(
    'POST',
    `guides_by_token/${encodeURIComponent(guideToken)}/subscribe/`,
    undefined,
    () => undefined,
  );

/** Users subscribed to guides in this page's life: the call is idempotent, once is enough. */
const subscribed = new Set<string>();

/** SPEC §2 guide-home entry: a signed-in user is subscribed to the guide; errors are ignored. */
export function useSubscribe(guideToken: string): void {
  const userId = useUserId();
  useEffect(() => {
    if (!userId) return;
    const key = `${userId} ${guideToken}`;
    if (subscribed.has(key)) return;
    subscribed.add(key);
    postSubscribe(guideToken).catch(() => subscribed.delete(key));
  }, [userId, guideToken]);
}
