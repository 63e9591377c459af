/**
 * Face geometry for the camera (hat effect) and landmark picker test tools (SPEC §2 "Test
 * pages"): named points of the 478-point face mesh (468 with the iris refinement's 10 more),
 * the hat's placement on a tracked face and the conversions between the model's normalised
 * coordinates, the image's own pixels and the view that shows it.
 */

/** A landmark as the face mesh gives it: x and y from 0 to 1 across the image, z depth. */
export type Landmark = { x: number; y: number; z?: number };
export type Point = { x: number; y: number };

/**
 * SPEC §2: the landmark picker's named points, with its indices. In an unmirrored photo the
 * left eye (473, an iris centre: the subject's left) is on the image's right of the nose, and
 * the left ear (127) on the image's left. Mouth 13_14 is the midpoint of the inner lips' centres.
 */
export const FACE_POINTS = [
  { key: '1', name: 'nose tip', indices: [1] },
  { key: '473', name: 'left eye', indices: [473] },
  { key: '468', name: 'right eye', indices: [468] },
  { key: '13_14', name: 'mouth', indices: [13, 14] },
  { key: '152', name: 'chin', indices: [152] },
  { key: '127', name: 'left ear', indices: [127] },
  { key: '356', name: 'right ear', indices: [356] },
] as const;

export type FacePointKey = (typeof FACE_POINTS)[number]['key'];
export type NamedPoint = { key: FacePointKey; name: string; x: number; y: number };

/** Landmarks the refined mesh has: without the iris points (468–477) 473 and 468 are missing. */
export const REFINED_LANDMARK_COUNT = 478;
/** The top of the forehead on the mesh's centre line (where a hat sits). */
export const FOREHEAD_TOP = 10;

export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** A normalised landmark in the image's own pixels. */
export const toPixels = (p: Point, width: number, height: number): Point => ({
  x: p.x * width,
  y: p.y * height,
});

/** The mean of the landmarks at `indices`, or null when one is missing (an unrefined mesh). */
function landmarkAt(landmarks: readonly Landmark[], indices: readonly number[]): Point | null {
  const pts = indices.map((i) => landmarks[i]);
  if (pts.length === 0 || pts.some((p) => !p || !Number.isFinite(p.x) || !Number.isFinite(p.y)))
    return null;
  const found = pts as Landmark[];
  return {
    x: found.reduce((s, p) => s + p.x, 0) / found.length,
    y: found.reduce((s, p) => s + p.y, 0) / found.length,
  };
}

/**
 * The SPEC's named points in the image's pixels, rounded to a tenth of a pixel; null when the
 * mesh lacks one of them (it was not refined).
 */
