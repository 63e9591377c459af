import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import {
  alphabetJumpIndex,
  CITY_ROW_HEIGHT,
  cityRowLabel,
  type CityGroup,
  type GuideSummary,
} from '@earshot/core';
import { useDownloadedTokens } from '../../../shared/offline/downloads';
import { useGuideList } from '../store';
import { CityLink } from './city-link';
import { picture } from '../../../shared/lib/responsive-image';
import styles from './city-groups.module.css';

type Row =
  { kind: 'city'; group: CityGroup<GuideSummary> } | { kind: 'guide'; guide: GuideSummary };

const guideLabel = (g: GuideSummary, saved: boolean) =>
  `${g.title}, ${g.num_pois === 1 ? '1 stop' : `${g.num_pois} stops`}${saved ? ', saved offline' : ''}`;

/** The list's box: as tall as all its rows, which it places (virtualised) or which flow in it. */
export function CityRowList({
  height,
  ref,
  children,
}: {
  height: number | string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div ref={ref} className={styles.list} role="list" aria-label="Cities" style={{ height }}>
      {children}
    </div>
  );
}

/** One row of the list: the list places it (`style`), a city or a guide inside. */
export function CityRowItem({
  index,
  style,
  ref,
  children,
}: {
  index: number | string;
  style: CSSProperties;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div ref={ref} role="listitem" data-index={index} className={styles.row} style={style}>
      {children}
    </div>
  );
}

/**
 * A city's row: state, name and guide count, expanding its guides; the arrow opens the city's
 * page. Given as text (the page's HTML holds rows made from this with the server's words:
 * apps/web/src/shell/list-shell.tsx).
 */
export function CityRow({
  id,
  city,
  state,
  count,
  label,
  expanded = false,
  onToggle,
}: {
  id: number | string;
  city: string;
  state: string;
  count: number | string;
  label: string;
  expanded?: boolean;
  onToggle?: () => void;
}) {
  return (
    <div className={styles.city}>
      <button
        type="button"
        id={`city-row-${id}`}
        className={styles.toggle}
        aria-expanded={expanded}
        aria-label={label}
        onClick={onToggle}
      >
        <span className={styles.state}>{state}</span>
        <span className={styles.name}>{city}</span>
        <span className={styles.count}>{count}</span>
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <CityLink city={city} className={styles.cityLink}>
        <span className="visually-hidden">{city} page</span>
        <span aria-hidden="true">›</span>
      </CityLink>
    </div>
  );
}

/**
 * More than 20 guides: expandable rows per city (state, city name, guide count),
 * virtualised so that thousands of guides scroll smoothly.
 */
export function CityGroups({
  groups,
  onOpen,
  jumps = true,
}: {
  groups: CityGroup<GuideSummary>[];
  onOpen: (g: GuideSummary) => void;
  /** The alphabet bar's letter scrolls this list (false: a large catalogue asks the server). */
  jumps?: boolean;
}) {
  const { expanded, toggle, letter } = useGuideList();
  const saved = useDownloadedTokens();
  const rows = useMemo(() => {
    const list: Row[] = [];
    for (const group of groups) {
      list.push({ kind: 'city', group });
      if (expanded.has(group.cityId))
        for (const guide of group.guides) list.push({ kind: 'guide', guide });
    }
    return list;
  }, [groups, expanded]);
  // Distance from the top of the page to the list, which the window virtualiser needs.
  const [scrollMargin, setScrollMargin] = useState(0);
  const listRef = useCallback((el: HTMLDivElement | null) => {
    if (el) setScrollMargin(el.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'city' ? CITY_ROW_HEIGHT : 76),
    overscan: 8,
    scrollMargin,
    getItemKey: (i) => {
      const row = rows[i]!;
      return row.kind === 'city' ? `c${row.group.cityId}` : `g${row.guide.token}`;
    },
  });

  // The alphabet bar jumps to the first city of the chosen letter.
  useEffect(() => {
    if (!letter || !jumps) return;
    const groupIndex = alphabetJumpIndex(groups, letter);
    if (groupIndex < 0) return;
    const cityId = groups[groupIndex]!.cityId;
    const rowIndex = rows.findIndex((r) => r.kind === 'city' && r.group.cityId === cityId);
    virtualizer.scrollToIndex(rowIndex, { align: 'start' });
    requestAnimationFrame(() =>
      document.getElementById(`city-row-${cityId}`)?.focus({ preventScroll: true }),
    );
    // Only a new letter should jump, not every re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [letter]);

  return (
    <CityRowList ref={listRef} height={virtualizer.getTotalSize()}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <CityRowItem
            key={item.key}
            index={item.index}
            ref={virtualizer.measureElement}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {row.kind === 'city' ? (
              <CityRow
                id={row.group.cityId}
                city={row.group.city}
                state={row.group.state}
                count={row.group.guides.length}
                label={cityRowLabel(row.group.city, row.group.state, row.group.guides.length)}
                expanded={expanded.has(row.group.cityId)}
                onToggle={() => toggle(row.group.cityId)}
              />
            ) : (
              <button
                type="button"
                className={styles.guide}
                aria-label={guideLabel(row.guide, saved.has(row.guide.token))}
                onClick={() => onOpen(row.guide)}
              >
                {row.guide.splash_url ? (
                  <img
                    {...picture(row.guide.splash_url, 'thumb')}
                    alt=""
                    loading="lazy"
                    width={56}
                    height={56}
                  />
                ) : (
                  <span className={styles.thumb} />
                )}
                <span className={styles.guideText}>
                  <span className={styles.guideTitle}>{row.guide.title}</span>
                  <span className={styles.guideMeta}>
                    {row.guide.num_pois} stops{row.guide.coming_soon ? ' · Coming soon' : ''}
                    {saved.has(row.guide.token) && ' · Saved offline'}
                  </span>
                </span>
              </button>
            )}
          </CityRowItem>
        );
      })}
    </CityRowList>
  );
}
