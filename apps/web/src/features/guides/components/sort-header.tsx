import type { SortKey } from '@earshot/core';
import { useGuideList } from '../store';
import styles from './sort-header.module.css';

/** Column headers of the grouped list: State and City; choosing the same one again flips the direction. */
export function SortHeader() {
  const { sort, sortBy } = useGuideList();
  const header = (key: SortKey, label: string) => {
    const active = sort.by === key;
    const dir = sort.ascending ? 'ascending' : 'descending';
    return (
      <button
        type="button"
        className={styles.header}
        aria-pressed={active}
        aria-label={active ? `Sorted by ${label}, ${dir}` : `Sort by ${label}`}
        onClick={() => sortBy(key)}
      >
        {label}
        <span className={styles.arrow} aria-hidden="true">
          {active ? (sort.ascending ? '▲' : '▼') : ''}
        </span>
      </button>
    );
  };
  return (
    <div className={styles.bar}>
      {header('state', 'State')}
      {header('city', 'City')}
      <span className={styles.guides}>Guides</span>
    </div>
  );
}
