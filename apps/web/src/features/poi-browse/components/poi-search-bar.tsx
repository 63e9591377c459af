import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@earshot/core';
import { CloseIcon } from '../../../shared/ui/icons';
import { useVisit } from '../../../shared/visit/store';
import { useGuide } from '../../../shared/visit/use-guide';
import { useStops } from '../hooks/use-stops';
import { loadFuse } from '../lib/poi-search';
import { SearchIcon } from './icons';
import styles from './poi-search-bar.module.css';

/**
 * SPEC §2 POI search bar: its prompt names the guide; what the visitor types reaches the
 * stops 1000 ms after the last keystroke (Enter searches at once). A new guide starts empty.
 */
export function PoiSearchBar() {
  const guide = useGuide();
  // A new guide gets a new box.
  return <SearchBox key={guide.token} title={guide.title} />;
}

function SearchBox({ title }: { title: string }) {
  const setPoiSearch = useVisit((s) => s.setPoiSearch);
  // Entering the guide home clears the search (SPEC §2), so the box always starts empty.
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const status = useId();
  useEffect(() => {
    if (text === useVisit.getState().poiSearch) return;
    const t = window.setTimeout(() => setPoiSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(t);
  }, [text, setPoiSearch]);
  const clear = () => {
    setText('');
    setPoiSearch('');
    input.current?.focus();
  };
  return (
    <form
      role="search"
      className={styles.bar}
      onSubmit={(e) => {
        e.preventDefault();
        setPoiSearch(text);
      }}
    >
      <SearchIcon size={18} className={styles.icon} />
      <input
        ref={input}
        type="search"
        className={styles.input}
        value={text}
        placeholder={`Search ${title}`}
        aria-label={`Search ${title}`}
        aria-describedby={status}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        onFocus={() => void loadFuse()}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            clear();
          }
        }}
      />
      {text && (
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear the search"
          onClick={clear}
        >
          <CloseIcon size={16} />
        </button>
      )}
      <SearchStatus id={status} />
    </form>
  );
}

/** Tells a screen reader what a search found, since the stops change out of its sight. */
function SearchStatus({ id }: { id: string }) {
  const { pois, empty, search } = useStops();
  const said = !search
    ? ''
    : (empty ?? `${pois.length} ${pois.length === 1 ? 'stop' : 'stops'} found`);
  return (
    <span id={id} className="visually-hidden" role="status">
      {said}
    </span>
  );
}
