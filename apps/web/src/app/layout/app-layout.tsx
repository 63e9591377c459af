import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useApplyPreferences } from '../../shared/lib/preferences';
import { Header } from './header';
import { Footer } from './footer';
import { RouteErrorBoundary } from './route-error';
import { OfflineNotice } from './offline-notice';
import { AuthMount } from './auth-mount';
import { InstallBanner } from '../../features/install/components/install-banner';
import { OutboxSync } from '../../shared/outbox/outbox-sync';
import styles from './app-layout.module.css';

/** Main layout (SPEC §2): header with the right drawer menu, the screen, the footer. */
export function AppLayout() {
  useApplyPreferences();
  const { pathname } = useLocation();
  // The guide screen is full-bleed and has the media player as its footer (SPEC §2).
  const guide = pathname.startsWith('/guide/');
  // The studio is a publisher's desk: wide, and without the visitor's List/Map footer.
  const studio = pathname === '/studio' || pathname.startsWith('/studio/');
  // The app has drawn over the page's shell (which looks the same): from here on the DOM is
  // React's, and tests that change it wait for this.
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return (
    <div className={styles.shell}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <Header />
      <main
        id="main"
        className={guide ? styles.guideMain : studio ? styles.studioMain : styles.main}
        tabIndex={-1}
      >
        {!guide && <OfflineNotice />}
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <InstallBanner />
      <OutboxSync />
      {!guide && !studio && <Footer />}
      <AuthMount />
    </div>
  );
}
