import { z } from 'zod';

/** GET /api/v1/auth_providers: which sign-in buttons the server can serve (SPEC §6: Google). */
export const authProvidersSchema = z.object({
  google: z.boolean().describe('Whether Google sign-in is configured on this server'),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** The signed-in user as better-auth's sign-in, sign-up and get-session calls return it. */
export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
