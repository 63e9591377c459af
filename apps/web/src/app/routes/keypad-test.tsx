import { useMemo, useState, type CSSProperties } from 'react';
import { KEYPAD_AUTO_VISIT_MS, KEYPAD_TEST_CODES, poiColor } from '@earshot/core';
import {
  KeypadDialogView,
  type KeypadMode,
} from '../../features/keypad/components/keypad-dialog-view';
import buttons from '../../shared/ui/button.module.css';
import { KEYPAD_STOPS } from './test-pages/fixtures';
import { TestPage } from './test-pages/test-page';
import styles from './test-pages/test-page.module.css';

const codes = KEYPAD_TEST_CODES.join(', ');
const titleOf = (token: string | null) => KEYPAD_STOPS.find((s) => s.token === token);

/**
 * /keypad_test (SPEC §2 test pages): the guide screen's own keypad dialog over three test
 * stops with the SPEC §9 codes 123, 456 and 789. The dialog announces the stop a number
 * matched (its live region); the page keeps the last match, and the auto-visit closes the
 * dialog as it does in a guide.
 */
export function KeypadTestRoute() {
  const [mode, setMode] = useState<KeypadMode | null>(null);
  const [match, setMatch] = useState<string | null>(null);
  const handlers = useMemo(() => ({ onMatch: setMatch, onVisit: () => setMode(null) }), []);
  const matched = titleOf(match);
  return (
    <TestPage
      title="Keypad test"
      lead={`The keypad dialog of a guide, over three test stops numbered ${codes}. Type a number: a match is announced with the stop it matched, and ${KEYPAD_AUTO_VISIT_MS / 1000} seconds later the keypad closes, as it does in a guide.`}
    >
      <section className={styles.panel} aria-labelledby="keypad-test-stops">
        <h2 id="keypad-test-stops">Test stops</h2>
        <ul className={styles.codes}>
          {KEYPAD_STOPS.map((s) => (
            <li key={s.token} style={{ '--poi': poiColor(s.color) } as CSSProperties}>
              <span className={styles.code}>{s.keypad_code}</span>
              {s.title}
            </li>
          ))}
        </ul>
        <p className={styles.status} role="status" data-testid="keypad-test-match">
          {matched
            ? `Last match: ${matched.keypad_code}, ${matched.title}`
            : 'No number matched yet.'}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.button}
            aria-haspopup="dialog"
            onClick={() => setMode('keypad')}
          >
            Open the keypad
          </button>
          <button
            type="button"
            className={`${buttons.button} ${buttons.secondary}`}
            aria-haspopup="dialog"
            onClick={() => setMode('directory')}
          >
            Open the directory
          </button>
        </div>
      </section>
      {mode && (
        <KeypadDialogView
          stops={KEYPAD_STOPS}
          mode={mode}
          setMode={setMode}
          onClose={() => setMode(null)}
          selected={match}
          handlers={handlers}
        />
      )}
    </TestPage>
  );
}
