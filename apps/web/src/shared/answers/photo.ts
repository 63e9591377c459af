/** The longest side of a photo answer once scaled down: plenty for a reviewer, ~0.5 MB. */
export const PHOTO_MAX_SIDE_PX = 1600;
const JPEG_QUALITY = 0.85;

/** Thrown when the chosen file is not a picture the browser can read. */
export class NotAPictureError extends Error {
  constructor() {
    super('This file is not a picture. Choose a photo (JPEG, PNG or WebP).');
  }
}

/**
 * A camera photo scaled down in the browser before it is kept or sent: a phone's 12 MP
 * picture would be 4–8 MB, over slow mobile data, for a reviewer who needs far less. Small
 * pictures are kept as they are.
 */
export async function downscalePhoto(file: Blob, maxSide = PHOTO_MAX_SIDE_PX): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // Turned as the camera held it (EXIF orientation), as the browser shows it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new NotAPictureError();
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size <= 1024 * 1024 && /^image\/(jpeg|png|webp)$/.test(file.type)) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  return blob ?? file;
}

/** SPEC §7: a photo answer's value is the picture as a base64 data URL. */
export const blobToDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });
