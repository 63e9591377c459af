import { toCsv, type CsvCell } from '@earshot/core';

/**
 * Saves rows as a CSV file. The byte-order mark makes spreadsheet programs read the file as
 * UTF-8 (stop titles in any language); the cells are quoted and formula-guarded by `toCsv`.
 */
export function downloadCsv(name: string, rows: CsvCell[][]): void {
  const blob = new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the URL by now; it is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
