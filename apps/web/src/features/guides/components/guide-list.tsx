import type { GuideSummary } from '@earshot/core';
import { useDownloadedTokens } from '../../../shared/offline/downloads';
import { GuideCard } from './guide-card';
import styles from './guide-list.module.css';

/** Cards on screen as the list appears, even on a wide screen (three columns, two rows). */
const FIRST_CARDS = 6;

/** The flat list: 20 guides or fewer, or search results. */
export function GuideList({
  guides,
  label = 'Guides',
  onOpen,
}: {
  guides: readonly GuideSummary[];
  label?: string;
  onOpen: (g: GuideSummary) => void;
}) {
  const saved = useDownloadedTokens();
  return (
    <ul className={styles.list} aria-label={label}>
      {guides.map((g, i) => (
        <li key={g.token}>
          <GuideCard
            guide={g}
            onOpen={onOpen}
            first={i < FIRST_CARDS}
            lead={i === 0}
            saved={saved.has(g.token)}
          />
        </li>
      ))}
    </ul>
  );
}
