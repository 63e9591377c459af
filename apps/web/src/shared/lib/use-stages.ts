import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Runs `step` after the page has painted what is on screen now (at once in a hidden page);
 * returns what cancels it. Code that measures what a commit has just inserted (a map reading
 * its box, a carousel its slides) runs here, on a layout the browser has already made, instead
 * of forcing that layout inside the commit's task.
 */
export function afterPaint(step: () => void): () => void {
  let timer: number | undefined;
  // A hidden page paints no frames: requestAnimationFrame would never call back.
  const frame =
    document.visibilityState === 'visible'
      ? requestAnimationFrame(() => (timer = window.setTimeout(step)))
      : ((timer = window.setTimeout(step)), undefined);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * Mounts a screen in steps: 0 on the first render, then 1, 2, … up to `last`, each step once
 * the previous one has painted and rendered as a transition (React renders it in slices and
 * yields to the browser between them). A large screen that would be one long task of the main
 * thread on a phone becomes several short ones, the first of them what the visitor sees first.
 */
export function useStages(last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (stage >= last) return;
    return afterPaint(() => startTransition(() => setStage((s) => Math.min(last, s + 1))));
  }, [stage, last]);
  return stage;
}

/** Its children, from the step after its own first paint (see useStages). */
export function AfterPaint({ children }: { children: ReactNode }): ReactNode {
  return useStages(1) >= 1 ? children : null;
}
