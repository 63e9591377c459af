import { ListHero } from './list-hero';
import { ListLoading } from './list-loading';
import { SearchBar } from './search-bar';
import styles from './guide-list-screen.module.css';

/**
 * A guide list screen before its code and guides arrive: the same hero, search bar and
 * loading rows that GuideListScreen shows while it loads, and what the server's HTML holds.
 */
export function ListSkeleton({ heading }: { heading: string }) {
  return (
    <>
      <ListHero heading={heading} />
      <div className={styles.tools}>
        <SearchBar />
      </div>
      <ListLoading />
    </>
  );
}
