import Papa from 'papaparse';
import { InvalidInputError, InvalidSpreadsheetError, readSheet } from 'read-excel-file/universal';
import type { ImportTable } from '@earshot/core';
import {
  CollectionParseError,
  decodeText,
  IMPORT_MAX_ROWS,
  sheetTable,
  tooManyRows,
} from './collection-table.js';
import { checkZipDirectory, ZIP_SIGNATURE } from './import-zip.js';

/**
 * A CSV (or tab-separated text) as an ImportTable. Papaparse guesses the delimiter (most of
 * Europe saves with ";", the numbers with decimal commas), keeps a line break inside quotes in its
 * cell, and keeps every empty line as a row, so that row numbers are the spreadsheet's. It reads
 * no further than the row limit, so a huge file is not read whole only to be refused.
 */
export function parseCsv(bytes: Buffer): ImportTable {
  const text = decodeText(bytes);
  const result = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    preview: IMPORT_MAX_ROWS + 2,
  });
  const open = result.errors.find((e) => e.code === 'MissingQuotes');
  if (open)
    throw new CollectionParseError(
      `Row ${(open.row ?? 0) + 1} of the CSV opens a quote (") that is never closed, so the rest of the file would be one cell: close it, or save the CSV again from your spreadsheet app.`,
      open.message,
    );
  // Past the limit, anything but empty lines left unread is one row too many.
  if (result.meta.truncated && text.slice(result.meta.cursor).trim() !== '') throw tooManyRows();
  return sheetTable(result.data, 'CSV');
}

/** An XLSX cell as text: a number as String(n), a date as YYYY-MM-DD (with its time, if any). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // read-excel-file writes the cell's date and time as they are, in UTC.
    const [date, time] = value.toISOString().slice(0, 19).split('T') as [string, string];
    return time === '00:00:00' ? date : `${date} ${time.replace(/:00$/, '')}`;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

const notWorkbook = (detail?: string) =>
  new CollectionParseError(
    'This file is not an Excel workbook (.xlsx) Earshot can read: it may be damaged, or another kind of file with its name changed. Save it again as .xlsx or CSV and import that.',
    detail,
  );

export const OLD_EXCEL =
  'This is an old Excel file (.xls), which Earshot does not read: save it as .xlsx or CSV and import that.';
/** How an .xls (an OLE compound file) begins, so one renamed .xlsx is told as what it is. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * An XLSX's first sheet as an ImportTable, its central directory checked first (import-zip.ts).
 * read-excel-file's universal reader is the one used: it unpacks with fflate from the central
 * directory, the sizes just checked; its Node reader streams the entries' local headers instead,
 * whose sizes a crafted file can make differ from the directory's. Cells are read untrimmed, as
 * the CSV's are; empty rows in the middle are kept (the reader drops only those at the end).
 */
export async function parseXlsx(bytes: Buffer): Promise<ImportTable> {
  if (bytes.subarray(0, 4).equals(OLE_SIGNATURE)) throw new CollectionParseError(OLD_EXCEL);
  if (!bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) throw notWorkbook();
  await checkZipDirectory(bytes, 'spreadsheet');
  let sheet: unknown[][];
  try {
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    sheet = await readSheet(copy as ArrayBuffer, { trim: false });
  } catch (e) {
    // Not a zip of a workbook's parts, or one missing some: another kind of file, renamed.
    if (e instanceof InvalidInputError || e instanceof InvalidSpreadsheetError)
      throw notWorkbook((e as Error).message);
    throw new CollectionParseError(
      'The spreadsheet cannot be read: save it again as .xlsx or CSV and import that.',
      (e as Error).message,
    );
  }
  return sheetTable(
    sheet.map((row) => row.map(cellText)),
    'spreadsheet',
  );
}
