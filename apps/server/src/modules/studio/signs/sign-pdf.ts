import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  fitText,
  parseThemeColor,
  resolveTheme,
  signPages,
  signSlots,
  themePalette,
  PAPER_POINTS,
  type Box,
  type SignContent,
  type SignPaper,
  type SignsPerPage,
  type ThemeData,
} from '@earshot/core';
import { ASSETS_DIR } from '../../../paths.js';

/** A sign as drawn: what it says (core signContents) and the link its QR code holds. */
export type PrintedSign = SignContent & { url: string; shortLink: string };

export type SheetOptions = {
  paper: SignPaper;
  perPage: SignsPerPage;
  theme: ThemeData | null;
  /** The document's title (its metadata), e.g. the guide's. */
  title: string;
};

/**
 * DejaVu Sans (assets/fonts, its licence beside it): Latin, Greek and Cyrillic in one family,
 * embedded as a subset of the glyphs a sheet uses. Read once per process.
 */
let fonts: Promise<[Uint8Array, Uint8Array]> | null = null;
const font = (f: string) => readFile(path.join(ASSETS_DIR, 'fonts', f));
const fontFiles = () =>
  (fonts ??= Promise.all([font('DejaVuSans.ttf'), font('DejaVuSans-Bold.ttf')]));

const toRgb = (value: string, fallback: RGB): RGB => {
  const c = parseThemeColor(value);
  return c ? rgb(c.r / 255, c.g / 255, c.b / 255) : fallback;
};

type Palette = { band: RGB; onBand: RGB; text: RGB; muted: RGB; paper: RGB; border: RGB };

/** The guide's light-mode colours (its theme on the defaults), as the visitor app shows them. */
function palette(theme: ThemeData | null): Palette {
  const p = themePalette(theme ? resolveTheme(theme).colors : {}, 'light');
  const black = rgb(0, 0, 0);
  return {
    band: toRgb(p.primary, black),
    onBand: toRgb(p['on-primary'], rgb(1, 1, 1)),
    text: toRgb(p.text, black),
    muted: toRgb(p['text-muted'], black),
    paper: rgb(1, 1, 1),
    border: toRgb(p.border, black),
  };
}

/**
 * The dark modules of a QR code as one SVG path in module units (runs of a row merged), with
 * the four-module quiet zone the standard asks for around it: `size` is its side in modules.
 */
function qrPath(text: string): { d: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const quiet = 4;
  let d = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      d += `M${start + quiet} ${y + quiet}h${x - start}v1h${start - x}z`;
    }
  }
  return { d, size: n + 2 * quiet };
}

type Fonts = { regular: PDFFont; bold: PDFFont };

function drawLines(
  page: PDFPage,
  lines: string[],
  at: { x: number; top: number; width: number; size: number; font: PDFFont; color: RGB },
  align: 'left' | 'center' = 'left',
): number {
  let y = at.top;
  for (const line of lines) {
    y -= at.size * 1.18;
    const w = at.font.widthOfTextAtSize(line, at.size);
    const x = align === 'center' ? at.x + (at.width - w) / 2 : at.x;
    page.drawText(line, {
      x,
      y: y + at.size * 0.22,
      size: at.size,
      font: at.font,
      color: at.color,
    });
  }
  return at.top - y;
}

const fit = (font: PDFFont, text: string, width: number, lines: number, sizes: number[]) =>
  fitText(text, width, lines, sizes, (s, size) => font.widthOfTextAtSize(s, size));

/**
 * One sign in `box`: the guide's name on a band of its primary colour; the stop's title and
 * keypad code; the QR code with the short link under it; "Scan to listen" in each language.
 * A wide box (two a page) puts the QR code at the left of the words, a tall one above them.
 */
