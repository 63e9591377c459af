import { ALPHABET } from '@earshot/core';
import { useGuideList } from '../store';
import styles from './alphabet-bar.module.css';

/**
 * The a–z side bar: jumps to the first city of a letter. Letters without a city are dimmed.
 * A large catalogue's list jumps by its sort key (`by`: the first state of a letter when
 * sorted by state, docs/scale-out.md §3 `from=`).
 */
export function AlphabetBar({
  available,
  by = 'city',
}: {
  available: ReadonlySet<string>;
  by?: 'city' | 'state';
}) {
  const setLetter = useGuideList((s) => s.setLetter);
  const noun = by === 'city' ? 'Cities' : 'States';
  return (
    <nav className={styles.bar} aria-label={`Jump to ${noun.toLowerCase()} by letter`}>
      {ALPHABET.map((l) => (
        <button
          key={l}
          type="button"
          className={styles.letter}
          data-empty={!available.has(l) || undefined}
          aria-label={`${noun} starting with ${l.toUpperCase()}`}
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
