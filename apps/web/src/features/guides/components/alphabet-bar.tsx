import { ALPHABET } from '@earshot/core';
import { useGuideList } from '../store';
import styles from './alphabet-bar.module.css';

/** The a–z side bar: jumps to the first city of a letter. Letters without a city are dimmed. */
export function AlphabetBar({ available }: { available: ReadonlySet<string> }) {
  const setLetter = useGuideList((s) => s.setLetter);
  return (
    <nav className={styles.bar} aria-label="Jump to cities by letter">
      {ALPHABET.map((l) => (
        <button
          key={l}
          type="button"
          className={styles.letter}
          data-empty={!available.has(l) || undefined}
          aria-label={`Cities starting with ${l.toUpperCase()}`}
          onClick={() => {
            // Set twice so that choosing the same letter again jumps again.
            setLetter(null);
            queueMicrotask(() => setLetter(l));
          }}
        >
          {l}
        </button>
      ))}
    </nav>
  );
}
