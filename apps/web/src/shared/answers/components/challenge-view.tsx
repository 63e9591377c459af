import DOMPurify from 'dompurify';
import { useMemo, type ElementType, type ReactNode } from 'react';
import { answerFor, CHALLENGE_TEXTS, type Challenge } from '@earshot/core';
import { useChoiceOptions } from '../../hunts/api/get-choice-options';
import { useAnswerQueue } from '../queue-store';
import { useHuntAnswers, type ShownAnswer } from '../use-answers';
import { useGiveAnswer } from '../use-give-answer';
import { useQueuedPhotoUrl } from '../use-queued-photo';
import { AnsweredNote } from './answered-note';
import { ChallengeIcon } from './challenge-icon';
import { ChoiceAnswerForm } from './choice-answer-form';
import { PhotoAnswerForm } from './photo-answer-form';
import { SignInPrompt } from './sign-in-prompt';
import { TextAnswerForm } from './text-answer-form';
import styles from './challenge-view.module.css';

type Props = {
  challenge: Challenge;
  /** The title's element: a heading level, or a dialog's title component. */
  title: ElementType;
  /** Drawn above the title (the back button of the page and the dialog). */
  top?: ReactNode;
};

/**
 * SPEC §2 challenge page, also the POI detail's Challenge tab: title (default 'Challenge
 * Title'), description, the answer area for the challenge's type, the visitor's sign-in
 * prompt, and once answered the date and status. Forms are disabled while saving and once
 * answered (SPEC §4).
 */
export function ChallengeView({ challenge, title: Title, top }: Props) {
  const { answers, signedIn, loading } = useHuntAnswers(challenge.scavenger_hunt);
  const answer = answerFor(challenge.id, answers);
  const refused = useAnswerQueue((s) => s.refused[challenge.id]);
  const { give, saving, error } = useGiveAnswer(challenge);
  const description = useMemo(
    () => DOMPurify.sanitize(challenge.description),
    [challenge.description],
  );
  const disabled = !signedIn || loading || saving;
  const message = error ?? (answer ? null : refused);
  return (
    <article className={styles.view}>
      {top}
      <header className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <ChallengeIcon challenge={challenge} size={24} />
        </span>
        <div className={styles.titles}>
          <Title className={styles.title}>{challenge.title || CHALLENGE_TEXTS.defaultTitle}</Title>
          {challenge.subtitle && <p className={styles.subtitle}>{challenge.subtitle}</p>}
        </div>
      </header>
      {description.trim() && (
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: description }} />
      )}
      {answer && <AnsweredNote answer={answer} />}
      <AnswerArea
        challenge={challenge}
        answer={answer}
        disabled={disabled}
        give={(value, photo) => void give(value, photo)}
      />
      {message && (
        <p className={styles.refused} role="alert">
          {message}
        </p>
      )}
      {!signedIn && <SignInPrompt />}
    </article>
  );
}

type AreaProps = {
  challenge: Challenge;
  answer: ShownAnswer | null;
  disabled: boolean;
  give: (value: string, photo: Blob | null) => void;
};

/** The answer area of SPEC §5 for the challenge's type (a plain challenge takes none). */
function AnswerArea({ challenge, answer, disabled, give }: AreaProps) {
  const choice = challenge.resourcetype === 'MultipleChoiceChallenge';
  const options = useChoiceOptions(challenge.id, choice);
  const photo = challenge.resourcetype === 'PhotoChallenge';
  const queuedPhoto = useQueuedPhotoUrl(photo && answer?.pending ? answer.localId : undefined);
  switch (challenge.resourcetype) {
    case 'TextChallenge':
    case 'NumberChallenge':
      return (
        <TextAnswerForm
          key={challenge.id}
          type={challenge.resourcetype}
          answered={answer ? answer.value : null}
          disabled={disabled}
          onSubmit={(v) => give(v, null)}
        />
      );
    case 'MultipleChoiceChallenge':
      return (
        <ChoiceAnswerForm
          key={challenge.id}
          options={options.data}
          failed={options.isError}
          answered={answer ? Number(answer.value) : null}
          disabled={disabled}
          onSubmit={(v) => give(v, null)}
        />
      );
    case 'PhotoChallenge': {
      const picture = answer?.pending
        ? queuedPhoto
        : (answer?.value_medium ?? answer?.value_thumbnail ?? answer?.value ?? null);
      return (
        <PhotoAnswerForm
          key={challenge.id}
          answered={picture || null}
          answeredWithout={answer !== null}
          disabled={disabled}
          onSubmit={(photo) => give('', photo)}
        />
      );
    }
    case 'Challenge':
      return null;
  }
}
