import { shapeMismatch, type JsonShape } from '@earshot/core';
import { incompatibleAnswer } from './client';

// Beside schema-parse.ts, not in it: the screens that parse with zod (the world map among
// them) do not load these.

/**
 * `parse` for apiGet and apiSend from a zod schema loaded with the first answer to check
 * (lazy-schemas.ts): calls a screen makes only later, or only for a signed-in user, do not
 * bring zod into the screen's first load (docs/decisions/0011).
 */
export const parseLazily =
  <T>(schema: () => Promise<{ parse: (data: unknown) => T }>) =>
  async (data: unknown): Promise<T> =>
    (await schema()).parse(data);

/**
 * `parse` for apiGet from a core schema's generated shape (api-shapes.json): its structure
 * checked without zod, for the calls the guide screen makes as it opens (docs/decisions/0011).
 */
export const parseShape =
  <T>(shape: unknown) =>
  (data: unknown): T => {
    if (shapeMismatch(shape as JsonShape, data)) throw incompatibleAnswer();
    return data as T;
  };
