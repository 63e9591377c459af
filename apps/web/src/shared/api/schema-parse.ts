/** `parse` for apiGet from a core zod schema (see shared/api/client.ts). */
export const parseWith =
  <T>(schema: { parse: (data: unknown) => T }) =>
  (data: unknown): T =>
    schema.parse(data);