function drawSign(
  page: PDFPage,
  box: Box,
  sign: PrintedSign,
  f: Fonts,
  c: Palette,
  qr: { d: string; size: number },
) {
  const unit = Math.min(box.width, box.height);
  const pad = unit * 0.06;
  page.drawRectangle({
    ...box,
    color: c.paper,
    borderColor: c.border,
    borderWidth: Math.max(0.75, unit * 0.004),
  });
  const bandH = Math.max(unit * 0.11, 22);
  page.drawRectangle({
    x: box.x,
    y: box.y + box.height - bandH,
    width: box.width,
    height: bandH,
    color: c.band,
  });
  const guide = fit(f.bold, sign.guideTitle, box.width - 2 * pad, 1, [
    bandH * 0.42,
    bandH * 0.34,
    bandH * 0.28,
  ]);
  drawLines(page, guide.lines, {
    x: box.x + pad,
    top: box.y + box.height - (bandH - guide.size * 1.18) / 2,
    width: box.width - 2 * pad,
    size: guide.size,
    font: f.bold,
    color: c.onBand,
  });

  const wide = box.width > box.height * 1.2;
  const inner = {
    x: box.x + pad,
    y: box.y + pad,
    width: box.width - 2 * pad,
    height: box.height - bandH - 2 * pad,
  };
  const qrSide = wide
    ? Math.min(inner.height, inner.width * 0.45)
    : Math.min(inner.width * 0.8, inner.height * 0.62);
  const text = wide
    ? { x: inner.x + qrSide + pad, width: inner.width - qrSide - pad, top: inner.y + inner.height }
    : { x: inner.x, width: inner.width, top: inner.y + inner.height };
  const align = wide ? 'left' : 'center';

  // The title and the keypad code, above the QR code (tall) or beside it (wide).
  const title = fit(f.bold, sign.title, text.width, wide ? 3 : 2, [
    unit * 0.075,
    unit * 0.06,
    unit * 0.05,
    unit * 0.04,
  ]);
  let used = drawLines(
    page,
    title.lines,
    { ...text, size: title.size, font: f.bold, color: c.text },
    align,
  );
  if (sign.keypadCode != null) {
    const size = title.size * 0.62;
    used +=
      drawLines(
        page,
        [`Stop ${sign.keypadCode}`],
        { ...text, top: text.top - used - size * 0.3, size, font: f.regular, color: c.muted },
        align,
      ) +
      size * 0.3;
  }

  const qrTop = wide ? inner.y + inner.height : text.top - used - pad * 0.6;
  const side = wide ? qrSide : Math.min(qrSide, qrTop - inner.y - unit * 0.2);
  const x = wide ? inner.x : inner.x + (inner.width - side) / 2;
  page.drawSvgPath(qr.d, {
    x,
    y: qrTop,
    scale: side / qr.size,
    color: rgb(0, 0, 0),
    borderWidth: 0,
  });

  // The short link and the "Scan to listen" lines, under the QR code (tall) or under the title (wide).
  const below = wide
    ? { x: text.x, width: text.width, top: text.top - used - pad }
    : { x: inner.x, width: inner.width, top: qrTop - side - pad * 0.2 };
  const link = fit(f.regular, sign.shortLink, below.width, 1, [
    unit * 0.04,
    unit * 0.032,
    unit * 0.026,
  ]);
  let down = drawLines(
    page,
    link.lines,
    { ...below, size: link.size, font: f.regular, color: c.text },
    align,
  );
  const scanSize = Math.max(
    6,
    Math.min(
      unit * 0.036,
      (below.top - down - inner.y) / Math.max(1, sign.scanLines.length) / 1.25,
    ),
  );
  for (const line of sign.scanLines) {
    const l = fit(f.bold, line, below.width, 1, [scanSize, scanSize * 0.85, scanSize * 0.7]);
    down +=
      drawLines(
        page,
        l.lines,
        {
          ...below,
          top: below.top - down - scanSize * 0.25,
          size: l.size,
          font: f.bold,
          color: c.band,
        },
        align,
      ) +
      scanSize * 0.25;
  }
}

/** The sheet of `signs` as a PDF (A4 or US Letter, 1, 2 or 4 signs a page, in their order). */
export async function signSheetPdf(
  signs: readonly PrintedSign[],
  o: SheetOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fontFiles();
  const f: Fonts = {
    regular: await doc.embedFont(regularBytes, { subset: true }),
    bold: await doc.embedFont(boldBytes, { subset: true }),
  };
  const c = palette(o.theme);
  doc.setTitle(`Signs · ${o.title}`);
  doc.setCreator('Earshot studio');
  const { width, height } = PAPER_POINTS[o.paper];
  const slots = signSlots(o.paper, o.perPage);
  for (const pageSigns of signPages(signs, o.perPage)) {
    const page = doc.addPage([width, height]);
    pageSigns.forEach((sign, i) => drawSign(page, slots[i]!, sign, f, c, qrPath(sign.url)));
  }
  return doc.save();
}
