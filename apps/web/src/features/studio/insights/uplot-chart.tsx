import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useDark } from './use-dark';
import styles from './insights.module.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** Which of the dashboard's two chart colours (`--chart-1`, `--chart-2`). */
  tone: 1 | 2;
}

export interface ChartSpec {
  kind: 'bars' | 'line';
  /** What the x axis counts (the legend's first entry), and each position's label. */
  axis: string;
  labels: string[];
  /** The longer name of a position, shown in the legend as the cursor moves. */
  names?: string[];
  series: ChartSeries[];
  /** Room a label needs on the x axis, in CSS pixels: fewer are shown on a narrow chart. */
  labelWidth?: number;
}

const HEIGHT = 220;

function options(spec: ChartSpec, width: number, box: HTMLElement): uPlot.Options {
  const css = getComputedStyle(box);
  const colour = (name: string) => css.getPropertyValue(name).trim() || '#0f5f73';
  const n = spec.labels.length;
  const step = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(width / (spec.labelWidth ?? 32)))));
  const ticks = spec.labels.map((_, i) => i).filter((i) => i % step === 0);
  // Long labels (How stops are started) get a size smaller where they would touch.
  const crowded = width / Math.max(1, ticks.length) < 72 && (spec.labelWidth ?? 32) > 40;
  const font = `${crowded ? 11 : 12}px ${css.fontFamily}`;
  const axisStroke = colour('--chart-axis');
  const grid = { stroke: colour('--chart-grid'), width: 1 };
  const pair = spec.series.length > 1 && spec.kind === 'bars';
  return {
    width,
    height: HEIGHT,
    cursor: { drag: { x: false, y: false }, points: { show: spec.kind === 'line' } },
    // The legend names the series (one series needs none); the table holds the figures.
    legend: { show: spec.series.length > 1, live: false },
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0.5, n - 0.5)] },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        stroke: axisStroke,
        font,
        grid: { show: false },
        ticks: { show: false },
        splits: () => ticks,
        values: (_u, splits) => splits.map((i) => spec.labels[i] ?? ''),
      },
      {
        stroke: axisStroke,
        font,
        grid,
        ticks: { show: false },
        size: 44,
        // Counts are whole: no tick at 0.5 of a visit.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
        values: (_u, splits) => splits.map((v) => v.toLocaleString('en')),
      },
    ],
    series: [
      {
        label: spec.axis,
        value: (_u, i) => (i == null ? '' : ((spec.names ?? spec.labels)[i] ?? '')),
      },
      ...spec.series.map((s, k): uPlot.Series => {
        const c = colour(s.tone === 1 ? '--chart-1' : '--chart-2');
        return spec.kind === 'bars'
          ? {
              label: s.label,
              stroke: c,
              fill: c,
              width: 0,
              paths: uPlot.paths.bars!({
                size: pair ? [0.36, 40] : [0.6, 56],
                align: pair ? (k === 0 ? -1 : 1) : 0,
                gap: pair ? 1 : 0,
              }),
              points: { show: false },
            }
          : {
              label: s.label,
              stroke: c,
              width: 2.5,
              fill: s.tone === 1 ? colour('--chart-fill') : undefined,
              points: { show: n <= 31, size: 6, fill: c },
            };
      }),
    ],
  };
}

/**
 * One uPlot chart drawn across its box's width, drawn again when the box resizes or the app's
 * look changes. It is a picture (aria-hidden): its table is what assistive technology reads.
 */
export function UplotChart({ spec }: { spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDark();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      spec.labels.map((_, i) => i),
      ...spec.series.map((s) => s.values),
    ];
    let plot = new uPlot(options(spec, el.clientWidth || 320, el), data, el);
    let width = el.clientWidth;
    const resize = new ResizeObserver(() => {
      if (!el.clientWidth || el.clientWidth === width) return;
      width = el.clientWidth;
      // The labels shown depend on the width: made again, not just resized.
      plot.destroy();
      plot = new uPlot(options(spec, width, el), data, el);
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [spec, dark]);
  return <div ref={box} className={styles.chart} aria-hidden="true" />;
}
