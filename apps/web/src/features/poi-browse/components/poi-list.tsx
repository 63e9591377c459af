import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { rovingIndex } from '@earshot/core';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ListIcon } from '../../../shared/ui/icons';
import { useStopMenu } from '../hooks/use-stop-menu';
import { useStopSelection } from '../hooks/use-stop-selection';
import { useStops } from '../hooks/use-stops';
import { StopRow } from './stop-row';
import styles from './poi-list.module.css';

/** A row's height and the gap below it (measured after rendering; this is the first guess). */
const ROW_PX = 78;

/**
 * SPEC §2 list of POIs, the alternative to the carousel: the same stops, search and empty
 * messages, with subtitles. Only the rows in and near the view are rendered, so a guide of
 * 200 stops opens the list as fast as one of 14.
 */
export function PoiList() {
  const { pois, empty, search, star } = useStops();
  const { selected, select, setFocusable, tabbable: tabStop } = useStopSelection();
  const { bind, menu } = useStopMenu();
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const pendingFocus = useRef<string | null>(null);
  // The virtualizer's functions are used here only, never handed to a memoised component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({
    count: pois.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
    getItemKey: (i) => pois[i]!.token,
  });

  // A stop selected elsewhere (the map, the keypad) is scrolled into view.
  const at = selected ? pois.findIndex((p) => p.token === selected) : -1;
  useEffect(() => {
    if (at >= 0) rows.scrollToIndex(at, { align: 'auto' });
  }, [at, rows]);

  // Arrow keys may move to a row not rendered yet: it gets focus once it is.
  useEffect(() => {
    const token = pendingFocus.current;
    const button =
      token && list.current?.querySelector<HTMLElement>(`[data-token="${CSS.escape(token)}"]`);
    if (!button) return;
    pendingFocus.current = null;
    button.focus();
  });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const from = pois.findIndex((p) => p.token === (e.target as HTMLElement).dataset.token);
    const to = from < 0 ? null : rovingIndex(e.key, from, pois.length, 'y');
    if (to === null) return;
    e.preventDefault();
    const token = pois[to]!.token;
    pendingFocus.current = token;
    setFocusable(token);
    rows.scrollToIndex(to, { align: 'auto' });
  };

  const shown = rows.getVirtualItems();
  // The list's one tab stop must be a rendered row, or Tab would skip the list.
  const rendered = shown.map((v) => String(v.key));
  const tabbable = tabStop(new Set(rendered), rendered[0]);

  return (
    <section className={styles.root} aria-label="List of stops">
      {empty ? (
        <div role="status">
          <EmptyState icon={<ListIcon size={30} />} title={empty} />
        </div>
      ) : (
        <>
          <p className={styles.count}>
            {search
              ? `${pois.length} ${pois.length === 1 ? 'result' : 'results'} for “${search}”`
              : `${pois.length} ${pois.length === 1 ? 'stop' : 'stops'}`}
          </p>
          <div ref={scroller} className={styles.scroller}>
            <ul
              ref={list}
              className={styles.list}
              style={{ height: rows.getTotalSize() }}
              onKeyDown={onKeyDown}
            >
              {shown.map((v) => {
                const poi = pois[v.index]!;
                return (
                  <li
                    key={v.key}
                    ref={rows.measureElement}
                    data-index={v.index}
                    className={styles.item}
                    aria-setsize={pois.length}
                    aria-posinset={v.index + 1}
                    style={{ transform: `translateY(${v.start}px)` }}
                  >
                    <StopRow
                      poi={poi}
                      selected={poi.token === selected}
                      star={star(poi)}
                      tabbable={poi.token === tabbable}
                      menu={bind}
                      onSelect={select}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}
      {menu}
    </section>
  );
}
