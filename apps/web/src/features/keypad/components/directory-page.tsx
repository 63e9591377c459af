import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { keypadPois } from '@earshot/core';
import { usePageTitle } from '../../../shared/lib/page-title';
import { useVisit } from '../../../shared/visit/store';
import { useGuide, useVisitPois } from '../../../shared/visit/use-guide';
import { DirectoryList } from './directory-list';
import styles from './directory-page.module.css';

/** /guide/{token}/directory (SPEC §2): the keypad directory as a page; a pick starts that stop. */
export function DirectoryPage() {
  const guide = useGuide();
  const { present } = useVisitPois();
  const pois = useMemo(() => keypadPois(present), [present]);
  const selected = useVisit((s) => s.selectedPoi);
  const selectPoi = useVisit((s) => s.selectPoi);
  const navigate = useNavigate();
  const home = `/guide/${encodeURIComponent(guide.token)}`;
  usePageTitle(`Directory · ${guide.title}`);
  const pick = (token: string) => {
    selectPoi(token, 'keypad');
    void navigate(home);
  };
  return (
    <div className={styles.page}>
      <Link className={styles.back} to={home}>
        ← {guide.title}
      </Link>
      <h1 className={styles.title}>Directory</h1>
      <p className={styles.lead}>Pick a stop to hear it.</p>
      <DirectoryList pois={pois} selected={selected} onPick={pick} label="Stops by number" />
    </div>
  );
}
