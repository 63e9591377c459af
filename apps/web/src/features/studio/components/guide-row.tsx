import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadIcon } from '../../../shared/ui/icons';
import { downloadExport } from '../api/transfer';
import type { StudioGuide } from '@earshot/core';
import { lastEdit } from '../lib/format';
import { StatusBadge } from './status-badge';
import linkStyles from '../insights/insights-link.module.css';
import styles from './studio.module.css';

/**
 * One guide of the studio's list: open it, see its status and last edit, its insights once it
 * has been published, export it.
 */
export function GuideRow({ guide }: { guide: StudioGuide }) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState('');
  const exportIt = async () => {
    setExporting(true);
    setError('');
    try {
      await downloadExport(guide.token);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setExporting(false);
    }
  };
  const edit = lastEdit(guide.updated_at, guide.updated_by);
  return (
    <li className={styles.guide}>
      <div className={styles.guideMain}>
        <Link
          className={styles.guideTitle}
          to={`/studio/guides/${encodeURIComponent(guide.token)}`}
        >
          {guide.title}
        </Link>
        <div className={styles.guideMeta}>
          <StatusBadge status={guide.status} />
          {edit && <span>{edit}</span>}
          {guide.status !== 'draft' && (
            <Link
              className={linkStyles.link}
              to={`/studio/guides/${encodeURIComponent(guide.token)}/insights`}
              aria-label={`Insights of ${guide.title}`}
            >
              Insights
            </Link>
          )}
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        className={styles.ghost}
        onClick={() => void exportIt()}
        disabled={exporting}
        aria-label={`Export ${guide.title} as a bundle (.zip)`}
      >
        <DownloadIcon size={18} />
        <span aria-hidden="true">{exporting ? 'Exporting…' : 'Export'}</span>
      </button>
    </li>
  );
}
