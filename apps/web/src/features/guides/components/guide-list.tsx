import type { GuideSummary } from '@earshot/core';
import { GuideCard } from './guide-card';
import styles from './guide-list.module.css';

export function GuideList({ guides }: { guides: readonly GuideSummary[] }) {
  return (
    <ul className={styles.list} aria-label="Guides">
      {guides.map((g) => (
        <li key={g.token}>
          <GuideCard guide={g} />
        </li>
      ))}
    </ul>
  );
}
