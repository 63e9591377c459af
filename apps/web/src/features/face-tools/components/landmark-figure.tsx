import { useState } from 'react';
import { faceRegion, labelSide, type NamedPoint } from '@earshot/core';
import styles from './landmark-picker.module.css';

/** Where a name is written beside its mark, in units of the label size. */
const OFFSET = {
  left: { dx: -1, dy: 0.35, anchor: 'end' },
  right: { dx: 1, dy: 0.35, anchor: 'start' },
  above: { dx: 0, dy: -0.9, anchor: 'middle' },
  below: { dx: 0, dy: 1.6, anchor: 'middle' },
} as const;

/**
 * The photo with each named point marked and named, drawn in the photo's own pixels (the SVG's
 * viewBox), so marks and picture scale together. It opens on the face (a small face's marks
 * would crowd together on the whole photo); a button shows the whole photo.
 */
export function LandmarkFigure({
  url,
  width,
  height,
  points,
}: {
  url: string;
  width: number;
  height: number;
  points: NamedPoint[];
}) {
  const [whole, setWhole] = useState(false);
  const view = whole ? { x: 0, y: 0, width, height } : faceRegion(points, width, height);
  const unit = Math.max(view.width, view.height) / 30;
  const noseX = points.find((p) => p.key === '1')?.x ?? width / 2;
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.marks}
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        role="img"
        aria-label={`The chosen photo${whole ? '' : ', zoomed to the face'}, with the face’s named points marked on it`}
        data-testid="landmark-marks"
      >
        <image href={url} x={0} y={0} width={width} height={height} />
        {points.map((p) => {
          const side = OFFSET[labelSide(p.key, p.x, noseX)];
          return (
            <g key={p.key} data-key={p.key} data-x={p.x} data-y={p.y}>
              <circle
                cx={p.x}
                cy={p.y}
                r={unit * 0.32}
                className={styles.dot}
                strokeWidth={unit * 0.12}
              />
              <text
                x={p.x + side.dx * unit * 0.7}
                y={p.y + side.dy * unit}
                textAnchor={side.anchor}
                fontSize={unit}
                strokeWidth={unit * 0.28}
                className={styles.label}
              >
                {p.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>
        <button
          type="button"
          className={styles.zoom}
          aria-pressed={whole}
          onClick={() => setWhole((w) => !w)}
        >
          Show the whole photo
        </button>
      </figcaption>
    </figure>
  );
}
