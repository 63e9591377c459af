import type { InsightsTable } from '@earshot/core';
import styles from './data-table.module.css';

/** A chart's figures as a table: what a screen reader reads, and what the CSV holds. */
export function DataTable({
  table,
  caption,
  shown,
}: {
  table: InsightsTable;
  caption: string;
  /** False while the chart shows: then it is for screen readers only, and not a tab stop. */
  shown: boolean;
}) {
  // Shown, a wide table scrolls sideways in its own box, which the keyboard can reach.
  const box = shown
    ? {
        className: styles.tableWrap,
        tabIndex: 0,
        role: 'region',
        'aria-label': `${caption}, table`,
      }
    : {};
  return (
    <div {...box}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 && table.columns[0] !== 'Order' ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c} data-number={typeof cell === 'number' || undefined}>
                    {typeof cell === 'number' ? cell.toLocaleString('en') : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
