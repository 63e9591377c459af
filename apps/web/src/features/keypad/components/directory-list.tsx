import type { CSSProperties } from 'react';
import { poiColor } from '@earshot/core';
import type { KeypadStop } from '../lib/keypad-stop';
import styles from './directory-list.module.css';

type Props = {
  /** POIs with a keypad code, in code order. */
  pois: readonly KeypadStop[];
  selected: string | null;
  onPick: (token: string) => void;
  label: string;
};

/** The keypad directory: every stop with a number, by number (code, colour, title, subtitle). */
export function DirectoryList({ pois, selected, onPick, label }: Props) {
  if (!pois.length) return <p className={styles.empty}>This guide has no numbered stops.</p>;
  return (
    <ul className={styles.list} aria-label={label}>
      {pois.map((p) => (
        <li key={p.token}>
          <button
            type="button"
            className={styles.item}
            style={{ '--poi': poiColor(p.color) } as CSSProperties}
            aria-current={p.token === selected ? 'true' : undefined}
            onClick={() => onPick(p.token)}
          >
            <span className={styles.code}>{p.keypad_code}</span>
            <span className={styles.text}>
              <span className={styles.title}>{p.title}</span>
              {p.subtitle && <span className={styles.subtitle}>{p.subtitle}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