export function namedPoints(
  landmarks: readonly Landmark[],
  width: number,
  height: number,
): NamedPoint[] | null {
  const out: NamedPoint[] = [];
  for (const { key, name, indices } of FACE_POINTS) {
    const p = landmarkAt(landmarks, indices);
    if (!p) return null;
    const px = toPixels(p, width, height);
    out.push({ key, name, x: round1(px.x), y: round1(px.y) });
  }
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A rectangle in an image's pixels. */
export type Region = { x: number; y: number; width: number; height: number };

/**
 * A square around the named points, `zoom` times their larger extent, kept inside the image
 * (and never larger than it): the part of a photo to show so a small face's marks are legible.
 */
export function faceRegion(
  points: readonly Point[],
  width: number,
  height: number,
  zoom = 2.2,
): Region {
  if (points.length === 0) return { x: 0, y: 0, width, height };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const side = Math.min(Math.max(x1 - x0, y1 - y0, 1) * zoom, width, height);
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return {
    x: clamp((x0 + x1) / 2 - side / 2, width - side),
    y: clamp((y0 + y1) / 2 - side / 2, height - side),
    width: side,
    height: side,
  };
}

/** Where a point's name goes beside its mark (the eyes' above, so they clear the ears'). */
export function labelSide(
  key: FacePointKey,
  x: number,
  noseX: number,
): 'left' | 'right' | 'above' | 'below' {
  if (key === '473' || key === '468') return 'above';
  if (key === '152') return 'below';
  if (key === '127' || key === '356') return x < noseX ? 'left' : 'right';
  return 'right';
}

/** The named points as text to copy: one line each, `name (index): x, y` in whole pixels. */
export function formatNamedPoints(points: readonly NamedPoint[]): string {
  return points
    .map((p) => `${p.name} (${p.key}): ${Math.round(p.x)}, ${Math.round(p.y)}`)
    .join('\n');
}

/** Where the hat goes: its base's centre, width and roll (radians, clockwise as y grows down). */
export type HatPlacement = { x: number; y: number; width: number; angle: number };

/** The hat is a little wider than the face, its base a little above the forehead's top. */
export const HAT_WIDTH_PER_FACE = 1.25;
const HAT_LIFT_PER_FACE = 0.04;

/**
 * The hat on a face, in the pixels of an image `width` × `height`: scaled to the face's width
 * (ear to ear, 127 to 356), rolled with the line from the right eye to the left eye and seated
 * on the top of the forehead (10), lifted along the face's own "up". Null without the points.
 */
export function hatPlacement(
  landmarks: readonly Landmark[],
  width: number,
  height: number,
): HatPlacement | null {
  const at = (i: number) => {
    const p = landmarkAt(landmarks, [i]);
    return p && toPixels(p, width, height);
  };
  const rightEye = at(468);
  const leftEye = at(473);
  const rightSide = at(127);
  const leftSide = at(356);
  const top = at(FOREHEAD_TOP);
  if (!rightEye || !leftEye || !rightSide || !leftSide || !top) return null;
  const angle = Math.atan2(leftEye.y - rightEye.y, leftEye.x - rightEye.x);
  const faceWidth = Math.hypot(leftSide.x - rightSide.x, leftSide.y - rightSide.y);
  // "Up" for the face: the eye line turned a quarter back (y grows downwards).
  const up = { x: Math.sin(angle), y: -Math.cos(angle) };
  const lift = faceWidth * HAT_LIFT_PER_FACE;
  return {
    x: top.x + up.x * lift,
    y: top.y + up.y * lift,
    width: faceWidth * HAT_WIDTH_PER_FACE,
    angle,
  };
}

/**
 * How an image `src` is drawn into a box `dst` with CSS object-fit: cover (scaled to fill,
 * centred, the overflow cut) or contain (scaled to fit, centred), optionally mirrored
 * (a front camera's preview is shown as a mirror).
 */
export type ViewTransform = {
  scale: number;
  offsetX: number;
  offsetY: number;
  mirror: boolean;
  width: number;
};

export function fitTransform(
  src: { width: number; height: number },
  dst: { width: number; height: number },
  fit: 'cover' | 'contain',
  mirror = false,
): ViewTransform {
  const sx = dst.width / src.width;
  const sy = dst.height / src.height;
  const scale = fit === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy);
  return {
    scale,
    offsetX: (dst.width - src.width * scale) / 2,
    offsetY: (dst.height - src.height * scale) / 2,
    mirror,
    width: dst.width,
  };
}

/** A point in the image's pixels as it appears in the view. */
export function toView(p: Point, t: ViewTransform): Point {
  const x = t.offsetX + p.x * t.scale;
  return { x: t.mirror ? t.width - x : x, y: t.offsetY + p.y * t.scale };
}

/** A hat placed in the image's pixels as it appears in the view (a mirror flips its roll). */
export function hatInView(hat: HatPlacement, t: ViewTransform): HatPlacement {
  const c = toView(hat, t);
  return { x: c.x, y: c.y, width: hat.width * t.scale, angle: t.mirror ? -hat.angle : hat.angle };
}
