import { describe, expect, it } from 'vitest';
import {
  FACE_POINTS,
  fitTransform,
  faceRegion,
  formatNamedPoints,
  labelSide,
  hatInView,
  hatPlacement,
  midpoint,
  namedPoints,
  toPixels,
  toView,
  type Landmark,
} from '../../src/index.js';

/** A refined mesh (478 points) with the given points set and the rest at the image's centre. */
function mesh(points: Record<number, [number, number]>, count = 478): Landmark[] {
  const out: Landmark[] = Array.from({ length: count }, () => ({ x: 0.5, y: 0.5, z: 0 }));
  for (const [i, [x, y]] of Object.entries(points))
    if (Number(i) < count) out[Number(i)] = { x, y, z: 0 };
  return out;
}

/** An upright face: eyes level, ears 0.4 apart, forehead top at y 0.2. */
const UPRIGHT = {
  1: [0.5, 0.5],
  473: [0.6, 0.4],
  468: [0.4, 0.4],
  13: [0.5, 0.6],
  14: [0.5, 0.64],
  152: [0.5, 0.8],
  127: [0.3, 0.42],
  356: [0.7, 0.42],
  10: [0.5, 0.2],
} satisfies Record<number, [number, number]>;

describe('FACE_POINTS (SPEC §2 landmark indices)', () => {
  it.each([
    ['nose tip', '1', [1]],
    ['left eye', '473', [473]],
    ['right eye', '468', [468]],
    ['mouth', '13_14', [13, 14]],
    ['chin', '152', [152]],
    ['left ear', '127', [127]],
    ['right ear', '356', [356]],
  ])('%s is %s', (name, key, indices) =>
    expect(FACE_POINTS.find((p) => p.name === name)).toEqual({ key, name, indices }),
  );
  it('has exactly the seven named points', () => expect(FACE_POINTS).toHaveLength(7));
});

describe('midpoint and toPixels', () => {
  it.each([
    [
      { x: 0, y: 0 },
      { x: 2, y: 4 },
      { x: 1, y: 2 },
    ],
    [
      { x: -1, y: 3 },
      { x: 1, y: 3 },
      { x: 0, y: 3 },
    ],
  ])('midpoint(%j, %j) = %j', (a, b, m) => expect(midpoint(a, b)).toEqual(m));
  it.each([
    [{ x: 0.5, y: 0.5 }, 512, 512, { x: 256, y: 256 }],
    [{ x: 0.25, y: 1 }, 640, 480, { x: 160, y: 480 }],
    [{ x: 0, y: 0 }, 100, 50, { x: 0, y: 0 }],
  ])('toPixels(%j, %i, %i) = %j', (p, w, h, out) => expect(toPixels(p, w, h)).toEqual(out));
});

describe('namedPoints', () => {
  it('gives each named point in the image pixels, the mouth as the midpoint of 13 and 14', () => {
    const pts = namedPoints(mesh(UPRIGHT), 1000, 500)!;
    expect(Object.fromEntries(pts.map((p) => [p.key, [p.x, p.y]]))).toEqual({
      '1': [500, 250],
      '473': [600, 200],
      '468': [400, 200],
      '13_14': [500, 310],
      '152': [500, 400],
      '127': [300, 210],
      '356': [700, 210],
    });
    expect(pts.map((p) => p.name)).toEqual(FACE_POINTS.map((p) => p.name));
  });
  it.each([
    ['an unrefined mesh (no iris points)', mesh(UPRIGHT, 468)],
    ['no landmarks', []],
    ['a point that is not a number', mesh({ ...UPRIGHT, 152: [NaN, 0.8] })],
  ])('is null for %s', (_, lm) => expect(namedPoints(lm, 100, 100)).toBeNull());
  it('rounds to a tenth of a pixel', () => {
    const pts = namedPoints(mesh({ ...UPRIGHT, 1: [0.33333, 0.66666] }), 100, 100)!;
    expect(pts[0]).toEqual({ key: '1', name: 'nose tip', x: 33.3, y: 66.7 });
  });
});

describe('formatNamedPoints', () => {
  it('writes one line per point in whole pixels', () =>
    expect(
      formatNamedPoints([
        { key: '1', name: 'nose tip', x: 224.4, y: 135.5 },
        { key: '13_14', name: 'mouth', x: 10, y: 20 },
      ]),
    ).toBe('nose tip (1): 224, 136\nmouth (13_14): 10, 20'));
  it('is empty for no points', () => expect(formatNamedPoints([])).toBe(''));
});

/** The mesh UPRIGHT turned by `deg` degrees about (cx, cy), scaled by `k` and moved by (dx, dy). */
function moved(deg: number, k = 1, dx = 0, dy = 0, cx = 0.5, cy = 0.5) {
  const a = (deg * Math.PI) / 180;
  const out: Record<number, [number, number]> = {};
  for (const [i, [x, y]] of Object.entries(UPRIGHT)) {
    const ux = (x - cx) * k;
    const uy = (y - cy) * k;
    out[Number(i)] = [
      cx + dx + ux * Math.cos(a) - uy * Math.sin(a),
      cy + dy + ux * Math.sin(a) + uy * Math.cos(a),
    ];
  }
  return mesh(out);
}

