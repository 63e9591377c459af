import type { DraftProblem } from '@earshot/core';
import styles from './editor.module.css';

/** Problems that block an action, each a link that takes the publisher to its field. */
export function ProblemLinks({
  problems,
  what,
  onFocusProblem,
}: {
  problems: DraftProblem[];
  /** What they block: "publishing", "the preview". */
  what: string;
  onFocusProblem: (path: string) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <div className={styles.blocking} role="alert">
      <h3 className={styles.blockingTitle}>
        {problems.length === 1
          ? `1 problem blocks ${what}`
          : `${problems.length} problems block ${what}`}
      </h3>
      <ul className={styles.problemLinks}>
        {problems.map((p, i) => (
          <li key={`${p.path}-${i}`}>
            <a
              href={`#${encodeURIComponent(p.path)}`}
              onClick={(e) => {
                e.preventDefault();
                onFocusProblem(p.path);
              }}
            >
              <code>{p.path}</code> {p.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
