import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { rolesRepository } from './roles-repository.js';

export const ADMIN_USAGE = `  npm run admin -- grant <email>
  npm run admin -- revoke <email>`;

type Out = { log: (line: string) => void; error: (line: string) => void };
export type AdminRequest = { action: 'grant' | 'revoke'; email: string };

const email = z.email();

/** `admin grant|revoke <email>`, or null when the command line is not that (show the usage). */
export function adminRequest(args: string[]): AdminRequest | null {
  const [action, address, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !address || rest.length) return null;
  const parsed = email.safeParse(address.trim());
  return parsed.success ? { action, email: parsed.data } : null;
}

/** Makes an existing account admin, or takes the role back. Answers the exit code. */
export async function adminCommand(db: Kysely<Database>, req: AdminRequest, out: Out) {
  const roles = rolesRepository(db);
  const user = await roles.userByEmail(req.email);
  if (!user) {
    out.error(
      `No account with the e-mail ${req.email}: the person registers first (or list the address in ADMIN_EMAILS).`,
    );
    return 1;
  }
  if (req.action === 'grant') {
    await roles.grantAdmin(user.id);
    out.log(`${user.email} (${user.name}) is an admin.`);
    return 0;
  }
  const was = await roles.revokeAdmin(user.id);
  out.log(was ? `${user.email} is no longer an admin.` : `${user.email} was not an admin.`);
  return 0;
}
