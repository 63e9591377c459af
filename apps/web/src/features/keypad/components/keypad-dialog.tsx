import { useMemo } from 'react';
import { useVisit } from '../../../shared/visit/store';
import { useVisitPois } from '../../../shared/visit/use-guide';
import { KeypadDialogView } from './keypad-dialog-view';

/**
 * The guide's keypad dialog: a number that matches selects its stop at once (it starts
 * playing), and after the auto-visit time the stop's detail opens and the keypad closes.
 */
export function KeypadDialog() {
  const mode = useVisit((s) => s.keypad) ?? 'keypad';
  const openKeypad = useVisit((s) => s.openKeypad);
  const closeKeypad = useVisit((s) => s.closeKeypad);
  const selectPoi = useVisit((s) => s.selectPoi);
  const openDetail = useVisit((s) => s.openDetail);
  const selected = useVisit((s) => s.selectedPoi);
  const { present } = useVisitPois();
  const handlers = useMemo(
    () => ({
      onMatch: (token: string) => selectPoi(token, 'keypad'),
      onVisit: () => {
        openDetail('modal');
        closeKeypad();
      },
    }),
    [selectPoi, openDetail, closeKeypad],
  );
  return (
    <KeypadDialogView
      stops={present}
      mode={mode}
      setMode={openKeypad}
      onClose={closeKeypad}
      selected={selected}
      handlers={handlers}
    />
  );
}