describe('hatPlacement', () => {
  const W = 1000;
  it.each([
    // [case, mesh, x, y, width, angle (degrees)]
    ['an upright face', moved(0), 500, 200 - 400 * 0.04, 400 * 1.25, 0],
    ['moved right and down', moved(0, 1, 0.1, 0.05), 600, 250 - 16, 500, 0],
    ['twice as near (twice the width)', moved(0, 2), 500, 500 - 600 - 32, 1000, 0],
    ['half as near', moved(0, 0.5), 500, 500 - 150 - 8, 250, 0],
  ])('%s', (_, lm, x, y, width, deg) => {
    const hat = hatPlacement(lm, W, W)!;
    expect(hat.x).toBeCloseTo(x, 6);
    expect(hat.y).toBeCloseTo(y, 6);
    expect(hat.width).toBeCloseTo(width, 6);
    expect((hat.angle * 180) / Math.PI).toBeCloseTo(deg, 6);
  });
  it.each([15, -30, 90])('rolls with the head (%i°) and stays on its top', (deg) => {
    const hat = hatPlacement(moved(deg), W, W)!;
    expect((hat.angle * 180) / Math.PI).toBeCloseTo(deg, 6);
    expect(hat.width).toBeCloseTo(500, 6);
    // The forehead top (0.5, 0.2) turned about the centre, lifted 16 px along the face's up.
    const a = (deg * Math.PI) / 180;
    const r = 300 + 16;
    expect(hat.x).toBeCloseTo(500 + r * Math.sin(a), 6);
    expect(hat.y).toBeCloseTo(500 - r * Math.cos(a), 6);
  });
  it.each([
    ['an unrefined mesh', mesh(UPRIGHT, 468)],
    ['no landmarks', []],
  ])('is null for %s', (_, lm) => expect(hatPlacement(lm, W, W)).toBeNull());
});

describe('fitTransform and toView', () => {
  it.each([
    // [case, src, dst, fit, mirror, point, view]
    ['cover, wider source', [640, 480], [390, 390], 'cover', false, [320, 240], [195, 195]],
    ['cover crops the sides', [640, 480], [480, 480], 'cover', false, [0, 0], [-80, 0]],
    ['contain letterboxes', [640, 480], [640, 640], 'contain', false, [0, 0], [0, 80]],
    ['contain scales down', [1000, 500], [500, 500], 'contain', false, [1000, 500], [500, 375]],
    ['a mirror flips x', [640, 480], [640, 480], 'cover', true, [100, 50], [540, 50]],
  ] as const)('%s', (_, [sw, sh], [dw, dh], fit, mirror, [px, py], [vx, vy]) => {
    const t = fitTransform({ width: sw, height: sh }, { width: dw, height: dh }, fit, mirror);
    const v = toView({ x: px, y: py }, t);
    expect(v.x).toBeCloseTo(vx, 6);
    expect(v.y).toBeCloseTo(vy, 6);
  });
  it('hatInView scales the width and flips the roll in a mirror', () => {
    const t = fitTransform({ width: 640, height: 480 }, { width: 320, height: 240 }, 'cover', true);
    expect(hatInView({ x: 100, y: 40, width: 200, angle: 0.3 }, t)).toEqual({
      x: 270,
      y: 20,
      width: 100,
      angle: -0.3,
    });
  });
});

describe('faceRegion', () => {
  const pts = (...xy: [number, number][]) => xy.map(([x, y]) => ({ x, y }));
  it.each<[string, { x: number; y: number }[], number, number, number, object]>([
    [
      'a small face in a large photo: a square of 2.2× its extent around it',
      pts([180, 100], [270, 110], [224, 177]),
      512,
      512,
      2.2,
      { x: 126, y: 39.5, width: 198, height: 198 },
    ],
    [
      'kept inside the image at its edge',
      pts([0, 0], [100, 50]),
      512,
      512,
      2,
      { x: 0, y: 0, width: 200, height: 200 },
    ],
    [
      'never larger than the image',
      pts([0, 0], [400, 300]),
      400,
      300,
      2.2,
      { x: 50, y: 0, width: 300, height: 300 },
    ],
    ['no points: the whole image', [], 640, 480, 2.2, { x: 0, y: 0, width: 640, height: 480 }],
  ])('%s', (_, points, w, h, zoom, region) => {
    const r = faceRegion(points, w, h, zoom);
    for (const [k, v] of Object.entries(region))
      expect(r[k as keyof typeof r], k).toBeCloseTo(v as number, 6);
  });
});

describe('labelSide', () => {
  it.each([
    ['473', 250, 'above'],
    ['468', 200, 'above'],
    ['152', 224, 'below'],
    ['127', 180, 'left'],
    ['356', 270, 'right'],
    ['127', 300, 'right'],
    ['1', 224, 'right'],
    ['13_14', 224, 'right'],
  ] as const)('%s at x %i (nose at 224) → %s', (key, x, side) =>
    expect(labelSide(key, x, 224)).toBe(side),
  );
});
