import { useEffect, useRef } from 'react';

type Data = { title: string; text: string; url: string };

const supported = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/** How long a tap on 'Share…' waits for the picture still loading (the tap's user activation lasts ~5 s). */
const FILE_WAIT_MS = 1500;

async function loadFile(image: string, signal: AbortSignal): Promise<File | null> {
  try {
    const r = await fetch(image, { signal });
    if (!r.ok) return null;
    const blob = await r.blob();
    const name = new URL(image).pathname.split('/').pop() || 'image';
    return new File([blob], name, { type: blob.type });
  } catch {
    return null;
  }
}

/**
 * The Web Share API where the browser has it. The picture is fetched when the dialog opens
 * (a share must start within the tap's user activation) and sent as a file only when
 * canShare accepts it.
 */
export function useWebShare(data: Data, image: string | null) {
  const file = useRef<Promise<File | null>>(Promise.resolve(null));
  useEffect(() => {
    if (!image || !supported() || typeof navigator.canShare !== 'function') return;
    const abort = new AbortController();
    file.current = loadFile(image, abort.signal);
    return () => {
      abort.abort();
      file.current = Promise.resolve(null);
    };
  }, [image]);

  /** Opens the share sheet; true when the visitor shared (not when they closed it). */
  const share = async (): Promise<boolean> => {
    const wait = new Promise<null>((done) => setTimeout(() => done(null), FILE_WAIT_MS));
    const picture = await Promise.race([file.current, wait]);
    const files = picture && navigator.canShare?.({ files: [picture] }) ? [picture] : undefined;
    try {
      await navigator.share(files ? { ...data, files } : data);
      return true;
    } catch (e) {
      // The visitor closing the share sheet is not an error.
      if ((e as Error).name !== 'AbortError') console.warn('Web Share failed', e);
      return false;
    }
  };
  return { supported: supported(), share };
}
