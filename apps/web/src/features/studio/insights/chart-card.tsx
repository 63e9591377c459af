import { useId, useState, type ReactNode } from 'react';
import { tableRows, type InsightsTable } from '@earshot/core';
import { DownloadIcon } from '../../../shared/ui/icons';
import { downloadCsv } from './csv-download';
import { DataTable } from './data-table';
import styles from './insights.module.css';

/**
 * One chart of the dashboard: its title, a sentence that says what it shows, the chart (a
 * picture), and its table — shown on request, and always there for a screen reader (hidden
 * from sight while the chart shows) — with a CSV download of that table.
 */
export function ChartCard({
  title,
  summary,
  table,
  file,
  wide = false,
  children,
}: {
  title: string;
  summary: string;
  table: InsightsTable;
  /** The CSV's file name. */
  file: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <section className={styles.card} data-wide={wide || undefined} aria-labelledby={`${id}-t`}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-t`} className={styles.cardTitle}>
          {title}
        </h2>
        <div className={styles.cardActions}>
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            Table view
          </button>
          <button
            type="button"
            className={styles.toggle}
            onClick={() => downloadCsv(file, tableRows(table))}
            aria-label={`Download CSV of ${title}`}
          >
            <DownloadIcon size={16} />
            <span aria-hidden="true">CSV</span>
          </button>
        </div>
      </div>
      <p className={styles.summary}>{summary}</p>
      {asTable ? null : children}
      <div className={asTable ? undefined : 'visually-hidden'}>
        <DataTable table={table} caption={title} shown={asTable} />
      </div>
    </section>
  );
}
