import type { Selectable } from 'kysely';
import { shownLevel, type Award, type UserAnswer } from '@earshot/core';
import type { BadgeLevelsTable, CorrectAnswersTable, UserAnswersTable } from '../../db/schema.js';
import { mediaUrl } from '../content/media-url.js';

/** Rows of the participation tables → the API shapes of packages/core. */

export function toUserAnswer(a: Selectable<UserAnswersTable>): UserAnswer {
  return {
    id: a.id,
    challenge: a.challenge_id,
    value: a.value,
    resourcetype: a.resourcetype as UserAnswer['resourcetype'],
    value_medium: a.value_medium,
    medium_image: a.value_medium,
    value_thumbnail: a.value_thumbnail,
    is_checked: a.is_checked === 1,
    is_correct: a.is_correct === null ? null : a.is_correct === 1,
    created_at: a.created_at,
    updated_at: a.updated_at,
    checked_at: a.checked_at,
  };
}

export function toCorrectAnswer(c: Selectable<CorrectAnswersTable>) {
  return {
    id: c.id,
    challenge: c.challenge_id,
    is_correct: c.is_correct === 1,
    resourcetype: c.resourcetype,
    value: c.value,
  };
}

export type AwardRow = {
  id: number;
  badge_id: number;
  state: string;
  points: number;
  badge_token: string;
  guide_id: number;
  badge_image: string | null;
};

/** An award, its image that of the level its badge shows (SPEC §3), else the badge's. */
export function toAward(a: AwardRow, levels: Selectable<BadgeLevelsTable>[]): Award {
  const level = shownLevel(levels, a.points);
  return {
    id: a.id,
    badge_token: a.badge_token,
    state: a.state,
    points: a.points,
    badge_id: a.badge_id,
    badge: { id: a.badge_id, token: a.badge_token },
    image: mediaUrl(a.guide_id, level?.image ?? null) ?? mediaUrl(a.guide_id, a.badge_image),
  };
}
