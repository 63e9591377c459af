import type { Figure } from '@earshot/core';
import styles from './insights.module.css';

const ARROWS = { up: '▲', down: '▼', same: '', new: '▲' } as const;

/** The headline figures, each with the previous period's and the change beside it. */
export function Figures({ figures }: { figures: Figure[] }) {
  return (
    <ul className={styles.figures} aria-label="Figures for this period">
      {figures.map((f) => {
        const value = f.kind === 'percent' ? `${f.value}%` : f.value.toLocaleString('en');
        const before = f.kind === 'percent' ? `${f.previous}%` : f.previous.toLocaleString('en');
        return (
          <li key={f.key} className={styles.figure} data-figure={f.key}>
            <span className={styles.figureLabel}>{f.label}</span>
            <span className={styles.figureValue}>{value}</span>
            {f.note && <span className={styles.figureNote}>{f.note}</span>}
            <span className={styles.change} data-direction={f.change.direction}>
              <span aria-hidden="true">
                {ARROWS[f.change.direction]} {f.change.text}
                <span className={styles.before}>before {before}</span>
              </span>
              <span className="visually-hidden">{f.change.label}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
