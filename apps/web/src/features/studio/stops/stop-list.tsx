import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import type { DraftStop } from '@earshot/core';
import styles from './stop-list.module.css';

/** A pointer drag of one row: where it started, the rows' middles then, and how far it went. */
type Drag = {
  from: number;
  pointer: number;
  startY: number;
  mids: number[];
  step: number;
  dy: number;
};

/** The index the dragged row would take: after every other row whose middle it passed. */
const dropIndex = (d: Drag) =>
  d.mids.filter((m, i) => i !== d.from && m < d.mids[d.from]! + d.dy).length;

/**
 * The stops in tour order (docs/studio.md Web). Each row's handle reorders: drag it, or focus
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

  const pointerDown = (e: PointerEvent<HTMLButtonElement>, index: number) => {
    if (e.button !== 0) return;
    const items = [...(list.current?.children ?? [])] as HTMLElement[];
    const rects = items.map((el) => el.getBoundingClientRect());
    const next = rects[1] ?? rects[0]!;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({
      from: index,
      pointer: e.pointerId,
      startY: e.clientY,
      mids: rects.map((r) => r.top + r.height / 2),
      // One row's height and the gap: how far the others step aside.
      step: rects.length > 1 ? next.top - rects[0]!.top : rects[0]!.height,
      dy: 0,
    });
  };
  const pointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    setDrag({ ...drag, dy: e.clientY - drag.startY });
  };
  const pointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointer) return;
    setDrag(null);
    const to = dropIndex(drag);
    if (to !== drag.from) move(drag.from, to);
  };
  // While dragging, the rows stay where they are in the DOM (moving the dragged one would
  // lose its pointer capture): the dragged row follows the pointer, the rows it passed step aside.
  const to = drag ? dropIndex(drag) : -1;
  const offset = (i: number) => {
    if (!drag) return undefined;
    if (i === drag.from) return drag.dy;
    if (drag.from < i && i <= to) return -drag.step;
    if (to <= i && i < drag.from) return drag.step;
    return 0;
  };

  return (
    <>
      <p id={`${id}-how`} className="visually-hidden">
        Press the up or down arrow key to move the stop in the tour.
      </p>
      <ol ref={list} className={styles.list} aria-label="Stops in tour order">
        {stops.map((stop, i) => {
          const name = title(stop);
          const dy = offset(i);
          return (
            <li
              key={stop.token}
              className={styles.row}
              data-selected={i === selected || undefined}
              data-dragging={drag?.from === i || undefined}
              data-invalid={invalid(i) || undefined}
              style={dy ? { transform: `translateY(${dy}px)` } : undefined}
            >
              <button
                type="button"
                className={styles.handle}
                data-handle={stop.token}
                aria-label={`Reorder ${name}, stop ${i + 1} of ${stops.length}`}
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
                onLostPointerCapture={() => setDrag(null)}
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
                data-path={`$.pois[${i}]`}
                // A problem listed elsewhere focuses its stop's row: that chooses the stop.
                onFocus={() => i !== selected && onSelect(i)}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => onSelect(i)}
              >
                <span className={styles.number} aria-hidden="true">
                  {i + 1}
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
