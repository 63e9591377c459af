import { z } from 'zod';
import { awardSchema, userAnswerSchema } from '@earshot/core';

/**
 * The schemas of the guide screen's calls made only for a signed-in user (their awards and
 * answers): loaded, with zod, by the first answer to check (shape-parse.ts parseLazily), not
 * with the screen (docs/decisions/0011).
 */
export const awardsSchema = z.array(awardSchema);
export const userAnswersSchema = z.array(userAnswerSchema);
