import yauzl from 'yauzl';
import { BUNDLE_LIMITS, type BundleLimits } from '../../../bundles/bundle-source.js';
import { nextEntry, zipSizeCheck } from '../../../bundles/bundle-zip.js';
import { CollectionParseError } from './collection-table.js';

/**
 * What an XLSX or KMZ may unpack to. Both are zips unpacked into memory, so the bundle importer's
 * entry and ratio limits hold, with a total a spreadsheet or map of stops never comes near: the
 * sheet of 5,000 rows is a few megabytes of XML.
 */
export const IMPORT_ZIP_LIMITS: Required<BundleLimits> = {
  maxEntries: BUNDLE_LIMITS.maxEntries,
  maxRatio: BUNDLE_LIMITS.maxRatio!,
  maxTotalBytes: 100 * 1024 ** 2,
};

export const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');

/**
 * Checks a zip's central directory against `limits` before anything is unpacked, with the bundle
 * importer's own check (bundles/bundle-zip.ts zipSizeCheck) and its entry count, so a zip bomb named .xlsx is refused before it inflates. The
 * reader that then unpacks (fflate) reads this same directory and unpacks each entry into a buffer
 * of its declared size, so the sizes checked here are the most it writes. `what` names the file in
 * the messages ("spreadsheet").
 */
export async function checkZipDirectory(
  bytes: Buffer,
  what: string,
  limits: Required<BundleLimits> = IMPORT_ZIP_LIMITS,
): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch (e) {
    throw new CollectionParseError(
      `The ${what} cannot be opened: it may be damaged, or another kind of file with its name changed. Save it again and import that.`,
      (e as Error).message,
    );
  }
  const tooLarge = (detail: string) =>
    new CollectionParseError(
      `The ${what} unpacks to far more than a file of stops holds, so Earshot does not open it. Save it again from the app that made it, or save it as CSV.`,
      detail,
    );
  try {
    if (zip.entryCount > limits.maxEntries)
      throw tooLarge(`the zip holds ${zip.entryCount} entries, more than ${limits.maxEntries}`);
    const sizes = zipSizeCheck(limits, bytes.length);
    for (;;) {
      const entry = await nextEntry(zip).catch((e: Error) => {
        throw new CollectionParseError(
          `The ${what} is damaged: its table of contents cannot be read. Save it again and import that.`,
          e.message,
        );
      });
      const big = entry ? sizes.add(entry.fileName, entry) : sizes.end();
      if (big) throw tooLarge(big);
      if (!entry) break;
    }
  } finally {
    zip.close();
  }
}
