import { useGuideList } from '../store';
import styles from './search-bar.module.css';

export function SearchBar() {
  const { search, setSearch, warmSearch } = useGuideList();
  return (
    <form className={styles.form} role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="guide-search" className="visually-hidden">
        Search guides
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="guide-search"
        className={styles.input}
        type="search"
        placeholder="Guides, cities…"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        onFocus={warmSearch}
      />
    </form>
  );
}
