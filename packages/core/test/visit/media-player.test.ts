import { describe, expect, it } from 'vitest';
import {
  elementShouldPlay,
  formatTime,
  initialMediaPlayer,
  mediaPlayerReducer,
  nextRate,
  playerIcon,
  positionKey,
  positionToRemember,
  resumePosition,
  scrubberText,
  showsSpinner,
  type MediaPlayerAction,
  type MediaPlayerState,
  type PlayerStatus,
} from '../../src/index.js';

const base: MediaPlayerState = {
  ...initialMediaPlayer,
  title: 'Tidewater Gate',
  subtitle: 'Weathering steel',
  file: 'a.mp3',
  color: 'c2410c',
  duration: 200,
  elapsed: 65,
};

/** One state per status, as the player reaches it. */
const states: Record<PlayerStatus, MediaPlayerState> = {
  loading: { ...base, status: 'loading', duration: null, elapsed: 0, autoplay: true },
  playing: { ...base, status: 'playing', autoplay: true },
  paused: { ...base, status: 'paused' },
  ended: { ...base, status: 'ended', elapsed: 200 },
  scrubbing: { ...base, status: 'scrubbing', resume: 'playing', elapsed: 90 },
};

const SAME = 'same' as const;
type Expect = Partial<MediaPlayerState> | typeof SAME;
type Row = [string, MediaPlayerAction, Record<PlayerStatus, Expect>];

const loaded = {
  status: 'loading',
  duration: null,
  elapsed: 0,
  seekTo: null,
  file: 'b.mp3',
  title: 'B',
  subtitle: '',
  color: null,
  autoplay: true,
  resume: null,
  error: null,
} as const;
const resumed = { ...loaded, elapsed: 42, seekTo: 42, autoplay: false } as const;
const err = { status: 'paused', error: 'no', autoplay: false, resume: null } as const;

