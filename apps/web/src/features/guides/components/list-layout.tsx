import type { ReactNode, Ref } from 'react';
import { OptionsDialog } from './options-dialog';
import { SearchBar } from './search-bar';
import styles from './guide-list-screen.module.css';

/** The search box above a list, and the Options button when the list is grouped by city. */
export function ListTools({ options, ref }: { options: boolean; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className={styles.tools} ref={ref}>
      <SearchBar />
      {options && <OptionsDialog />}
    </div>
  );
}

/** A list grouped by city (its sort header and rows as children) beside its alphabet bar. */
export function GroupedLayout({
  alphabet,
  children,
}: {
  alphabet?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.grouped}>
      <div className={styles.groupedList}>{children}</div>
      {alphabet}
    </div>
  );
}
