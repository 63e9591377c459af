import { Link } from 'react-router';
import { useOnline } from '../../shared/offline/use-online';
import styles from './offline-notice.module.css';

/**
 * Offline, the lists and the world map show what was saved when they were last seen (the
 * service worker keeps the last answers): this says so, and where the saved guides are.
 */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p className={styles.notice} role="status">
      <strong>You are offline.</strong> Showing what this device saved.{' '}
      <Link to="/downloads">Downloaded guides</Link> play in full.
    </p>
  );
}
