import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { CAROUSEL_EMBLA_DURATION, CAROUSEL_ITEM_PX, rovingIndex, wheelStep } from '@earshot/core';
import { afterPaint } from '../../../shared/lib/use-stages';
import { useStopMenu } from '../hooks/use-stop-menu';
import { useStopSelection } from '../hooks/use-stop-selection';
import { useStops } from '../hooks/use-stops';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { StopCard } from './stop-card';
import styles from './poi-carousel.module.css';

/** Space before the first item and the left edge of a scrolled-to item. */
const TRACK_INSET_PX = 12;

/**
 * One object for the carousel's life: Embla starts over (stopping a scroll where it is) when
 * it is handed options that differ, and a new `align` function would always differ.
 */
const EMBLA_OPTIONS: EmblaOptionsType = {
  // Each snap leaves the track's inset before the item, as at the start.
  align: () => TRACK_INSET_PX,
  containScroll: 'trimSnaps',
  dragFree: true,
  duration: CAROUSEL_EMBLA_DURATION,
};

/** Scrolls the carousel so slide `i` shows whole, unless it already does. */
function reveal(api: EmblaCarouselType, i: number) {
  const slide = api.slideNodes()[i];
  if (!slide) return;
  const view = api.rootNode().getBoundingClientRect();
  const r = slide.getBoundingClientRect();
  if (r.left >= view.left - 1 && r.right <= view.right + 1) return;
  const snap = api.internalEngine().slideRegistry.findIndex((group) => group.includes(i));
  if (snap >= 0) api.scrollTo(snap);
}

/**
 * SPEC §2 carousel of stops at the bottom of the map: arrows, mouse wheel and drag scroll it
 * (200 ms); a tap selects a stop, a second tap opens its detail; right-click or a long-press
 * opens its link menu.
 */
export function PoiCarousel() {
  const { pois, empty, star } = useStops();
  const { selected, select, setFocusable, tabbable: tabStop } = useStopSelection();
  const { bind, menu } = useStopMenu();
  const [viewport, api] = useEmblaCarousel(EMBLA_OPTIONS);
  // Embla measures the track and every slide as it starts: handed its viewport once the new slides
  // have been laid out and painted, it reads that layout instead of forcing one in the commit that
  // inserted them (bench/results/2026-11-25-guide-180-kb-and-forced-layouts.md). Until then the
  // track lies at its start, as Embla leaves it.
  const [viewportNode, setViewportNode] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!viewportNode) return;
    const cancel = afterPaint(() => viewport(viewportNode));
    return () => {
      cancel();
      viewport(null);
    };
  }, [viewport, viewportNode]);
  const [can, setCan] = useState({ prev: false, next: false });
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!api) return;
    const update = () => {
      const prev = api.canScrollPrev();
      const next = api.canScrollNext();
      // Embla reports often while it scrolls: render only when an arrow changes.
      setCan((c) => (c.prev === prev && c.next === next ? c : { prev, next }));
    };
    update();
    api.on('select', update).on('reInit', update).on('settle', update);
    return () => void api.off('select', update).off('reInit', update).off('settle', update);
  }, [api]);

  // A new set of stops (a search, a layer) starts from its beginning.
  useEffect(() => {
    const frame = requestAnimationFrame(() => api?.scrollTo(0, true));
    return () => cancelAnimationFrame(frame);
  }, [api, pois]);

  // A stop selected elsewhere (map, keypad, location) is brought into view.
  useEffect(() => {
    if (!api || !selected) return;
    const i = pois.findIndex((p) => p.token === selected);
    if (i < 0) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => reveal(api, i)));
    return () => cancelAnimationFrame(frame);
  }, [api, selected, pois]);

  // SPEC §2 mouse-wheel scrolling, one stop per notch; the page itself must not scroll.
  useEffect(() => {
    const el = root.current;
    if (!api || !el) return;
    let rest = 0;
    const wheel = (e: WheelEvent) => {
      if (!api.canScrollPrev() && !api.canScrollNext()) return;
      e.preventDefault();
      const { step, rest: left } = wheelStep(rest, e);
      rest = left;
      if (step > 0) api.scrollNext();
      else if (step < 0) api.scrollPrev();
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [api]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLUListElement>) => {
      const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-token]')];
      const at = buttons.indexOf(e.target as HTMLButtonElement);
      const to = at < 0 ? null : rovingIndex(e.key, at, buttons.length, 'x');
      if (to === null) return;
      e.preventDefault();
      buttons[to]!.focus({ preventScroll: true });
      setFocusable(buttons[to]!.dataset.token!);
      if (api) reveal(api, to);
    },
    [api, setFocusable],
  );

  const tabbable = tabStop(new Set(pois.map((p) => p.token)), pois[0]?.token);

  return (
    <section
      ref={root}
      className={styles.root}
      style={
        {
          '--carousel-item': `${CAROUSEL_ITEM_PX}px`,
          '--carousel-inset': `${TRACK_INSET_PX}px`,
        } as CSSProperties
      }
      aria-label="Stops"
      aria-roledescription="carousel"
    >
      {empty ? (
        <p className={styles.empty} role="status">
          {empty}
        </p>
      ) : (
        <>
          <div ref={setViewportNode} className={styles.viewport}>
            <ul className={styles.track} onKeyDown={onKeyDown}>
              {pois.map((poi) => (
                <li key={poi.token} className={styles.slide}>
                  <StopCard
                    poi={poi}
                    selected={poi.token === selected}
                    star={star(poi)}
                    tabbable={poi.token === tabbable}
                    menu={bind}
                    onSelect={select}
                  />
                </li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label="Previous stops"
            disabled={!can.prev}
            onClick={() => api?.scrollPrev()}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Next stops"
            disabled={!can.next}
            onClick={() => api?.scrollNext()}
          >
            <ChevronRightIcon size={20} />
          </button>
        </>
      )}
      {menu}
    </section>
  );
}
