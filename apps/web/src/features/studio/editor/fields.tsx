import type { DraftProblem } from '@earshot/core';
import { problemsAt } from '@earshot/core';
import styles from './editor.module.css';

/** Every problem inside an entry (a list's), for a list to show once above its rows. */
export const problemsIn = (problems: readonly DraftProblem[], path: string) =>
  problemsAt(problems, path).map((p) => p.message);

/** Problems of a list as a whole (duplicates, a missing entry), shown above its rows. */
export function ListProblems({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className={styles.listProblems}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
