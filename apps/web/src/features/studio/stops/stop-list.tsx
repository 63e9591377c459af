import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { moveItem, type DraftStop } from '@earshot/core';
import styles from './stop-list.module.css';

type Drag = { from: number; to: number; pointer: number };

/**
 * The stops in tour order (issue 19 point 4). Each row's handle reorders: drag it, or focus
 * it and press the up and down arrow keys; every move is announced. Choosing a row selects
 * the stop for the form and the map.
 */
export function StopList({
  stops,
  selected,
  title,
  invalid,
  onSelect,
  onMove,
}: {
  stops: readonly DraftStop[];
  selected: number | null;
  title: (stop: DraftStop) => string;
  invalid: (index: number) => boolean;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
}) {
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [said, setSaid] = useState('');
  const refocus = useRef<string | null>(null);

  // The moved row's handle keeps focus: moving a DOM node blurs it.
  useEffect(() => {
    const token = refocus.current;
    if (!token) return;
    refocus.current = null;
    list.current
      ?.querySelector<HTMLElement>(`[data-handle="${CSS.escape(token)}"]`)
      ?.focus({ preventScroll: false });
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= stops.length || to === from) return;
    const stop = stops[from]!;
    refocus.current = stop.token;
    onMove(from, to);
    setSaid(`${title(stop)} moved to position ${to + 1} of ${stops.length}.`);
  };

  const rows = drag ? moveItem(stops, drag.from, drag.to) : stops;
  const indexOf = (row: number) => {
    if (!drag) return row;
    // The original index of the stop drawn at `row` while a drag previews its new place.
    return stops.indexOf(rows[row]!);
  };

  const targetAt = (clientY: number) => {
    const items = [...(list.current?.children ?? [])] as HTMLElement[];
    let to = 0;
    items.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      if (clientY > r.top + r.height / 2) to = i;
    });
    return Math.min(to, stops.length - 1);
  };

  const pointerDown = (e: PointerEvent<HTMLButtonElement>, index: number) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ from: index, to: index, pointer: e.pointerId });
  };
  const pointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    const to = targetAt(e.clientY);
    if (to !== drag.to) setDrag({ ...drag, to });
  };
  const pointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    setDrag(null);
    if (drag.to !== drag.from) move(drag.from, drag.to);
  };

  return (
    <>
      <p id={`${id}-how`} className="visually-hidden">
        Press the up or down arrow key to move the stop in the tour.
      </p>
      <ol ref={list} className={styles.list} aria-label="Stops in tour order">
        {rows.map((stop, row) => {
          const i = indexOf(row);
          const name = title(stop);
          return (
            <li
              key={stop.token}
              className={styles.row}
              data-selected={i === selected || undefined}
              data-dragging={drag?.from === i || undefined}
              data-invalid={invalid(i) || undefined}
            >
              <button
                type="button"
                className={styles.handle}
                data-handle={stop.token}
                aria-label={`Reorder ${name}, stop ${row + 1} of ${stops.length}`}
                aria-describedby={`${id}-how`}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                    e.preventDefault();
                    move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
                  }
                }}
                onPointerDown={(e) => pointerDown(e, i)}
                onPointerMove={pointerMove}
                onPointerUp={pointerUp}
                onPointerCancel={() => setDrag(null)}
              >
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" />
                </svg>
              </button>
              <button
                type="button"
                className={styles.choose}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => onSelect(i)}
              >
                <span className={styles.number} aria-hidden="true">
                  {row + 1}
                </span>
                <span className={styles.text}>
                  <span className={styles.title}>{name}</span>
                  <span className={styles.meta}>
                    {stop.keypad_code != null ? `Code ${stop.keypad_code}` : 'No keypad code'}
                    {invalid(i) ? ' · needs attention' : ''}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </>
  );
}
