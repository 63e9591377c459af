import { useEffect, useState } from 'react';
import { queuedPhoto } from '../outbox/queue-db';

/** An object URL of the picture of a queued photo answer (null until read, or without one). */
export function useQueuedPhotoUrl(localId: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!localId) return;
    let made: string | null = null;
    let live = true;
    queuedPhoto(localId)
      .then((blob) => {
        if (!live || !blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      // Without IndexedDB there is no picture to show: the answer shows without it.
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [localId]);
  return url;
}
