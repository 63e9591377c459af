import type { NamedPoint } from '@earshot/core';
import styles from './landmark-picker.module.css';

/**
 * The photo with each named point marked and named, drawn in the photo's own pixels (the SVG
 * has its size as viewBox), so marks and picture scale together at any width.
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
  const unit = Math.max(width, height) / 56;
  const noseX = points.find((p) => p.key === '1')?.x ?? width / 2;
  return (
    <figure className={styles.figure}>
      <img
        src={url}
        width={width}
        height={height}
        alt="The chosen photo, with the face’s named points marked on it"
        className={styles.photo}
      />
      <svg
        className={styles.marks}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        data-testid="landmark-marks"
      >
        {points.map((p) => {
          // Names go outwards from the nose, so the eyes' and ears' names do not cross it.
          const left = p.x < noseX - unit;
          return (
            <g key={p.key} data-key={p.key} data-x={p.x} data-y={p.y}>
              <circle
                cx={p.x}
                cy={p.y}
                r={unit * 0.45}
                className={styles.dot}
                strokeWidth={unit * 0.18}
              />
              <text
                x={p.x + (left ? -unit : unit)}
                y={p.y}
                dy="0.35em"
                textAnchor={left ? 'end' : 'start'}
                fontSize={unit * 1.1}
                strokeWidth={unit * 0.3}
                className={styles.label}
              >
                {p.name}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
