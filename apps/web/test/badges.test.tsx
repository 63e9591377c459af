import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type {
  Award,
  AwardChange,
  BadgeLevel,
  BadgeWithAward,
  GuideDetail,
  VisitPoiResult,
} from '@earshot/core';
import { BadgesOverlay } from '../src/features/badges/components/badges-overlay';
import {
  BadgeCelebration,
  CELEBRATION_MS,
} from '../src/features/badges/components/badge-celebration';
import { BadgesControl } from '../src/features/guide-map/components/badges-control';
import { useAuthStore } from '../src/shared/auth/store';
import { visitAnswered } from '../src/shared/badges/news';
import { useBadgeNews } from '../src/shared/badges/news-store';
import { useVisit } from '../src/shared/visit/store';
import { renderWith } from './render';

// The server's answers are seeded into the query cache as it sends them; the calls themselves
// run against the real server in e2e/tests/badges.spec.ts.

const GUIDE = 'walk';
const level = (badge: number, id: number, name: string, required: number): BadgeLevel => ({
  id,
  name,
  required,
  image: `/static/tours/1/media/b${badge}-${name.toLowerCase()}.png`,
  token: `b${badge}-${name.toLowerCase()}`,
  badge,
  badge_token: `b${badge}`,
});
const badge = (
  id: number,
  name: string,
  levels: BadgeLevel[],
  points?: number,
): BadgeWithAward => ({
  id,
  token: `b${id}`,
  name,
  contest_type: 'badge',
  guide_id: 1,
  guide_token: GUIDE,
  metadata: null,
  image: `/static/tours/1/media/b${id}.png`,
  message: `${name} message`,
  visited_item: null,
  levels,
  ...(points === undefined ? {} : { awarded: points === 0 ? null : award(id, points) }),
});
const award = (badgeId: number, points: number): Award => ({
  id: badgeId * 10,
  badge_token: `b${badgeId}`,
  state: 'created',
  points,
  badge_id: badgeId,
  badge: { id: badgeId, token: `b${badgeId}` },
  image: null,
});
// Listed as a bundle may list them: not in order of required points.
const explorerLevels = [
  level(1, 2, 'Silver', 7),
  level(1, 1, 'Bronze', 3),
  level(1, 3, 'Gold', 14),
];
const listenerLevels = [level(2, 4, 'Bronze', 2), level(2, 5, 'Silver', 5)];

const seedGuide = (qc: QueryClient) => {
  qc.setQueryDefaults(['tour-by-token'], { staleTime: Infinity });
  qc.setQueryData(['tour-by-token', GUIDE], {
    token: GUIDE,
    title: 'Riverfront Walk',
    badges: [badge(1, 'River Explorer', explorerLevels), badge(2, 'Good Listener', listenerLevels)],
  } as unknown as GuideDetail);
};

const signIn = () =>
  useAuthStore.setState({ user: { id: 'u1', name: 'Ada', email: 'ada@example.org' }, token: 't' });

beforeEach(() => {
  useVisit.setState(useVisit.getInitialState());
  useVisit.getState().enterGuide(GUIDE, []);
  useBadgeNews.setState(useBadgeNews.getInitialState());
});
afterEach(() => {
  vi.useRealTimers();
  useAuthStore.setState({ user: null, token: null, dialogOpen: false });
});

const card = (name: string) =>
  screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

