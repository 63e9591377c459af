import {
  IMAGE_WIDTHS,
  imageSource,
  imageVariantUrl,
  isResizableImage,
  type ImageSlot,
  type ImageSource,
} from '@earshot/core';

/**
 * The `src`, `srcSet` and `sizes` of an <img> showing `url` in `slot` (docs/studio.md Media): for
 * our own pictures the server's right-sized WebP copies, so a 112 px card does not fetch a
 * 1200 px photo; any other URL as it is. Spread it on the element: `<img {...picture(u, s)} />`.
 */
export function picture(url: string, slot: ImageSlot): ImageSource {
  return imageSource(url, slot);
}

/**
 * The same copies as yet-another-react-lightbox's `srcSet` (it works out `sizes` from the
 * slide's own size). Heights are unknown here: 0 tells the lightbox to use the loaded picture's.
 */
export function lightboxSrcSet(url: string): { src: string; width: number; height: number }[] {
  if (!isResizableImage(url)) return [];
  return IMAGE_WIDTHS.map((width) => ({ src: imageVariantUrl(url, width), width, height: 0 }));
}

/** A small copy for a thumbnail strip (the smallest width made), or the URL itself. */
export function thumbnailUrl(url: string): string {
  return isResizableImage(url) ? imageVariantUrl(url, IMAGE_WIDTHS[0]) : url;
}
