import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './common.js';

/**
 * Drafts never published are their organisation's alone (docs/studio.md Roles, core
 * unpublishedDraftKey): such a draft is kept under `token~organisation`, and claims its token
 * only when it publishes. Before, a draft claimed its token at once (an owner row), so another
 * organisation's new guide of that token answered 409 and drafts' names could be probed. The
 * drafts of guides no one has published are given their keys, with their preview links, and
 * their owner rows go. The keys are up to 11 characters longer than a token: PostgreSQL's
 * columns are widened (SQLite's do not hold a length).
 */
export function unpublishedDraftKeysMigration(dialect: Dialect): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      if (dialect === 'postgres')
        for (const table of ['guide_drafts', 'guide_previews'])
          await sql`alter table ${sql.table(table)} alter column guide_token type varchar(140)`.execute(
            db,
          );
      const unpublished = sql`guide_token not in (select token from guides where status = 'data')`;
      await sql`update guide_previews
        set guide_token = guide_token || '~' || cast((
          select d.organisation_id from guide_drafts d where d.guide_token = guide_previews.guide_token
        ) as varchar(12))
        where guide_token in (select guide_token from guide_drafts) and ${unpublished}`.execute(db);
      await sql`update guide_drafts
        set guide_token = guide_token || '~' || cast(organisation_id as varchar(12))
        where ${unpublished}`.execute(db);
      await sql`delete from guide_owners where ${unpublished}`.execute(db);
    },
  };
}