describe('the badges overlay (SPEC §2 overlay mode badges)', () => {
  it('a visitor sees every badge with its levels, not earned, and is asked to sign in', () => {
    useVisit.getState().openBadges();
    renderWith(<BadgesOverlay />, (qc) => {
      seedGuide(qc);
      qc.setQueryData(
        ['badges', GUIDE, null],
        [badge(1, 'River Explorer', explorerLevels), badge(2, 'Good Listener', listenerLevels)],
      );
    });
    const dialog = screen.getByRole('dialog', { name: 'Badges' });
    expect(dialog.textContent).toContain('Every stop of Riverfront Walk you reach earns a point');
    const explorer = card('River Explorer');
    expect(within(explorer).getByText('Not earned yet')).toBeTruthy();
    // The lowest level's picture (SPEC §3), said to be not earned yet; no points for a visitor.
    const image = within(explorer).getByRole('img');
    expect(image.getAttribute('alt')).toBe('River Explorer, Bronze level (not earned yet)');
    expect(image.getAttribute('src')).toBe('/static/tours/1/media/b1-bronze.png');
    expect(within(explorer).queryByRole('progressbar')).toBeNull();
    expect(explorer.textContent).not.toMatch(/0 points/);
    // The levels from the lowest, each with what it takes.
    const levels = within(explorer).getByRole('list', { name: 'Levels of River Explorer' });
    expect(
      within(levels)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bronze3 pts3 points', 'Silver7 pts7 points', 'Gold14 pts14 points']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(useAuthStore.getState().dialogOpen).toBe(true);
  });

  it('a signed-in user sees the level, points and next level of each badge, from their awards', () => {
    signIn();
    useVisit.getState().openBadges();
    renderWith(<BadgesOverlay />, (qc) => {
      seedGuide(qc);
      qc.setQueryData(
        ['badges', GUIDE, 'u1'],
        [
          badge(1, 'River Explorer', explorerLevels, 4),
          badge(2, 'Good Listener', listenerLevels, 0),
        ],
      );
      // The awards are newer than the badges' own awarded: they win (SPEC §2 entry loads them).
      qc.setQueryData(['awards', 'u1', GUIDE], [award(1, 5), award(2, 6)]);
    });
    expect(screen.getByText('You have earned 2 of 2 badges on Riverfront Walk.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();

    const explorer = card('River Explorer');
    expect(within(explorer).getByText('Bronze level')).toBeTruthy();
    expect(within(explorer).getByText('5 points')).toBeTruthy();
    expect(within(explorer).getByText('River Explorer message')).toBeTruthy();
    expect(within(explorer).getByRole('img').getAttribute('alt')).toBe(
      'River Explorer, Bronze level',
    );
    const bar = within(explorer).getByRole('progressbar', { name: 'Towards Silver' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual([
      '5',
      '7',
    ]);
    expect(explorer.textContent).toContain('Next: Silver at 7 points · 2 to go');
    const reached = within(explorer)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.endsWith(', reached'));
    expect(reached).toEqual([true, false, false]);

    const listener = card('Good Listener');
    expect(within(listener).getByText('Silver level')).toBeTruthy();
    expect(within(listener).getByText('Highest level reached')).toBeTruthy();
    expect(within(listener).queryByRole('progressbar')).toBeNull();
  });

  it('closing goes back to what was open before (SPEC §4: closing is the back action)', () => {
    useVisit.getState().openDetail('compact');
    useVisit.getState().openBadges();
    renderWith(<BadgesOverlay />, (qc) => {
      seedGuide(qc);
      qc.setQueryData(['badges', GUIDE, null], []);
    });
    expect(screen.getByText('This guide has no badges.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close badges' }));
    expect(useVisit.getState()).toMatchObject({ overlay: 'poi', detailLayout: 'compact' });
  });
});

describe('the badges control (SPEC §2 map controls)', () => {
  it('shows the badge count and opens the badges overlay', () => {
    renderWith(<BadgesControl />, seedGuide);
    const control = screen.getByRole('button', { name: 'Badges: 2' });
    expect(control.textContent).toBe('2');
    fireEvent.click(control);
    expect(useVisit.getState().overlay).toBe('badges');
    // Opening it again over itself still goes back to where it came from.
    useVisit.getState().openBadges();
    useVisit.getState().closeBadges();
    expect(useVisit.getState().overlay).toBeNull();
  });
});

const change = (
  name: string,
  after: number,
  levelAfter: BadgeLevel | null,
  newBadge: boolean,
  levelUp: boolean,
): AwardChange => ({
  award: award(1, after),
  badge: { id: 1, token: name, name, message: `${name} message`, image: null },
  points_before: after - 1,
  points_after: after,
  level_before: null,
  level_after: levelAfter,
  new_badge: newBadge,
  level_up: levelUp,
});
const visit = (counted: boolean, awards: AwardChange[]): VisitPoiResult => ({
  ok: true,
  counted,
  awards,
});

describe('the celebration of a new badge or level', () => {
  const news = () => screen.getByRole('status', { name: 'Badge news' });
  // The card's code loads with the first news (React.lazy): each answer waits for it to show.
  const card = () => import('../src/features/badges/components/celebration-card');
  beforeAll(card);
  const answered = async (result: VisitPoiResult) => {
    act(() => visitAnswered(result));
    await act(card);
  };

  it('says each one in turn, for 10 s each, and has the badges read again', async () => {
    vi.useFakeTimers();
    const { qc } = renderWith(<BadgeCelebration />, (c) => {
      c.setQueryData(['badges', GUIDE, 'u1'], []);
      c.setQueryData(['awards', 'u1', GUIDE], []);
    });
    expect(news().textContent).toBe('');
    await answered(
      visit(true, [
        change('Good Listener', 5, listenerLevels[1]!, false, true),
        change('Quiet One', 2, null, false, false),
        change('River Explorer', 3, explorerLevels[1]!, true, true),
      ]),
    );
    expect(qc.getQueryState(['badges', GUIDE, 'u1'])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['awards', 'u1', GUIDE])?.isInvalidated).toBe(true);
    expect(news().textContent).toContain('Level up: Good Listener reached Silver.');
    expect(news().textContent).toContain('Good Listener message');
    act(() => {
      vi.advanceTimersByTime(CELEBRATION_MS - 1);
    });
    expect(news().textContent).toContain('Level up: Good Listener reached Silver.');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(news().textContent).toContain('New badge: River Explorer, Bronze.');
    act(() => {
      vi.advanceTimersByTime(CELEBRATION_MS);
    });
    expect(news().textContent).toBe('');
  });

  it('stays while pointed at or focused; Dismiss and See badges end it', async () => {
    vi.useFakeTimers();
    renderWith(<BadgeCelebration />);
    await answered(visit(true, [change('Good Listener', 2, listenerLevels[0]!, true, true)]));
    await answered(visit(true, [change('Good Listener', 5, listenerLevels[1]!, false, true)]));
    const shown = within(news()).getByRole('button', { name: 'See badges' }).parentElement!
      .parentElement!;
    fireEvent.pointerEnter(shown);
    act(() => {
      vi.advanceTimersByTime(CELEBRATION_MS * 3);
    });
    expect(news().textContent).toContain('New badge: Good Listener, Bronze.');
    fireEvent.click(within(news()).getByRole('button', { name: 'Dismiss badge news' }));
    expect(news().textContent).toContain('Level up: Good Listener reached Silver.');
    fireEvent.click(within(news()).getByRole('button', { name: 'See badges' }));
    expect(useVisit.getState().overlay).toBe('badges');
    expect(news().textContent).toBe('');
  });

  it('a visit that gave nothing (a visitor, a stop visited before) is no news', async () => {
    const { qc } = renderWith(<BadgeCelebration />, (c) =>
      c.setQueryData(['badges', GUIDE, null], []),
    );
    await answered(visit(false, []));
    await answered(visit(true, [change('River Explorer', 2, null, false, false)]));
    expect(news().textContent).toBe('');
    // The counted visit still changed the points: the badges are read again.
    expect(qc.getQueryState(['badges', GUIDE, null])?.isInvalidated).toBe(true);
    expect(useBadgeNews.getState().counted).toBe(1);
  });
});
