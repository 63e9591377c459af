import { useState } from 'react';
import { SPLASH_DISMISSIBLE_MS, SPLASH_TEST_MS } from '@earshot/core';
import { SplashDialog } from '../../features/guide-entry/components/splash-dialog';
import buttons from '../../shared/ui/button.module.css';
import { SPLASH_GUIDE } from './test-pages/fixtures';
import { TestPage } from './test-pages/test-page';
import styles from './test-pages/test-page.module.css';

/**
 * /splash_test (SPEC §2 test pages): the guide screen's own splash dialog on a sample guide,
 * held for SPEC §9's 50,000 ms instead of 60 s, so its look can be checked at leisure.
 */
export function SplashTestRoute() {
  // A new key shows a fresh splash, its timers started again.
  const [shown, setShown] = useState<number | null>(0);
  return (
    <TestPage
      title="Splash test"
      lead={`The splash dialog a guide opens with, on a sample guide, held for ${SPLASH_TEST_MS / 1000} seconds before it hides by itself. As in a guide, 'Tap to Enter' closes it after ${SPLASH_DISMISSIBLE_MS / 1000} second.`}
    >
      <section className={styles.panel} aria-labelledby="splash-test-state">
        <h2 id="splash-test-state">The splash</h2>
        <p className={styles.status} role="status">
          {shown === null ? 'The splash is closed.' : 'The splash is showing.'}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={buttons.button}
            onClick={() => setShown((n) => (n ?? 0) + 1)}
          >
            Show the splash
          </button>
        </div>
      </section>
      {shown !== null && (
        <SplashDialog
          key={shown}
          guide={SPLASH_GUIDE}
          holdMs={SPLASH_TEST_MS}
          onEnter={() => setShown(null)}
        />
      )}
    </TestPage>
  );
}
