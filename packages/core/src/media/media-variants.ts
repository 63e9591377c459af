/**
 * Right-sized pictures (decision 0013, docs/studio.md "Media"): the server makes WebP copies of a
 * guide's pictures at a few fixed widths (`?w=`), and the app names them in `srcset` so a phone
 * fetches the 224 px copy for a 112 px card instead of the 800 px original. The server and the app
 * share these lists: a width the app asks for is one the server makes.
 */

/**
 * The widths made, from the sizes the app shows (CSS px × the screen's density): 224 for the
 * 112 px list card and the 100 px carousel card at 2×, 480 for a list card on a wide screen
 * or the 520 px guide dialog, 800 and 1200 for the stop's picture (760 px dialog or a phone's
 * whole width at 2–3×), 1600 for full screen.
 */
export const IMAGE_WIDTHS = [224, 480, 800, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const isImageWidth = (w: number): w is ImageWidth =>
  (IMAGE_WIDTHS as readonly number[]).includes(w);

/**
 * Where a picture is shown, and how wide it is there (the `sizes` attribute; keep in step with
 * the CSS named beside each).
 */
export const IMAGE_SIZES = {
  /** guides/guide-card.module.css: 112 px on phones; 2 columns from 720 px, 3 from 1040 px. */
  listCard: '(min-width: 1040px) 360px, (min-width: 720px) 50vw, 112px',
  /** Thumbnails up to 100 px: the carousel card, stop rows (60 px), city rows and the player (56). */
  thumb: '100px',
  /** poi-detail: the picture at the top of a stop (a 760 px dialog, else the whole width). */
  detail: '(min-width: 720px) 760px, 100vw',
  /** guide-confirm: the 520 px dialog's picture. */
  dialog: '(min-width: 560px) 520px, 100vw',
  /** The gallery's full-screen view. */
  fullScreen: '100vw',
  /**
   * guide-entry splash-dialog.module.css: the whole screen, `object-fit: cover`. On a portrait
   * screen a landscape picture is as wide as the screen is high times its aspect (1.5 for the
   * usual 3:2 photo): sized by the height, so a phone fetches a copy sharp enough for its
   * screen (the server never enlarges one), not a 100vw copy stretched to cover.
   */
  splash: '(orientation: portrait) 150vh, 100vw',
} as const;
export type ImageSlot = keyof typeof IMAGE_SIZES;

/** Our pictures that have variants: imported media and the studio's pool (not SVG, not others'). */
const RESIZABLE = /^\/(static\/tours\/\d+\/.+|studio-media\/[0-9a-f]{64})\.(jpe?g|png|webp)(\?|$)/i;

export const isResizableImage = (url: string): boolean => RESIZABLE.test(url);

/** The URL of the `width` variant of an image URL (its other query parameters kept). */
export function imageVariantUrl(url: string, width: ImageWidth): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** The original of a variant URL (its `w` removed), or null when `url` names no variant. */
export function imageOriginalUrl(url: string): string | null {
  const parsed = new URL(url, 'http://x');
  if (!parsed.searchParams.has('w')) return null;
  parsed.searchParams.delete('w');
  const query = parsed.searchParams.toString();
  const path = parsed.pathname + (query ? `?${query}` : '');
  return /^https?:\/\//.test(url) ? `${parsed.origin}${path}` : path;
}

export type ImageSource = { src: string; srcSet?: string; sizes?: string };

/**
 * The `src`, `srcset` and `sizes` of a picture shown in `slot`: every variant width for our
 * own pictures (the browser picks by the slot's size and the screen's density), the URL alone
 * for any other. `src` stays the original, for browsers without srcset.
 */
export function imageSource(url: string, slot: ImageSlot): ImageSource {
  if (!isResizableImage(url)) return { src: url };
  const srcSet = IMAGE_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', ');
  return { src: url, srcSet, sizes: IMAGE_SIZES[slot] };
}
