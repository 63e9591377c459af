import { Spinner } from '../../../shared/ui/spinner';
import styles from './list-loading.module.css';

/** The list's place while guides load (SPEC §2: a spinner, then guides), above ghost rows. */
export function ListLoading() {
  return (
    <div className={styles.loading}>
      <Spinner label="Loading guides" />
      <div className={styles.ghosts} aria-hidden="true">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className={styles.ghost} />
        ))}
      </div>
    </div>
  );
}
