import type { Kysely, Migration } from 'kysely';
import { fk, dialectSql, type Dialect } from './common.js';

/**
 * The content tables (guides, their languages, layers, stops and texts, badges, hunts and
 * challenges), the first `users`, and what participation keeps: awards, answers,
 * subscriptions, tracking events.
 */
export function contentMigration(dialect: Dialect): Migration {
  const { withId, now } = dialectSql(dialect);
  return {
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
      await db.schema.createIndex('badges_guide_id_idx').on('badges').column('guide_id').execute();
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
      await db.schema.createIndex('awards_badge_id_idx').on('awards').column('badge_id').execute();

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
  };
}
