import { z } from 'zod';
import { awardSchema, badgeLevelSchema, badgeSchema } from './api.js';
import {
  ANSWER_MESSAGES,
  IDEMPOTENCY_KEY_PATTERN,
  PHOTO_MAX_DATA_URL_LENGTH,
} from '../participation/answers.js';
import { USER_ANSWER_TYPES } from '../constants.js';
import { MAX_ID } from './params.js';

/** Request and response shapes of the participation calls (SPEC §7 awards, badges, answers). */

/** POST user_answers/: SPEC §7 "payload challenge, value, resourcetype". */
export const createUserAnswerSchema = z
  .object({
    challenge: z.number().int().min(1).max(MAX_ID),
    /** Text or digits as typed, a multiple-choice option id, or a photo's base64 data URL. */
    value: z.string().max(PHOTO_MAX_DATA_URL_LENGTH, ANSWER_MESSAGES.photoTooLarge),
    resourcetype: z.enum(USER_ANSWER_TYPES),
  })
  .strict();
export type CreateUserAnswer = z.infer<typeof createUserAnswerSchema>;

/** The `Idempotency-Key` header of POST user_answers/: the same key never stores twice. */
export const idempotencyKeySchema = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key is 8 to 80 letters, digits, "-" or "_"');

/** A badge as GET badges gives it to a signed-in user: with their award (null: none yet). */
export const badgeWithAwardSchema = badgeSchema.extend({
  /** Present only for a signed-in caller (SPEC §7 "for the logged-in user, with awarded"). */
  awarded: awardSchema.nullable().optional(),
});
export type BadgeWithAward = z.infer<typeof badgeWithAwardSchema>;

/** One award that a visit changed, with what the client needs to celebrate it. */
export const awardChangeSchema = z.object({
  award: awardSchema,
  badge: z.object({
    id: z.number(),
    token: z.string(),
    name: z.string(),
    message: z.string(),
    image: z.string().nullable(),
  }),
  points_before: z.number(),
  points_after: z.number(),
  /** The highest level reached before and after the visit (null: none reached). */
  level_before: badgeLevelSchema.nullable(),
  level_after: badgeLevelSchema.nullable(),
  /** The badge reached its first level with this visit. */
  new_badge: z.boolean(),
  /** The badge reached a higher level with this visit (a first level counts too). */
  level_up: z.boolean(),
});
export type AwardChange = z.infer<typeof awardChangeSchema>;

/** POST visit_poi/. */
export const visitPoiResultSchema = z.object({
  ok: z.literal(true),
  /** This was the signed-in user's first visit of the POI, so it gave points (false for visitors). */
  counted: z.boolean(),
  /** The awards the visit changed (empty for visitors and for a repeated visit). */
  awards: z.array(awardChangeSchema),
});
export type VisitPoiResult = z.infer<typeof visitPoiResultSchema>;
