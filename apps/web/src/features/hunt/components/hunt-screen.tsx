import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { answerFor, CHALLENGE_TEXTS, huntProgress, type ScavengerHunt } from '@earshot/core';
import { SignInPrompt } from '../../../shared/answers/components/sign-in-prompt';
import { useHuntAnswers } from '../../../shared/answers/use-answers';
import { choiceOptionsQueryOptions } from '../../../shared/hunts/api/get-choice-options';
import { useHuntChallenges } from '../../../shared/hunts/api/get-hunt-challenges';
import { Spinner } from '../../../shared/ui/spinner';
import { HuntItem } from './hunt-item';
import styles from './hunt-screen.module.css';

type Props = {
  hunt: ScavengerHunt;
  /** The hunt name's heading level: 1 on its own page, 2 under a guide's heading. */
  level: 1 | 2;
  onOpen: (challengeId: number) => void;
};

/**
 * SPEC §2 scavenger hunt: a toolbar with the hunt's name, subtitle and challenge count
 * (answered/total when signed in, SPEC §6), and the list of its challenges. A visitor is
 * asked to sign in or register, with the SPEC §6 message.
 */
export function HuntScreen({ hunt, level, onOpen }: Props) {
  const challenges = useHuntChallenges(hunt.id);
  // The options of its multiple-choice challenges come with the list, so a challenge opened
  // later, offline, can still be answered.
  useQueries({
    queries: (challenges.data ?? [])
      .filter((c) => c.resourcetype === 'MultipleChoiceChallenge')
      .map((c) => choiceOptionsQueryOptions(c.id)),
  });
  const { answers, signedIn, loading } = useHuntAnswers(hunt.id);
  // Answered/total only once the user's answers are known: '0 of 4' before they arrive would
  // be a guess (and offline, with none saved, they may not arrive at all).
  const progress = huntProgress(hunt.challenges, answers, signedIn && !loading);
  const description = useMemo(() => DOMPurify.sanitize(hunt.description), [hunt.description]);
  const Heading = level === 1 ? 'h1' : 'h2';
  const countLabel =
    progress.answered === null
      ? `${progress.total} challenge${progress.total === 1 ? '' : 's'}`
      : `${progress.answered} of ${progress.total} challenges answered`;
  return (
    <section className={`${styles.hunt} es-hunt`} aria-labelledby={`hunt-${hunt.id}`}>
      <div className={styles.toolbar}>
        <div className={styles.names}>
          <Heading id={`hunt-${hunt.id}`} className={styles.name}>
            {hunt.name}
          </Heading>
          {hunt.subtitle && <p className={styles.subtitle}>{hunt.subtitle}</p>}
        </div>
        <p className={styles.count} aria-label={countLabel}>
          <span className={styles.countValue}>{progress.label}</span>
          <span className={styles.countCaption} aria-hidden="true">
            {progress.answered === null ? 'challenges' : 'answered'}
          </span>
        </p>
      </div>
      {description.trim() && (
        <div className={styles.description} dangerouslySetInnerHTML={{ __html: description }} />
      )}
      {!signedIn && <SignInPrompt text={CHALLENGE_TEXTS.huntSignIn} label="Sign in or register" />}
      {challenges.isPending ? (
        <Spinner label="Loading the challenges" />
      ) : challenges.isError ? (
        <p className={styles.empty}>The challenges could not be loaded. Check your connection.</p>
      ) : (
        <ul className={styles.list} aria-label="Challenges">
          {challenges.data.map((c) => (
            <HuntItem key={c.id} challenge={c} answer={answerFor(c.id, answers)} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
