/**
 * A queue's sender, one run at a time: a call during a run makes it go over the queue once
 * more when it ends, so what was queued meanwhile is not left behind. `onEnd` runs after each.
 */
export function oneRunAtATime(pass: () => Promise<void>, onEnd?: () => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again);
    })().finally(() => {
      running = null;
      onEnd?.();
    });
    return running;
  };
}
