import { useEffect, useMemo, useState } from 'react';
import { GROUP_BY_CITY_ABOVE, type GuideSummary } from '@earshot/core';
import { GuideListScreen } from '../../features/guides/components/guide-list-screen';
import { useGuideList } from '../../features/guides/store';
import { sampleGuides } from './test-pages/fixtures';
import { TestPage } from './test-pages/test-page';
import styles from './test-pages/test-page.module.css';

/** The two sizes of list the page offers: grouped by city (above 20 guides) or flat. */
const SIZES = { grouped: 24, flat: 6 } as const;
type Size = keyof typeof SIZES;

/**
 * /guide_list_test (SPEC §2 test pages): the home screen's own guide list (search, sorting,
 * city groups and the alphabet bar) over sample guides shipped with the page, not the API's.
 */
export function GuideListTestRoute() {
  const [size, setSize] = useState<Size>('grouped');
  const [picked, setPicked] = useState<GuideSummary | null>(null);
  const guides = useMemo(() => sampleGuides(SIZES[size]), [size]);
  const reset = useGuideList((s) => s.reset);
  // As on the home screen: a fresh list (no search, default order, no city open).
  useEffect(() => reset(), [reset, size]);
  return (
    <TestPage
      wide
      title="Guide list test"
      lead={`The guide list of the home screen over sample guides that come with this page, not from the server. More than ${GROUP_BY_CITY_ABOVE} guides are grouped by city with an alphabet bar; ${GROUP_BY_CITY_ABOVE} or fewer show as a flat list.`}
    >
      <section className={styles.panel} aria-labelledby="guide-list-test-data">
        <h2 id="guide-list-test-data">Sample data</h2>
        <div className={styles.actions} role="group" aria-label="Sample size">
          {(Object.keys(SIZES) as Size[]).map((s) => (
            <button
              key={s}
              type="button"
              className={styles.toggle}
              aria-pressed={size === s}
              onClick={() => setSize(s)}
            >
              {SIZES[s]} guides, {s === 'grouped' ? 'grouped by city' : 'flat'}
            </button>
          ))}
        </div>
        <p className={styles.status} role="status">
          {picked ? `You picked ${picked.title}.` : 'Pick a guide to see it reported here.'}
        </p>
      </section>
      <div className={styles.list}>
        <GuideListScreen
          heading="Sample guides"
          headingLevel="h2"
          fixture={guides}
          onOpen={setPicked}
        />
      </div>
    </TestPage>
  );
}
