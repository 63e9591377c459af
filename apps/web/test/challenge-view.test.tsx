import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Challenge, QueuedAnswer, UserAnswer } from '@earshot/core';
import { ChallengeView } from '../src/shared/answers/components/challenge-view';
import { StatusIcon } from '../src/shared/answers/components/status-icon';
import { answerDate } from '../src/shared/answers/format';
import { useAnswerQueue } from '../src/shared/answers/queue-store';
import { useAuthStore } from '../src/shared/auth/store';
import { HuntItem } from '../src/features/hunt/components/hunt-item';
import { renderWith } from './render';

const challenge = (over: Partial<Challenge> = {}): Challenge => ({
  id: 7,
  resourcetype: 'TextChallenge',
  title: 'Whisper a word',
  subtitle: 'Whisper Dishes',
  description:
    '<p>What are the <strong>dishes</strong> made of?</p><script>window.__ran = 1</script>',
  icon: 'text',
  scavenger_hunt: 3,
  poi: 12,
  poi_token: 'rsw-12',
  multi_choice: false,
  multi_select: false,
  value: null,
  challenge_set: null,
  position: 4,
  ...over,
});

const answer = (over: Partial<UserAnswer> = {}): UserAnswer => ({
  id: 1,
  challenge: 7,
  value: 'concrete',
  resourcetype: 'UserTextChallengeAnswer',
  value_medium: null,
  medium_image: null,
  value_thumbnail: null,
  is_checked: true,
  is_correct: true,
  created_at: '2026-05-04T10:00:00.000Z',
  updated_at: '2026-05-04T10:00:00.000Z',
  checked_at: '2026-05-04T10:00:00.000Z',
  ...over,
});

const signIn = () =>
  useAuthStore.setState({ user: { id: 'u1', name: 'Ada', email: 'ada@example.com' }, token: 't' });

afterEach(() => {
  useAuthStore.setState({ user: null, token: null, dialogOpen: false });
  useAnswerQueue.setState({ items: null, sending: null, sent: [], refused: {} });
});

describe('ChallengeView (SPEC §2 challenge page)', () => {
  it('a visitor sees the challenge and is asked to sign in', () => {
    renderWith(<ChallengeView challenge={challenge()} title="h1" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Whisper a word' })).toBeTruthy();
    expect(screen.getByText('dishes').tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('You must be signed in to participate')).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: 'Your answer' }) as HTMLInputElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(useAuthStore.getState().dialogOpen).toBe(true);
  });

  it("reads 'Challenge Title' when the challenge has no title", () => {
    renderWith(<ChallengeView challenge={challenge({ title: '' })} title="h2" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Challenge Title' })).toBeTruthy();
  });

  it('an answered challenge shows the date, the status and the answer, read only', () => {
    signIn();
    renderWith(<ChallengeView challenge={challenge()} title="h1" />, (qc) =>
      qc.setQueryData(['user-answers', 'u1', 3], [answer()]),
    );
    const note = screen.getByRole('status');
    expect(
      within(note).getByText(`You answered this question on ${answerDate(answer().created_at)}`),
    ).toBeTruthy();
    expect(within(note).getByRole('img', { name: 'Correct' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Your answer' }) as HTMLInputElement;
    expect([box.value, box.disabled]).toEqual(['concrete', true]);
    expect(screen.queryByText('You must be signed in to participate')).toBeNull();
  });

  it('an answer still on the device shows as pending', () => {
    signIn();
    const queued: QueuedAnswer = {
      localId: 'l1',
      idempotencyKey: 'k1-aaaaaaaa',
      userId: 'u1',
      challenge: 7,
      resourcetype: 'UserTextChallengeAnswer',
      value: 'stone',
      hasPhoto: false,
      pending: true,
      offlineCreatedAt: '2026-05-04T11:00:00.000Z',
    };
    useAnswerQueue.setState({ items: [queued] });
    renderWith(<ChallengeView challenge={challenge()} title="h1" />, (qc) =>
      qc.setQueryData(['user-answers', 'u1', 3], []),
    );
    expect(screen.getByRole('img', { name: 'Waiting to be sent' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Your answer' }) as HTMLInputElement;
    expect([box.value, box.disabled]).toEqual(['stone', true]);
  });

  it("another user's queued answer is not this user's", () => {
    signIn();
    useAnswerQueue.setState({
      items: [
        {
          localId: 'l2',
          idempotencyKey: 'k2-aaaaaaaa',
          userId: 'someone-else',
          challenge: 7,
          resourcetype: 'UserTextChallengeAnswer',
          value: 'stone',
          hasPhoto: false,
          pending: true,
          offlineCreatedAt: '2026-05-04T11:00:00.000Z',
        },
      ],
    });
    renderWith(<ChallengeView challenge={challenge()} title="h1" />, (qc) =>
      qc.setQueryData(['user-answers', 'u1', 3], []),
    );
    expect(screen.queryByRole('status')).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Your answer' }) as HTMLInputElement;
    expect([box.value, box.disabled]).toEqual(['', false]);
  });

  it("shows the server's refusal of an answer sent from the queue", () => {
    signIn();
    useAnswerQueue.setState({ items: [], refused: { 7: 'Answer must not be empty' } });
    renderWith(<ChallengeView challenge={challenge()} title="h1" />, (qc) =>
      qc.setQueryData(['user-answers', 'u1', 3], []),
    );
    expect(screen.getByRole('alert').textContent).toBe('Answer must not be empty');
  });
});

describe('status icons (SPEC §4)', () => {
  it.each([
    ['unchecked', 'Answered, not checked yet'],
    ['correct', 'Correct'],
    ['wrong', 'Not correct'],
    ['pending', 'Waiting to be sent'],
  ] as const)('%s → %s', (status, label) => {
    render(<StatusIcon status={status} />);
    expect(screen.getByRole('img', { name: label }).dataset.status).toBe(status);
  });

  it('none for an unanswered challenge', () => {
    const { container } = render(<StatusIcon status="none" />);
    expect(container.innerHTML).toBe('');
  });
});

describe('hunt list item (SPEC §2)', () => {
  it("shows icon, title, subtitle, 'Answered <time>' and the status, and opens the challenge", () => {
    const onOpen = vi.fn();
    render(
      <ul>
        <HuntItem challenge={challenge()} answer={answer({ is_correct: false })} onOpen={onOpen} />
      </ul>,
    );
    const item = screen.getByRole('button');
    expect(item.textContent).toContain('Whisper a word');
    expect(item.textContent).toContain('Whisper Dishes');
    expect(item.textContent).toMatch(/Answered \S/);
    expect(within(item).getByRole('img', { name: 'Not correct' })).toBeTruthy();
    fireEvent.click(item);
    expect(onOpen).toHaveBeenCalledWith(7);
  });

  it('an unanswered challenge has no status and no answer time', () => {
    render(
      <ul>
        <HuntItem challenge={challenge()} answer={null} onOpen={vi.fn()} />
      </ul>,
    );
    expect(screen.getByRole('button').textContent).not.toContain('Answered');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
