import type { ListSort, SortKey } from '@earshot/core';
import { useGuideList } from '../store';
import styles from './sort-header.module.css';

/**
 * Column headers of the grouped list: State and City; choosing the same one again flips the
 * direction. `shown`: the order the list is in, where it is not the one chosen (a large
 * catalogue's list opens in its first page's order; the page's HTML is drawn at build time:
 * apps/web/src/shell/list-shell.tsx).
 */
export function SortHeader({ shown }: { shown?: ListSort }) {
  const { sort: current, sortBy } = useGuideList();
  const sort = shown ?? current;
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
