import type { Migration } from 'kysely';
import type { Dialect } from './migrations/common.js';
import { contentMigration } from './migrations/0001_content.js';
import { contentVersionMigration } from './migrations/0002_content_version.js';
import { poiTranscriptsMigration } from './migrations/0003_poi_transcripts.js';
import { identityMigration } from './migrations/0004_identity.js';
import { poiVisitsMigration } from './migrations/0005_poi_visits.js';
import { visitRequestsMigration } from './migrations/0006_visit_requests.js';
import { studioAccessMigration } from './migrations/0007_studio_access.js';
import { studioDraftsMigration } from './migrations/0008_studio_drafts.js';
import { poiImageAltsMigration } from './migrations/0009_poi_image_alts.js';
import { insightsMigration } from './migrations/0010_insights.js';
import { sharedLimitsMigration } from './migrations/0011_shared_limits.js';
import { catalogueMigration } from './migrations/0012_catalogue_search.js';
import { unpublishedDraftKeysMigration } from './migrations/0013_unpublished_draft_keys.js';
import { membershipConfirmationMigration } from './migrations/0014_membership_confirmation.js';
import { insightsVisitsMigration } from './migrations/0015_insights_visits.js';
import { seasonsMigration } from './migrations/0016_seasons.js';
import { signLinksMigration } from './migrations/0017_sign_links.js';
import { insightEntriesMigration } from './migrations/0018_insight_entries.js';

export type { Dialect };

/**
 * Our migrations for SQLite and PostgreSQL, one file each (db/migrations/), in the order they
 * run. The names are what every database records in `kysely_migration`: never rename one
 * (test/db-migrations.test.ts, docs/decisions/0020).
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_content': contentMigration(dialect),
    '0002_content_version': contentVersionMigration,
    '0003_poi_transcripts': poiTranscriptsMigration,
    '0004_identity': identityMigration(dialect),
    '0005_poi_visits': poiVisitsMigration(dialect),
    '0006_visit_requests': visitRequestsMigration(dialect),
    '0007_studio_access': studioAccessMigration(dialect),
    '0008_studio_drafts': studioDraftsMigration(dialect),
    '0009_poi_image_alts': poiImageAltsMigration,
    '0010_insights': insightsMigration,
    '0011_shared_limits': sharedLimitsMigration(dialect),
    '0012_catalogue_search': catalogueMigration(dialect),
    '0013_unpublished_draft_keys': unpublishedDraftKeysMigration(dialect),
    '0014_membership_confirmation': membershipConfirmationMigration,
    '0015_insights_visits': insightsVisitsMigration,
    '0016_seasons': seasonsMigration,
    '0017_sign_links': signLinksMigration(dialect),
    '0018_insight_entries': insightEntriesMigration,
  };
}