// Every status × every action: what changes (or 'same' when the action does nothing).
const table: Row[] = [
  [
    'load (file change)',
    { type: 'load', file: 'b.mp3', title: 'B', subtitle: '', color: null, autoplay: true },
    { loading: loaded, playing: loaded, paused: loaded, ended: loaded, scrubbing: loaded },
  ],
  [
    'load at a remembered position',
    {
      type: 'load',
      file: 'b.mp3',
      title: 'B',
      subtitle: '',
      color: null,
      autoplay: false,
      start: 42,
    },
    { loading: resumed, playing: resumed, paused: resumed, ended: resumed, scrubbing: resumed },
  ],
  [
    'metadata',
    { type: 'metadata', duration: 180 },
    {
      loading: { status: 'playing', duration: 180 },
      playing: { duration: 180 },
      paused: { duration: 180 },
      ended: { duration: 180 },
      scrubbing: { duration: 180 },
    },
  ],
  [
    'toggle',
    { type: 'toggle' },
    {
      loading: { autoplay: false },
      playing: { status: 'paused' },
      paused: { status: 'playing' },
      ended: { status: 'playing', elapsed: 0, seekTo: 0 },
      scrubbing: SAME,
    },
  ],
  [
    'play (media session, headset)',
    { type: 'play' },
    {
      loading: SAME,
      playing: SAME,
      paused: { status: 'playing' },
      ended: { status: 'playing', elapsed: 0, seekTo: 0 },
      scrubbing: SAME,
    },
  ],
  [
    'pause (media session, headset, refused play)',
    { type: 'pause' },
    {
      loading: { autoplay: false },
      playing: { status: 'paused' },
      paused: SAME,
      ended: SAME,
      scrubbing: { resume: 'paused' },
    },
  ],
  [
    'ended',
    { type: 'ended' },
    {
      loading: SAME,
      playing: { status: 'ended', elapsed: 200 },
      paused: { status: 'ended', elapsed: 200 },
      ended: SAME,
      scrubbing: SAME,
    },
  ],
  [
    'time update',
    { type: 'timeUpdate', elapsed: 70 },
    {
      loading: { elapsed: 70 },
      playing: { elapsed: 70 },
      paused: { elapsed: 70 },
      ended: { elapsed: 70 },
      scrubbing: SAME,
    },
  ],
  [
    'scrub start',
    { type: 'scrubStart' },
    {
      loading: SAME,
      playing: { status: 'scrubbing', resume: 'playing' },
      paused: { status: 'scrubbing', resume: 'paused' },
      ended: { status: 'scrubbing', resume: 'ended' },
      scrubbing: SAME,
    },
  ],
  [
    'scrub move',
    { type: 'scrubMove', elapsed: 120 },
    { loading: SAME, playing: SAME, paused: SAME, ended: SAME, scrubbing: { elapsed: 120 } },
  ],
  [
    'scrub end',
    { type: 'scrubEnd' },
    {
      loading: SAME,
      playing: SAME,
      paused: SAME,
      ended: SAME,
      scrubbing: { status: 'playing', resume: null, seekTo: 90 },
    },
  ],
  [
    'seek',
    { type: 'seek', to: 30 },
    {
      loading: SAME,
      playing: { elapsed: 30, seekTo: 30 },
      paused: { elapsed: 30, seekTo: 30 },
      ended: { status: 'paused', elapsed: 30, seekTo: 30 },
      scrubbing: { elapsed: 30 },
    },
  ],
  [
    'forward 15 s',
    { type: 'seekBy', delta: 15 },
    {
      loading: SAME,
      playing: { elapsed: 80, seekTo: 80 },
      paused: { elapsed: 80, seekTo: 80 },
      ended: { elapsed: 200, seekTo: 200 },
      scrubbing: SAME,
    },
  ],
  [
    'back 15 s',
    { type: 'seekBy', delta: -15 },
    {
      loading: SAME,
      playing: { elapsed: 50, seekTo: 50 },
      paused: { elapsed: 50, seekTo: 50 },
      ended: { status: 'paused', elapsed: 185, seekTo: 185 },
      scrubbing: SAME,
    },
  ],
  [
    'seeked (nothing pending)',
    { type: 'seeked' },
    { loading: SAME, playing: SAME, paused: SAME, ended: SAME, scrubbing: SAME },
  ],
  [
    'rate',
    { type: 'rate', rate: 1.5 },
    {
      loading: { rate: 1.5 },
      playing: { rate: 1.5 },
      paused: { rate: 1.5 },
      ended: { rate: 1.5 },
      scrubbing: { rate: 1.5 },
    },
  ],
  [
    'rate outside the offered speeds',
    { type: 'rate', rate: 3 },
    { loading: SAME, playing: SAME, paused: SAME, ended: SAME, scrubbing: SAME },
  ],
  [
    'error',
    { type: 'error', message: 'no' },
    { loading: err, playing: err, paused: err, ended: err, scrubbing: err },
  ],
];

const cases = table.flatMap(([name, action, byStatus]) =>
  (Object.keys(byStatus) as PlayerStatus[]).map(
    (status) => [status, name, action, byStatus[status]] as const,
  ),
);

describe('mediaPlayerReducer: every status × every action', () => {
  it('covers every status for every action', () => {
    for (const [, , byStatus] of table)
      expect(Object.keys(byStatus).sort()).toEqual(Object.keys(states).sort());
  });
  it.each(cases)('%s + %s', (status, _name, action, expected) => {
    const before = states[status];
    const after = mediaPlayerReducer(before, action);
    if (expected === SAME) expect(after).toEqual(before);
    else expect(after).toEqual({ ...before, ...expected });
  });
});

