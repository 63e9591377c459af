/** Public URLs of imported media: /static/tours/{guide_id}/{path}?v={hash}. */
export const PLACEHOLDER_IMAGE = '/static/placeholder.svg';

export function mediaUrl(guideId: number, stored: string | null | undefined): string | null {
  return stored ? `/static/tours/${guideId}/${stored}` : null;
}

export function imageUrls(guideId: number, storedJson: string): string[] {
  const list = (JSON.parse(storedJson) as string[]).map((p) => mediaUrl(guideId, p)!);
  return list.length ? list : [PLACEHOLDER_IMAGE];
}
