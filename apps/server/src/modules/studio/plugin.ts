import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SmtpConfig } from '../../config.js';
import { studioAccess, type StudioAccess } from './access.js';
import { registerStudioGuard } from './guard.js';
import { studioGuidesRepository } from './guides-repository.js';
import { invitationRoutes } from './invitation-routes.js';
import { invitationsRepository } from './invitations-repository.js';
import { invitationsService } from './invitations-service.js';
import { smtpInviteMailer } from './invite-mail.js';
import { organisationsRepository } from './organisations-repository.js';
import { pendingMemberRoutes } from './pending-member-routes.js';
import { pendingMembersService } from './pending-members-service.js';
import { studioRoutes } from './routes.js';
import { studioService } from './service.js';

export type StudioOptions = {
  db: Kysely<Database>;
  /** The app's public address: invitation links are made from it. */
  publicUrl: string;
  /** Invitations are mailed through it when set (config.ts SMTP_*). */
  smtp?: SmtpConfig;
  /** The studio's other parts' routes (drafts, media), registered behind the same guard. */
  parts?: FastifyPluginAsync[];
};

/**
 * Everything under /api/v1/studio. The guard (guard.ts) runs before every route registered
 * here: the studio's other parts register their routes inside this plugin, next to these.
 */
export const studioPlugin =
  (opts: StudioOptions): FastifyPluginAsync =>
  async (studio) => {
    const access: StudioAccess = studioAccess(opts.db);
    registerStudioGuard(studio, access);
    const organisations = organisationsRepository(opts.db);
    const invitations = invitationsRepository(opts.db);
    await studio.register(
      studioRoutes(
        studioService({
          access,
          organisations,
          guides: studioGuidesRepository(opts.db),
          waiting: invitations.waitingFor,
        }),
      ),
    );
    await studio.register(
      invitationRoutes(
        invitationsService({
          access,
          organisations,
          invitations,
          publicUrl: opts.publicUrl,
          mailer: opts.smtp ? smtpInviteMailer(opts.smtp) : undefined,
          // Set by the identity setup when SMTP is (auth/setup.ts).
          addressCheck: studio.addressCheck ?? undefined,
          log: studio.log,
        }),
      ),
    );
    await studio.register(
      pendingMemberRoutes(pendingMembersService({ access, organisations, invitations })),
    );
    for (const part of opts.parts ?? []) await studio.register(part);
  };
