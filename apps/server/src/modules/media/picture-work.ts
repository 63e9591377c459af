/**
 * A counting gate: at most `n` jobs run; the others wait in order. A job that ends hands its
 * place to the first waiting one as it is: were the place freed first, a call coming before
 * the woken job resumes would take it too, and n + 1 would run.
 */
export function gate(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((r) => waiting.push(r));
    else running++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * How many pictures this process decodes and encodes at once, whatever asks (docs/security.md):
 * studio uploads, photo answers, bundle imports (and so publish and preview) and right-sized
 * variants. Each holds a decoded picture (up to MEDIA_MAX_PIXELS × 4 bytes, ~200 MB) and a core,
 * so a burst of uploads or of first requests for variants waits here instead of taking the
 * memory and every core of the machine.
 */
export const PICTURE_CONCURRENCY = 2;

/**
 * Runs one picture's decoding and encoding when a place is free. A job must not call
 * pictureWork itself (it would wait for a place it holds).
 */
export const pictureWork = gate(PICTURE_CONCURRENCY);
