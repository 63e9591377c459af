import { useLayoutEffect, useRef } from 'react';
import { searchKeepsFocus } from '../../../shared/lib/shell-handover';
import { useGuideList } from '../store';
import styles from './search-bar.module.css';

export const SEARCH_INPUT_ID = 'guide-search';

export function SearchBar() {
  const { search, setSearch, warmSearch } = useGuideList();
  const input = useRef<HTMLInputElement>(null);
  // The visitor was typing in the page's shell when the app drew this box over it: the next
  // key goes to this box (before it paints, so no key is lost in between).
  useLayoutEffect(() => {
    const box = input.current;
    if (!box || !searchKeepsFocus()) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);
  return (
    <form className={styles.form} role="search" onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={SEARCH_INPUT_ID} className="visually-hidden">
        Search guides
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        id={SEARCH_INPUT_ID}
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
