import { sql, type Kysely, type Migration, type CreateTableBuilder } from 'kysely';
import { insightsMigration } from './migrations-insights.js';
import { insightsVisitsMigration } from './migrations-insights-visits.js';
import { sharedLimitsMigration } from './migrations-limits.js';
import { catalogueMigration } from './migrations-catalogue.js';
import { membershipConfirmationMigration } from './migrations-membership.js';
import { unpublishedDraftKeysMigration } from './migrations-draft-keys.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * One set of migrations for SQLite and PostgreSQL. The only dialect difference is
 * the auto-increment primary key; everything else uses portable column types.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const now =
    dialect === 'postgres'
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const fk = (table: string) => `${table}.id`;

  return {
    '0001_content': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('cities'))
          .addColumn('name', 'varchar(120)', (c) => c.notNull())
          .addColumn('name_key', 'varchar(120)', (c) => c.notNull())
          .addColumn('state', 'varchar(120)', (c) => c.notNull())
          .addColumn('state_key', 'varchar(120)', (c) => c.notNull())
          .addUniqueConstraint('cities_name_state_unique', ['name_key', 'state_key'])
          .execute();
        await db.schema
          .createIndex('cities_state_key_idx')
          .on('cities')
          .column('state_key')
          .execute();

        await withId(db.schema.createTable('guides'))
          .addColumn('token', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('city_id', 'integer', (c) =>
            c.notNull().references(fk('cities')).onDelete('restrict'),
          )
          .addColumn('distance', 'double precision', (c) => c.notNull().defaultTo(-1))
          .addColumn('coming_soon', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('map_type', 'varchar(20)', (c) => c.notNull().defaultTo('hybrid'))
          .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('data'))
          .addColumn('splash', 'varchar(400)')
          .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('audio', 'varchar(400)')
          .addColumn('route', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('has_keypad', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('poi_play_on_select', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('ar_enabled', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('photo_share_hashtag', 'varchar(200)')
          .addColumn('photo_share_text', 'varchar(500)')
          .addColumn('password', 'varchar(200)')
          .addColumn('badge_last_activated', 'varchar(40)')
          .addColumn('attract_radius_leave_buffer', 'double precision', (c) =>
            c.notNull().defaultTo(50),
          )
          .addColumn('autoplay_radius', 'double precision', (c) => c.notNull().defaultTo(50))
          .addColumn('badge_radius', 'double precision', (c) => c.notNull().defaultTo(50))
          .addColumn('notification_radius', 'double precision', (c) => c.notNull().defaultTo(75))
          .addColumn('beacon_range', 'double precision', (c) => c.notNull().defaultTo(50))
          .addColumn('min_triggering_radius', 'double precision')
          .addColumn('centroid_lat', 'double precision')
          .addColumn('centroid_lng', 'double precision')
          .addColumn('num_pois', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('theme', 'text')
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema.createIndex('guides_city_id_idx').on('guides').column('city_id').execute();
        await db.schema.createIndex('guides_status_idx').on('guides').column('status').execute();

        await withId(db.schema.createTable('guide_languages'))
          .addColumn('guide_id', 'integer', (c) =>
            c.notNull().references(fk('guides')).onDelete('cascade'),
          )
          .addColumn('code', 'varchar(20)', (c) => c.notNull())
          .addColumn('label', 'varchar(60)', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addUniqueConstraint('guide_languages_unique', ['guide_id', 'code'])
          .execute();

        await withId(db.schema.createTable('layers'))
          .addColumn('guide_id', 'integer', (c) =>
            c.notNull().references(fk('guides')).onDelete('cascade'),
          )
          .addColumn('token', 'varchar(120)', (c) => c.notNull())
          .addColumn('name', 'varchar(120)', (c) => c.notNull())
          .addColumn('color', 'varchar(6)')
          .addColumn('icon', 'varchar(60)')
          .addColumn('position', 'integer', (c) => c.notNull())
          .addUniqueConstraint('layers_guide_token_unique', ['guide_id', 'token'])
          .execute();

        await withId(db.schema.createTable('pois'))
          .addColumn('guide_id', 'integer', (c) =>
            c.notNull().references(fk('guides')).onDelete('cascade'),
          )
          .addColumn('token', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('layer_id', 'integer', (c) => c.references(fk('layers')).onDelete('set null'))
          .addColumn('lat', 'double precision', (c) => c.notNull())
          .addColumn('lng', 'double precision', (c) => c.notNull())
          .addColumn('color', 'varchar(6)')
          .addColumn('icon', 'varchar(60)')
          .addColumn('keypad_code', 'integer')
          .addColumn('hide_map', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('hide_directions', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('route_type', 'varchar(40)')
          .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('attract_radius_leave_buffer', 'double precision')
          .addColumn('autoplay_radius', 'double precision')
          .addColumn('badge_radius', 'double precision')
          .addColumn('notification_radius', 'double precision')
          .addColumn('beacon_range', 'double precision')
          .addColumn('min_triggering_radius', 'double precision')
          .addColumn('attract_z', 'double precision')
          .addColumn('beacon', 'text')
          .addColumn('play_on_select', 'integer')
          .addColumn('position', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('pois_guide_id_idx').on('pois').column('guide_id').execute();
        await db.schema.createIndex('pois_layer_id_idx').on('pois').column('layer_id').execute();
        await db.schema
          .createIndex('pois_keypad_idx')
          .on('pois')
          .columns(['guide_id', 'keypad_code'])
          .execute();

        await withId(db.schema.createTable('poi_translations'))
          .addColumn('poi_id', 'integer', (c) =>
            c.notNull().references(fk('pois')).onDelete('cascade'),
          )
          .addColumn('language', 'varchar(20)', (c) => c.notNull())
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('audio', 'varchar(400)')
          .addColumn('audio2', 'varchar(400)')
          .addUniqueConstraint('poi_translations_unique', ['poi_id', 'language'])
          .execute();

        await withId(db.schema.createTable('badges'))
          .addColumn('guide_id', 'integer', (c) =>
            c.notNull().references(fk('guides')).onDelete('cascade'),
          )
          .addColumn('token', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(120)', (c) => c.notNull())
          .addColumn('contest_type', 'varchar(20)', (c) => c.notNull().defaultTo('badge'))
          .addColumn('image', 'varchar(400)')
          .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('metadata', 'text')
          .addColumn('visited_item', 'varchar(120)')
          .addColumn('position', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('badges_guide_id_idx')
          .on('badges')
          .column('guide_id')
          .execute();
        await db.schema
          .createIndex('badges_contest_type_idx')
          .on('badges')
          .column('contest_type')
          .execute();

        await withId(db.schema.createTable('badge_levels'))
          .addColumn('badge_id', 'integer', (c) =>
            c.notNull().references(fk('badges')).onDelete('cascade'),
          )
          .addColumn('token', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('name', 'varchar(120)', (c) => c.notNull())
          .addColumn('image', 'varchar(400)')
          .addColumn('required', 'integer', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('badge_levels_badge_id_idx')
          .on('badge_levels')
          .column('badge_id')
          .execute();

        await db.schema
          .createTable('users')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
          .addColumn('display_name', 'varchar(120)')
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();

        await withId(db.schema.createTable('awards'))
          .addColumn('user_id', 'varchar(64)', (c) =>
            c.notNull().references(fk('users')).onDelete('cascade'),
          )
          .addColumn('badge_id', 'integer', (c) =>
            c.notNull().references(fk('badges')).onDelete('cascade'),
          )
          .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('created'))
          .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addUniqueConstraint('awards_user_badge_unique', ['user_id', 'badge_id'])
          .execute();
        await db.schema
          .createIndex('awards_badge_id_idx')
          .on('awards')
          .column('badge_id')
          .execute();

        await withId(db.schema.createTable('scavenger_hunts'))
          .addColumn('guide_id', 'integer', (c) =>
            c.notNull().references(fk('guides')).onDelete('cascade'),
          )
          .addColumn('token', 'varchar(120)', (c) => c.notNull())
          .addColumn('contest_type', 'varchar(20)', (c) => c.notNull().defaultTo('scavenger'))
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addUniqueConstraint('scavenger_hunts_guide_token_unique', ['guide_id', 'token'])
          .execute();

        await withId(db.schema.createTable('challenges'))
          .addColumn('scavenger_hunt_id', 'integer', (c) =>
            c.notNull().references(fk('scavenger_hunts')).onDelete('cascade'),
          )
          .addColumn('poi_id', 'integer', (c) => c.references(fk('pois')).onDelete('set null'))
          .addColumn('token', 'varchar(120)', (c) => c.notNull())
          .addColumn('resourcetype', 'varchar(40)', (c) => c.notNull())
          .addColumn('title', 'varchar(200)', (c) => c.notNull())
          .addColumn('subtitle', 'varchar(300)', (c) => c.notNull().defaultTo(''))
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('icon', 'varchar(60)')
          .addColumn('multi_choice', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('multi_select', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('value', 'double precision')
          .addColumn('challenge_set', 'varchar(60)')
          .addColumn('position', 'integer', (c) => c.notNull())
          .addUniqueConstraint('challenges_hunt_token_unique', ['scavenger_hunt_id', 'token'])
          .execute();
        await db.schema
          .createIndex('challenges_poi_id_idx')
          .on('challenges')
          .column('poi_id')
          .execute();

        await withId(db.schema.createTable('multiple_choice_options'))
          .addColumn('challenge_id', 'integer', (c) =>
            c.notNull().references(fk('challenges')).onDelete('cascade'),
          )
          .addColumn('token', 'varchar(120)', (c) => c.notNull())
          .addColumn('value', 'varchar(300)', (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addUniqueConstraint('mc_options_challenge_token_unique', ['challenge_id', 'token'])
          .execute();

        await withId(db.schema.createTable('correct_answers'))
          .addColumn('challenge_id', 'integer', (c) =>
            c.notNull().references(fk('challenges')).onDelete('cascade'),
          )
          .addColumn('resourcetype', 'varchar(40)', (c) => c.notNull())
          .addColumn('value', 'varchar(300)', (c) => c.notNull())
          .addColumn('is_correct', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema
          .createIndex('correct_answers_challenge_id_idx')
          .on('correct_answers')
          .column('challenge_id')
          .execute();

        await withId(db.schema.createTable('user_answers'))
          .addColumn('user_id', 'varchar(64)', (c) =>
            c.notNull().references(fk('users')).onDelete('cascade'),
          )
          .addColumn('challenge_id', 'integer', (c) =>
            c.notNull().references(fk('challenges')).onDelete('cascade'),
          )
          .addColumn('resourcetype', 'varchar(40)', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('value_medium', 'varchar(400)')
          .addColumn('value_thumbnail', 'varchar(400)')
          .addColumn('is_checked', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('is_correct', 'integer')
          .addColumn('idempotency_key', 'varchar(80)', (c) => c.unique())
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('checked_at', 'varchar(40)')
          .addUniqueConstraint('user_answers_user_challenge_unique', ['user_id', 'challenge_id'])
          .execute();
        await db.schema
          .createIndex('user_answers_challenge_id_idx')
          .on('user_answers')
          .column('challenge_id')
          .execute();

        await withId(db.schema.createTable('subscriptions'))
          .addColumn('user_id', 'varchar(64)', (c) =>
            c.notNull().references(fk('users')).onDelete('cascade'),
          )
          .addColumn('guide_id', 'integer', (c) =>
            c.notNull().references(fk('guides')).onDelete('cascade'),
          )
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addUniqueConstraint('subscriptions_user_guide_unique', ['user_id', 'guide_id'])
          .execute();
        await db.schema
          .createIndex('subscriptions_guide_id_idx')
          .on('subscriptions')
          .column('guide_id')
          .execute();

        await withId(db.schema.createTable('tracking_events'))
          .addColumn('kind', 'varchar(40)', (c) => c.notNull())
          .addColumn('guide_token', 'varchar(120)')
          .addColumn('poi_token', 'varchar(120)')
          .addColumn('language', 'varchar(20)')
          .addColumn('place', 'varchar(200)')
          .addColumn('user_id', 'varchar(64)')
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema
          .createIndex('tracking_events_kind_idx')
          .on('tracking_events')
          .columns(['kind', 'guide_token'])
          .execute();
      },
    },
    '0002_content_version': {
      // One row: bumped in the same transaction as every content change, so that each app
      // node's response cache can tell cheaply that what it holds is out of date.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('content_version')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('version', 'integer', (c) => c.notNull())
          .execute();
        await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
      },
    },
    '0003_poi_transcripts': {
      // WCAG 1.2.1: the text alternative of each POI audio, per language (null: none given).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await db.schema.alterTable('poi_translations').addColumn('transcript', 'text').execute();
      },
    },
    '0004_identity': {
      // The unused `users` of 0001 becomes better-auth's user table (docs/decisions/0008):
      // answers, awards and subscriptions keep their foreign keys to it, so deleting a user
      // cascades. It held no rows: nothing wrote it before sign-in existed. better-auth's other
      // tables come from its own schema at start (modules/auth/better-auth.ts).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        const pg = dialect === 'postgres';
        // PostgreSQL will not drop a referenced table without CASCADE, which drops the foreign
        // keys: they are put back below. SQLite resolves them by name when rows change.
        await sql`drop table users${sql.raw(pg ? ' cascade' : '')}`.execute(db);
        // better-auth's column types: it checks them (dates are ISO text on SQLite).
        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey().notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('email_verified', pg ? 'boolean' : 'integer', (c) =>
            c.notNull().defaultTo(pg ? false : 0),
          )
          .addColumn('image', 'text')
          .addColumn('created_at', pg ? 'timestamptz' : 'date', (c) => c.notNull())
          .addColumn('updated_at', pg ? 'timestamptz' : 'date', (c) => c.notNull())
          .execute();
        if (pg)
          for (const table of ['awards', 'user_answers', 'subscriptions'])
            await db.schema
              .alterTable(table)
              .addForeignKeyConstraint(`${table}_user_id_fkey`, ['user_id'], 'users', ['id'], (c) =>
                c.onDelete('cascade'),
              )
              .execute();
      },
    },
    '0005_poi_visits': {
      // A user's first visit of each POI: the unique key is what makes visit_poi/ give badge
      // points once per user and POI, even when two visits race (docs/decisions/0009).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('poi_visits'))
          .addColumn('user_id', 'varchar(64)', (c) =>
            c.notNull().references(fk('users')).onDelete('cascade'),
          )
          .addColumn('poi_id', 'integer', (c) =>
            c.notNull().references(fk('pois')).onDelete('cascade'),
          )
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addUniqueConstraint('poi_visits_user_poi_unique', ['user_id', 'poi_id'])
          .execute();
        await db.schema
          .createIndex('poi_visits_poi_id_idx')
          .on('poi_visits')
          .column('poi_id')
          .execute();
      },
    },
    '0006_visit_requests': {
      // One row per Idempotency-Key of visit_poi/: a retried visit whose reply was lost answers
      // what the first one did and records nothing twice. `result` is the first reply (JSON),
      // empty while that request runs.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('visit_requests'))
          .addColumn('idempotency_key', 'varchar(80)', (c) => c.notNull().unique())
          .addColumn('user_id', 'varchar(64)', (c) => c.references(fk('users')).onDelete('cascade'))
          .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
          .addColumn('poi_token', 'varchar(120)', (c) => c.notNull())
          .addColumn('result', 'text')
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema
          .createIndex('visit_requests_user_id_idx')
          .on('visit_requests')
          .column('user_id')
          .execute();
      },
    },
    '0007_studio_access': {
      // Who may edit in the studio (docs/decisions/0013, docs/studio.md): organisations own
      // guides by token, publishers belong to organisations, admins may touch all of them.
      // A guide token with no owner row but a published guide belongs to `default`.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('organisations'))
          .addColumn('name', 'varchar(120)', (c) => c.notNull())
          .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();
        const { id: defaultId } = await db
          .insertInto('organisations')
          .values({ name: 'Default organisation', slug: 'default' })
          .returning('id')
          .executeTakeFirstOrThrow();

        await withId(db.schema.createTable('organisation_members'))
          .addColumn('organisation_id', 'integer', (c) =>
            c.notNull().references(fk('organisations')).onDelete('cascade'),
          )
          .addColumn('user_id', 'varchar(64)', (c) =>
            c.notNull().references(fk('users')).onDelete('cascade'),
          )
          .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('publisher'))
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addUniqueConstraint('organisation_members_pair_unique', ['organisation_id', 'user_id'])
          .execute();
        await db.schema
          .createIndex('organisation_members_user_id_idx')
          .on('organisation_members')
          .column('user_id')
          .execute();

        await withId(db.schema.createTable('user_roles'))
          .addColumn('user_id', 'varchar(64)', (c) =>
            c.notNull().unique().references(fk('users')).onDelete('cascade'),
          )
          .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('admin'))
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();

        // By token, not guide id: a guide may exist only as a draft (no `guides` row yet).
        await withId(db.schema.createTable('guide_owners'))
          .addColumn('guide_token', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('organisation_id', 'integer', (c) =>
            c.notNull().references(fk('organisations')).onDelete('restrict'),
          )
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .execute();
        // Every guide imported before owners existed is the default organisation's.
        await db
          .insertInto('guide_owners')
          .columns(['guide_token', 'organisation_id'])
          .expression(
            db
              .selectFrom('guides')
              .select(['token', sql.lit<number>(defaultId).as('organisation_id')]),
          )
          .execute();
        await db.schema
          .createIndex('guide_owners_organisation_id_idx')
          .on('guide_owners')
          .column('organisation_id')
          .execute();

        // Only the sha256 of an invitation's token is kept: the link is the capability.
        await withId(db.schema.createTable('invitations'))
          .addColumn('organisation_id', 'integer', (c) =>
            c.notNull().references(fk('organisations')).onDelete('cascade'),
          )
          .addColumn('email', 'varchar(320)', (c) => c.notNull())
          .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('invited_by', 'varchar(64)', (c) =>
            c.references(fk('users')).onDelete('set null'),
          )
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
          .addColumn('accepted_at', 'varchar(40)')
          .addColumn('accepted_by', 'varchar(64)', (c) =>
            c.references(fk('users')).onDelete('set null'),
          )
          .execute();
        await db.schema
          .createIndex('invitations_organisation_id_idx')
          .on('invitations')
          .column('organisation_id')
          .execute();
      },
    },
    '0008_studio_drafts': {
      // The studio's drafts, published versions and previews (docs/decisions/0013): a draft is a
      // guide.json document kept as text, by guide token (a draft may have no `guides` row yet).
      // `revision` grows with every save; a save based on an older one is refused (409).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await withId(db.schema.createTable('guide_drafts'))
          .addColumn('guide_token', 'varchar(120)', (c) => c.notNull().unique())
          .addColumn('organisation_id', 'integer', (c) =>
            c.notNull().references(fk('organisations')).onDelete('cascade'),
          )
          .addColumn('document', 'text', (c) => c.notNull())
          .addColumn('revision', 'integer', (c) => c.notNull())
          .addColumn('updated_by', 'varchar(64)', (c) =>
            c.references(fk('users')).onDelete('set null'),
          )
          .addColumn('updated_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('published_revision', 'integer')
          .addColumn('published_at', 'varchar(40)')
          .execute();
        await db.schema
          .createIndex('guide_drafts_organisation_id_idx')
          .on('guide_drafts')
          .column('organisation_id')
          .execute();

        await withId(db.schema.createTable('guide_versions'))
          .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
          .addColumn('number', 'integer', (c) => c.notNull())
          .addColumn('document', 'text', (c) => c.notNull())
          .addColumn('published_by', 'varchar(64)', (c) =>
            c.references(fk('users')).onDelete('set null'),
          )
          .addColumn('published_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addUniqueConstraint('guide_versions_token_number_unique', ['guide_token', 'number'])
          .execute();

        // A preview is a guide imported with status `preview` under the preview's token.
        await withId(db.schema.createTable('guide_previews'))
          .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('guide_token', 'varchar(120)', (c) => c.notNull())
          .addColumn('created_by', 'varchar(64)', (c) =>
            c.references(fk('users')).onDelete('set null'),
          )
          .addColumn('created_at', 'varchar(40)', (c) => c.notNull().defaultTo(now))
          .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('guide_previews_guide_token_idx')
          .on('guide_previews')
          .column('guide_token')
          .execute();
      },
    },
    '0009_poi_image_alts': {
      // Alt text of a stop's pictures, in their order (a JSON array; null when none is written).
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      async up(db: Kysely<any>) {
        await db.schema.alterTable('pois').addColumn('image_alts', 'text').execute();
      },
    },
    // Insights (issue 20): raw events, the dedupe of distinct visits, daily roll-ups.
    '0010_insights': insightsMigration,
    // Scale-out (issue 21): the write limit and the sign-in lockout counted by every node.
    '0011_shared_limits': sharedLimitsMigration(dialect),
    // The large catalogue (issue 21): paging, clusters and search indexes.
    '0012_catalogue_search': catalogueMigration(dialect),
    // Drafts never published are their organisation's alone (issue 28 point 7).
    '0013_unpublished_draft_keys': unpublishedDraftKeysMigration(dialect),
    // Invitations accepted without a proved address wait for an admin (issue 28 point 3).
    '0014_membership_confirmation': membershipConfirmationMigration,
    // Insights that cannot be inflated (issue 28): per-visit counts, refused events.
    '0015_insights_visits': insightsVisitsMigration,
  };
}
