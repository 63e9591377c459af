import type { KeypadAction, KeypadState } from '@earshot/core';
import { KEYPAD_AUTO_VISIT_MS, keypadAnnouncement } from '@earshot/core';
import type { CSSProperties } from 'react';
import type { KeypadStop } from '../lib/keypad-stop';
import { BackspaceIcon, CheckIcon, CrossCircleIcon, WarningIcon } from './icons';
import styles from './keypad-pad.module.css';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

type Props = {
  state: KeypadState;
  act: (action: KeypadAction) => void;
  pois: readonly KeypadStop[];
};

const STATE_ICON = {
  success: <CheckIcon size={22} />,
  invalid: <CrossCircleIcon size={22} />,
  error: <CrossCircleIcon size={22} />,
  warning: <WarningIcon size={22} />,
  default: null,
} as const;

/** The number display, the dialer keys and Go (SPEC §2 keypad: digits, backspace, clear). */
export function KeypadPad({ state, act, pois }: Props) {
  const match = pois.find((p) => p.token === state.match);
  const slots = Array.from({ length: state.maxLength }, (_, i) => state.input[i] ?? '');
  const announcement = keypadAnnouncement(
    state,
    (token) => pois.find((p) => p.token === token)?.title ?? '',
  );
  return (
    <div className={styles.pad}>
      <div className={styles.display} data-state={state.state} data-testid="keypad-display">
        <span className={styles.stateIcon}>{STATE_ICON[state.state]}</span>
        <output className={styles.slots} aria-label={`Stop number ${state.input || 'empty'}`}>
          {slots.map((d, i) => (
            <span key={i} className={styles.slot} data-filled={d !== ''} aria-hidden="true">
              {d}
            </span>
          ))}
        </output>
        <span className={styles.stateIcon} />
      </div>
      <p className={styles.result} aria-hidden="true">
        {match ? match.title : state.input ? '' : 'Type the number of a stop'}
      </p>
      {/* The wait before the stop's detail opens (SPEC §9 auto-visit), drawn as a draining bar. */}
      <span
        key={`${state.state}:${state.input}`}
        className={styles.countdown}
        data-running={state.state === 'success'}
        style={{ '--visit-ms': `${KEYPAD_AUTO_VISIT_MS}ms` } as CSSProperties}
        aria-hidden="true"
      />
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="keypad-status">
        {announcement}
      </p>
      <div className={styles.keys}>
        {DIGITS.map((d) => (
          <Key key={d} digit={d} act={act} />
        ))}
        <button
          type="button"
          className={`${styles.key} ${styles.minor}`}
          aria-label="Clear"
          data-keypad-key="clear"
          onClick={() => act({ type: 'clear' })}
        >
          C
        </button>
        <Key digit="0" act={act} />
        <button
          type="button"
          className={`${styles.key} ${styles.minor}`}
          aria-label="Backspace"
          data-keypad-key="backspace"
          onClick={() => act({ type: 'backspace' })}
        >
          <BackspaceIcon size={26} />
        </button>
      </div>
      <button
        type="button"
        className={styles.go}
        data-keypad-key="go"
        disabled={state.input === ''}
        onClick={() => act({ type: 'submit' })}
      >
        Go
      </button>
    </div>
  );
}

function Key({ digit, act }: { digit: string; act: Props['act'] }) {
  return (
    <button
      type="button"
      className={styles.key}
      data-keypad-key={digit}
      onClick={() => act({ type: 'digit', digit })}
    >
      {digit}
    </button>
  );
}
