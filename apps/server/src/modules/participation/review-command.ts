import { idParam } from '@earshot/core';
import type { Db } from '../../db/database.js';
import { answersRepository } from './answers-repository.js';

export const REVIEW_USAGE = `  npm run cli -- answers-to-review
  npm run cli -- review-answer <answer id> correct|wrong`;

type Out = { log: (line: string) => void; error: (line: string) => void };
export type ReviewRequest =
  | { command: 'answers-to-review' }
  | { command: 'review-answer'; id: number; verdict: 'correct' | 'wrong' };

/** The reviewer's command line, or null when it is not one (then show the usage). */
export function reviewRequest(command: string, args: string[]): ReviewRequest | null {
  if (command === 'answers-to-review') return args.length ? null : { command };
  const [rawId, verdict, ...rest] = args;
  const id = idParam.safeParse(rawId ?? '');
  if (command !== 'review-answer' || !id.success || rest.length) return null;
  if (verdict !== 'correct' && verdict !== 'wrong') return null;
  return { command, id: id.data, verdict };
}

/**
 * The reviewer's commands (photo answers wait for a person): list the answers nobody has
 * checked, or mark one correct or wrong. Answers the exit code.
 */
export async function reviewCommand(db: Db, req: ReviewRequest, out: Out) {
  const answers = answersRepository(db);
  if (req.command === 'answers-to-review') {
    const rows = await answers.unchecked(1000);
    if (!rows.length) out.log('No answers wait for review.');
    for (const a of rows)
      out.log(
        `${a.id}\tchallenge ${a.challenge_id}\t${a.resourcetype}\t${a.created_at}\t${a.value}`,
      );
    return 0;
  }
  const row = await answers.review(req.id, { is_correct: req.verdict === 'correct' });
  if (!row) {
    out.error(`No answer with id ${req.id}`);
    return 1;
  }
  out.log(
    `Answer ${row.id} (${row.resourcetype} to challenge ${row.challenge_id}) marked ${req.verdict}`,
  );
  return 0;
}
