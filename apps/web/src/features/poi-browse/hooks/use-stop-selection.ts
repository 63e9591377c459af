import { useCallback, useState } from 'react';
import { useVisit } from '../../../shared/visit/store';

/**
 * What the carousel and the list share about their stops' buttons: the selection, a tap that
 * selects, and the roving focus (one tab stop; arrow keys move it with setFocusable).
 */
export function useStopSelection() {
  const selected = useVisit((s) => s.selectedPoi);
  const selectPoi = useVisit((s) => s.selectPoi);
  const [focusable, setFocusable] = useState<string | null>(null);
  const select = useCallback(
    (token: string) => {
      // A tap moves the roving focus only when it had moved off the selection (arrow keys):
      // the tap's task is for the audio, not for re-rendering every stop.
      setFocusable((f) => (f === null ? f : token));
      selectPoi(token, 'user');
    },
    [selectPoi],
  );
  /** The tab stop among `tokens`: the focus moved by keys, else the selection, else the first. */
  const tabbable = (tokens: ReadonlySet<string>, first: string | undefined) =>
    [focusable, selected].find((t) => t !== null && tokens.has(t)) ?? first;
  return { selected, select, setFocusable, tabbable };
}