describe('mediaPlayerReducer: the rules in detail', () => {
  const r = mediaPlayerReducer;
  it('metadata without autoplay leaves it paused and ready (SPEC §4)', () => {
    const s = r(states.loading, { type: 'toggle' });
    expect(r(s, { type: 'metadata', duration: 99 })).toMatchObject({
      status: 'paused',
      duration: 99,
    });
  });
  it('a tap while loading asks for play again', () => {
    const s = r(r(states.loading, { type: 'toggle' }), { type: 'toggle' });
    expect(r(s, { type: 'metadata', duration: 99 }).status).toBe('playing');
  });
  it('an unusable duration stays unknown', () => {
    expect(r(states.loading, { type: 'metadata', duration: Infinity }).duration).toBeNull();
    expect(r(states.loading, { type: 'metadata', duration: NaN }).duration).toBeNull();
  });
  it('seeks are clamped to the audio', () => {
    expect(r(states.paused, { type: 'seekBy', delta: -100 }).elapsed).toBe(0);
    expect(r(states.paused, { type: 'seek', to: 500 }).elapsed).toBe(200);
    expect(r(states.scrubbing, { type: 'scrubMove', elapsed: -3 }).elapsed).toBe(0);
  });
  it('a time update waits until the element has made the pending seek', () => {
    const s = r(states.playing, { type: 'seekBy', delta: 15 });
    expect(r(s, { type: 'timeUpdate', elapsed: 66 })).toBe(s);
    const done = r(s, { type: 'seeked' });
    expect(done.seekTo).toBeNull();
    expect(r(done, { type: 'timeUpdate', elapsed: 81 }).elapsed).toBe(81);
  });
  it('a drag restores the status it started from', () => {
    for (const from of ['playing', 'paused'] as const) {
      const s = r(r(states[from], { type: 'scrubStart' }), { type: 'scrubMove', elapsed: 10 });
      expect(r(s, { type: 'scrubEnd' })).toMatchObject({ status: from, elapsed: 10, seekTo: 10 });
    }
  });
  it('a drag from the end stays ended at the end, and is paused anywhere else', () => {
    const s = r(states.ended, { type: 'scrubStart' });
    expect(r(s, { type: 'scrubEnd' }).status).toBe('ended');
    const away = r(s, { type: 'scrubMove', elapsed: 12 });
    expect(r(away, { type: 'scrubEnd' }).status).toBe('paused');
  });
  it('after an error a tap plays and clears the message', () => {
    const s = r(states.playing, { type: 'error', message: 'no' });
    expect(r(s, { type: 'toggle' })).toMatchObject({ status: 'playing', error: null });
  });
});

describe('derived views', () => {
  it.each([
    ['loading', null, 'circle', true],
    ['playing', null, 'pause', false],
    ['paused', null, 'play', false],
    ['ended', null, 'play', false],
    ['scrubbing', 'playing', 'pause', true],
    ['scrubbing', 'paused', 'play', true],
    ['scrubbing', 'ended', 'play', true],
  ] as const)('%s (from %s): icon %s, spinner %s', (status, resume, icon, spinner) => {
    expect(playerIcon({ status, resume })).toBe(icon);
    expect(showsSpinner(status)).toBe(spinner);
  });
  it.each([
    ['loading', true, true],
    ['loading', false, false],
    ['playing', true, true],
    ['paused', true, false],
    ['ended', true, false],
    ['scrubbing', true, false],
  ] as const)('element plays when %s (autoplay %s): %s', (status, autoplay, plays) =>
    expect(elementShouldPlay({ status, autoplay })).toBe(plays),
  );
  it.each([
    [null, '--:--'],
    [undefined, '--:--'],
    [NaN, '--:--'],
    [Infinity, '--:--'],
    [-1, '--:--'],
    [0, '0:00'],
    [65.9, '1:05'],
    [200, '3:20'],
    [3725, '1:02:05'],
  ])('formatTime(%s) = %s', (t, text) => expect(formatTime(t)).toBe(text));
  it('scrubber value text', () => {
    expect(scrubberText(65, 200)).toBe('1:05 of 3:20');
    expect(scrubberText(0, null)).toBe('--:-- of --:--');
  });
  it.each([
    [0.75, 1],
    [1, 1.25],
    [1.25, 1.5],
    [1.5, 2],
    [2, 0.75],
    [3, 0.75],
  ])('speed after %s× is %s×', (a, b) => expect(nextRate(a)).toBe(b));
});

describe('remembered positions', () => {
  it.each([
    [{ status: 'paused', elapsed: 65, duration: 200 }, 65],
    [{ status: 'playing', elapsed: 199.5, duration: 200 }, 0],
    [{ status: 'ended', elapsed: 200, duration: 200 }, 0],
    [{ status: 'loading', elapsed: 42, duration: null }, 42],
  ] as const)('%o is remembered as %s', (s, t) => expect(positionToRemember(s)).toBe(t));
  it.each([
    [undefined, 0],
    ['12', 0],
    [-5, 0],
    [NaN, 0],
    [33.2, 33.2],
  ])('resumePosition(%s) = %s', (saved, t) => expect(resumePosition(saved)).toBe(t));
  it('keys by POI and language', () => {
    expect(positionKey('rsw-01', 'es')).toBe('rsw-01|es');
    expect(positionKey('rsw-01', null)).toBe('rsw-01|');
  });
});
