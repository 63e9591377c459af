import type { GuideBundleInput } from '../bundle/bundle.js';
import type { SignPaper, SignsPerPage } from '../constants.js';
import { draftLanguages, draftStopTitle, type DraftStop } from './studio-stops.js';

/**
 * Signs for the street (docs/studio.md, "Signs"): a stop's short link (`/s/{code}`), the
 * sheet's paper and layout, and what each sign says. The server draws the PDF from these;
 * the rules are here so the studio and the tests read the same ones.
 */

/**
 * Crockford's base 32: digits and capitals without I, L, O and U, so a code read off a sign
 * and typed by hand cannot be mistaken (I and L read as 1, O as 0).
 */
export const SIGN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 32^6 ≈ 1.07 billion codes: a clash is rare, and the server draws again when one happens. */
export const SIGN_CODE_LENGTH = 6;

/** A code from random bytes (one per character; only each byte's low five bits count). */
export function signCode(bytes: ArrayLike<number>): string {
  if (bytes.length < SIGN_CODE_LENGTH)
    throw new RangeError(`signCode needs ${SIGN_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < SIGN_CODE_LENGTH; i++) code += SIGN_CODE_ALPHABET[bytes[i]! & 31];
  return code;
}

/**
 * A code as a person or a scanner may give it: any case, spaces or dashes between, and the
 * letters Crockford reads as digits (O → 0, I and L → 1). Null for anything that is no code.
 */
export function normalizeSignCode(input: string): string | null {
  const code = input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== SIGN_CODE_LENGTH) return null;
  for (const ch of code) if (!SIGN_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The path a sign's QR code and printed link open. */
export const signPath = (code: string) => `/s/${code}`;

/** A short link no stop has, or had. */
export const SIGN_UNKNOWN = 'We couldn’t find the stop of this sign';
/** A short link whose stop is no longer in the published guide (hidden, removed, or the guide is). */
export const SIGN_GONE = 'The stop of this sign is no longer on the tour';

/** Paper sizes in PDF points (1/72 inch), portrait: A4 is 210 × 297 mm, US Letter 8.5 × 11 in. */
export const PAPER_POINTS: Record<SignPaper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

export type Box = { x: number; y: number; width: number; height: number };

/**
 * Where the signs go on a page, in PDF points from the bottom left, top slot first: one sign
 * fills a portrait page, two share it as landscape halves (top, bottom), four as portrait
 * quarters (left to right, then down). Each slot keeps `margin` to the paper's edge and half a
 * gutter to its neighbour, so a cut down the middle leaves every sign its border.
 */
export function signSlots(paper: SignPaper, perPage: SignsPerPage, margin = 28): Box[] {
  const { width, height } = PAPER_POINTS[paper];
  const cols = perPage === 4 ? 2 : 1;
  const rows = perPage === 1 ? 1 : 2;
  const gutter = 2 * margin;
  const w = (width - 2 * margin - (cols - 1) * gutter) / cols;
  const h = (height - 2 * margin - (rows - 1) * gutter) / rows;
  const slots: Box[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      slots.push({
        x: margin + c * (w + gutter),
        y: height - margin - (r + 1) * h - r * gutter,
        width: w,
        height: h,
      });
  return slots;
}

/** The pages of a sheet: the signs in order, `perPage` to a page (the last may hold fewer). */
export function signPages<T>(signs: readonly T[], perPage: SignsPerPage): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < signs.length; i += perPage) pages.push(signs.slice(i, i + perPage));
  return pages;
}

/**
 * "Scan to listen" in the languages a sign may speak, by the language's primary subtag. A
 * guide language missing here is printed in English rather than left out.
 */
export const SCAN_TO_LISTEN: Readonly<Record<string, string>> = {
  en: 'Scan to listen',
  es: 'Escanea para escuchar',
  fr: 'Scannez pour écouter',
  de: 'Zum Anhören scannen',
  it: 'Inquadra per ascoltare',
  pt: 'Leia para ouvir',
  nl: 'Scan om te luisteren',
  ca: 'Escaneja per escoltar',
  sv: 'Skanna för att lyssna',
  da: 'Scan for at lytte',
  nb: 'Skann for å lytte',
  no: 'Skann for å lytte',
  fi: 'Skannaa ja kuuntele',
  pl: 'Zeskanuj, aby posłuchać',
  cs: 'Naskenujte a poslouchejte',
  el: 'Σαρώστε για να ακούσετε',
  ru: 'Сканируйте, чтобы слушать',
  uk: 'Скануйте, щоб слухати',
  tr: 'Dinlemek için tarayın',
  vi: 'Quét để nghe',
};

/** A language's "Scan to listen" line ("pt-BR" reads Portuguese's; unknown: English). */
export function scanToListen(language: string): string {
  const primary = language.toLowerCase().split('-')[0]!;
  return SCAN_TO_LISTEN[primary] ?? SCAN_TO_LISTEN['en']!;
}

/** One sign as the PDF draws it (its link is added by the server, which knows the code). */
export type SignContent = {
  /** The stop's token, which its short link stands for. */
  stop: string;
  /** The stop's title as the publisher wrote it first ("Stop N" when it has none). */
  title: string;
  keypadCode: number | null;
  guideTitle: string;
  /** "Scan to listen" once per guide language, in their order, without repeats. */
  scanLines: string[];
};

export type SignSelection =
  { ok: true; signs: SignContent[] } | { ok: false; message: string; unknown: string[] };

/**
 * The signs a sheet holds: every stop of the draft in tour order, or the stops named (in tour
 * order too, so a sheet reads like the tour). A name that is no stop of the draft refuses
 * the sheet, naming it, rather than printing fewer signs than asked.
 */
export function signContents(
  draft: Pick<GuideBundleInput, 'guide' | 'pois'>,
  stops?: readonly string[],
): SignSelection {
  const pois: DraftStop[] = draft.pois ?? [];
  const languages = draftLanguages(draft.guide);
  if (stops) {
    const known = new Set(pois.map((p) => p.token));
    const unknown = [...new Set(stops)].filter((t) => !known.has(t));
    if (unknown.length)
      return {
        ok: false,
        message: `${unknown.length === 1 ? 'This stop is' : 'These stops are'} not in the guide: ${unknown.join(', ')}`,
        unknown,
      };
  }
  const wanted = stops ? new Set(stops) : null;
  const scanLines = [...new Set(languages.map(scanToListen))];
  const signs = pois.flatMap((p, i) => {
    if (wanted && !wanted.has(p.token)) return [];
    return [
      {
        stop: p.token,
        title: draftStopTitle(p, languages) ?? `Stop ${i + 1}`,
        keypadCode: p.keypad_code ?? null,
        guideTitle: draft.guide.title,
        scanLines,
      },
    ];
  });
  if (!signs.length)
    return { ok: false, message: 'The guide has no stops to make signs for', unknown: [] };
  return { ok: true, signs };
}

/**
 * `text` broken into lines no wider than `maxWidth` as `measure` reads them, at word breaks; a
 * word wider than a line on its own is cut where it overflows. At most `maxLines`: the last
 * one kept ends in "…" when words were left over.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (s: string) => number,
  maxLines = Infinity,
): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (let word of words) {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= maxWidth) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    // A word longer than the line: cut it where it overflows.
    while (measure(word) > maxWidth && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && measure(word.slice(0, cut)) > maxWidth) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && measure(`${last}…`) > maxWidth) last = last.slice(0, -1).trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/**
 * The largest size from `sizes` (largest first) at which `text` fits `maxLines` lines of
 * `maxWidth` (`measure(s, size)`), with its lines; at the smallest size the lines are cut.
 */
export function fitText(
  text: string,
  maxWidth: number,
  maxLines: number,
  sizes: readonly number[],
  measure: (s: string, size: number) => number,
): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, maxWidth, (s) => measure(s, size));
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes.at(-1)!;
  return { size, lines: wrapText(text, maxWidth, (s) => measure(s, size), maxLines) };
}

/** Where US Letter is the paper in the shops; the rest of the world prints on A4. */
const LETTER_REGIONS = new Set('US CA MX PR GT SV HN NI CR PA DO CO VE CL PH BZ'.split(' '));

/**
 * The paper a sheet starts on for someone whose languages are `locales` (the browser's, in
 * order): Letter for the first one's region where Letter is sold, A4 elsewhere. A language
 * without a region reads as its likeliest one ("en" is the United States'); a tag that is no
 * locale is passed over.
 */
export function defaultSignPaper(locales: readonly string[]): SignPaper {
  for (const tag of locales) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).maximize().region;
    } catch {
      continue;
    }
    if (region) return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  }
  return 'a4';
}

/** What a sheet will be, in words: "12 signs on 3 pages". */
export function signSheetSummary(signs: number, perPage: SignsPerPage): string {
  const pages = Math.ceil(signs / perPage);
  return `${signs} ${signs === 1 ? 'sign' : 'signs'} on ${pages} ${pages === 1 ? 'page' : 'pages'}`;
}
