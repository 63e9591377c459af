import {
  boolean,
  id,
  integer,
  json,
  real,
  text,
  timestamp,
  type Row,
  type Table,
} from './columns.js';

/**
 * Every table the code reads and writes, as the migrations make it (docs/decisions/0020): the
 * Kysely types below are derived from this description, and test/db-schema.test.ts fails when
 * it differs from a migrated SQLite or PostgreSQL database. Flags are 0/1 integers on both;
 * JSON is text; the times we write are ISO text (`text.withDefault`: the migrations' `now`).
 */
export const tables = {
  cities: {
    id: id,
    name: text,
    name_key: text,
    state: text,
    state_key: text,
  },

  guides: {
    id: id,
    token: text,
    title: text,
    description: text.withDefault,
    city_id: integer,
    distance: real.withDefault,
    coming_soon: integer.withDefault,
    map_type: text.withDefault,
    status: text.withDefault,
    splash: text.orNull,
    images: json.withDefault,
    audio: text.orNull,
    route: json.withDefault,
    has_keypad: integer.withDefault,
    poi_play_on_select: integer.withDefault,
    ar_enabled: integer.withDefault,
    photo_share_hashtag: text.orNull,
    photo_share_text: text.orNull,
    password: text.orNull,
    badge_last_activated: text.orNull,
    attract_radius_leave_buffer: real.withDefault,
    autoplay_radius: real.withDefault,
    badge_radius: real.withDefault,
    notification_radius: real.withDefault,
    beacon_range: real.withDefault,
    min_triggering_radius: real.orNull,
    centroid_lat: real.orNull,
    centroid_lng: real.orNull,
    num_pois: integer.withDefault,
    theme: json.orNull,
    /** IANA zone the stops' dates are days in (migration 0016); null: UTC. */
    time_zone: text.orNull,
    /** 'hide' or 'mark': a stop outside its dates, for visitors (migration 0016). */
    outside_dates: text.withDefault,
    created_at: text.withDefault,
    updated_at: text.withDefault,
  },

  guide_languages: {
    id: id,
    guide_id: integer,
    code: text,
    label: text,
    position: integer,
  },

  layers: {
    id: id,
    guide_id: integer,
    token: text,
    name: text,
    color: text.orNull,
    icon: text.orNull,
    position: integer,
  },

  pois: {
    id: id,
    guide_id: integer,
    token: text,
    layer_id: integer.orNull,
    lat: real,
    lng: real,
    color: text.orNull,
    icon: text.orNull,
    keypad_code: integer.orNull,
    hide_map: integer.withDefault,
    hide_directions: integer.withDefault,
    route_type: text.orNull,
    images: json.withDefault,
    /** JSON array of the pictures' alt texts, in their order (migration 0009); null when none. */
    image_alts: json.orNull,
    attract_radius_leave_buffer: real.orNull,
    autoplay_radius: real.orNull,
    badge_radius: real.orNull,
    notification_radius: real.orNull,
    beacon_range: real.orNull,
    min_triggering_radius: real.orNull,
    attract_z: real.orNull,
    beacon: json.orNull,
    play_on_select: integer.orNull,
    position: integer,
    /** First and last day on view, "YYYY-MM-DD" (migration 0016); null: no bound. */
    on_view_from: text.orNull,
    on_view_until: text.orNull,
  },

  poi_translations: {
    id: id,
    poi_id: integer,
    language: text,
    title: text,
    subtitle: text.withDefault,
    description: text.withDefault,
    audio: text.orNull,
    audio2: text.orNull,
    /** Plain text of what the audio says (migration 0003). */
    transcript: text.orNull,
  },

  badges: {
    id: id,
    guide_id: integer,
    token: text,
    name: text,
    contest_type: text.withDefault,
    image: text.orNull,
    message: text.withDefault,
    metadata: json.orNull,
    visited_item: text.orNull,
    position: integer,
  },

  badge_levels: {
    id: id,
    badge_id: integer,
    token: text,
    name: text,
    image: text.orNull,
    required: integer,
    position: integer,
  },

  /** better-auth's user (migration 0004); `name` is the display name. better-auth writes it. */
  users: {
    id: text,
    name: text,
    email: text,
    email_verified: boolean.withDefault,
    image: text.orNull,
    /** ISO text on SQLite, a Date from PostgreSQL. */
    created_at: timestamp,
    updated_at: timestamp,
  },

  awards: {
    id: id,
    user_id: text,
    badge_id: integer,
    state: text.withDefault,
    points: integer.withDefault,
    created_at: text.withDefault,
    updated_at: text.withDefault,
  },

  scavenger_hunts: {
    id: id,
    guide_id: integer,
    token: text,
    contest_type: text.withDefault,
    name: text,
    subtitle: text.withDefault,
    description: text.withDefault,
    position: integer,
  },

  challenges: {
    id: id,
    scavenger_hunt_id: integer,
    poi_id: integer.orNull,
    token: text,
    resourcetype: text,
    title: text,
    subtitle: text.withDefault,
    description: text.withDefault,
    icon: text.orNull,
    multi_choice: integer.withDefault,
    multi_select: integer.withDefault,
    value: real.orNull,
    challenge_set: text.orNull,
    position: integer,
  },

  multiple_choice_options: {
    id: id,
    challenge_id: integer,
    token: text,
    value: text,
    position: integer,
  },

  correct_answers: {
    id: id,
    challenge_id: integer,
    resourcetype: text,
    value: text,
    is_correct: integer.withDefault,
  },

  user_answers: {
    id: id,
    user_id: text,
    challenge_id: integer,
    resourcetype: text,
    value: text,
    value_medium: text.orNull,
    value_thumbnail: text.orNull,
    is_checked: integer.withDefault,
    is_correct: integer.orNull,
    idempotency_key: text.orNull,
    created_at: text.withDefault,
    updated_at: text.withDefault,
    checked_at: text.orNull,
  },

  subscriptions: {
    id: id,
    user_id: text,
    guide_id: integer,
    created_at: text.withDefault,
  },

  /** A user's first visit of a POI (migration 0005): badge points are given once per pair. */
  poi_visits: {
    id: id,
    user_id: text,
    poi_id: integer,
    created_at: text.withDefault,
  },

  /** A visit_poi/ request with an Idempotency-Key (migration 0006) and the reply it had. */
  visit_requests: {
    id: id,
    idempotency_key: text,
    user_id: text.orNull,
    guide_token: text,
    poi_token: text,
    /** The first reply as JSON; null while that request runs. */
    result: json.orNull,
    created_at: text.withDefault,
  },

  tracking_events: {
    id: id,
    kind: text,
    guide_token: text.orNull,
    poi_token: text.orNull,
    language: text.orNull,
    place: text.orNull,
    user_id: text.orNull,
    created_at: text.withDefault,
  },

  content_version: {
    id: integer,
    version: integer,
  },

  /** A publisher's organisation (migration 0007); `default` owns guides imported without an owner. */
  organisations: {
    id: id,
    name: text,
    slug: text,
    created_at: text.withDefault,
  },

  organisation_members: {
    id: id,
    organisation_id: integer,
    user_id: text,
    role: text.withDefault,
    created_at: text.withDefault,
  },

  /** Server-side roles beyond membership: `admin` (one row per user). */
  user_roles: {
    id: id,
    user_id: text,
    role: text.withDefault,
    created_at: text.withDefault,
  },

  /** Which organisation owns a guide token (the source of truth; drafts have no `guides` row). */
  guide_owners: {
    id: id,
    guide_token: text,
    organisation_id: integer,
    created_at: text.withDefault,
  },

  /** An invitation to join an organisation; only the sha256 of its token is stored. */
  invitations: {
    id: id,
    organisation_id: integer,
    email: text,
    token_hash: text,
    invited_by: text.orNull,
    created_at: text.withDefault,
    expires_at: text,
    accepted_at: text.orNull,
    accepted_by: text.orNull,
    /** Null while an acceptance waits for an admin (migration 0014); set when it made a member. */
    confirmed_at: text.orNull,
  },

  /** A guide's studio draft (migration 0008): one guide.json document per guide token. */
  guide_drafts: {
    id: id,
    guide_token: text,
    organisation_id: integer,
    document: json,
    revision: integer,
    updated_by: text.orNull,
    updated_at: text.withDefault,
    published_revision: integer.orNull,
    published_at: text.orNull,
  },

  /** Every publish of a guide from the studio: its document, numbered from 1 per guide. */
  guide_versions: {
    id: id,
    guide_token: text,
    number: integer,
    document: json,
    published_by: text.orNull,
    published_at: text.withDefault,
  },

  /** A preview link: a guide imported with status `preview` under `token`, until `expires_at`. */
  guide_previews: {
    id: id,
    token: text,
    guide_token: text,
    created_by: text.orNull,
    created_at: text.withDefault,
    expires_at: text,
  },

  /** A stop's sign short link (migration 0017, docs/studio.md "Signs"). */
  sign_links: {
    id: id,
    code: text,
    poi_token: text,
    organisation_id: integer,
    guide_token: text,
    created_at: text.withDefault,
  },

  /** A raw insights event (migration 0010, docs/insights.md): no user, no address, no position. */
  insight_events: {
    id: text,
    visit_id: text.orNull,
    guide_token: text,
    poi_token: text.orNull,
    language: text.orNull,
    kind: text,
    trigger: text.orNull,
    heard: integer.orNull,
    challenge_id: integer.orNull,
    correct: integer.orNull,
    day: text,
    hour: integer,
    /** Where it came from (migration 0018): guide-open and stop-select only. */
    entry: text.orNull,
  },

  /** A (visit, language, fact) already counted in the roll-ups, on `day`. */
  insight_visit_facts: {
    guide_token: text,
    visit_id: text,
    language: text,
    fact: text,
    day: text,
  },

  insight_daily: {
    guide_token: text,
    language: text,
    day: text,
    hour: integer,
    visits: integer.withDefault,
    listeners: integer.withDefault,
    preloads: integer.withDefault,
    shares: integer.withDefault,
    answers: integer.withDefault,
    correct: integer.withDefault,
    heard_events: integer.withDefault,
    completed: integer.withDefault,
    reached: integer.withDefault,
    e_sign: integer.withDefault,
    e_link: integer.withDefault,
    e_list: integer.withDefault,
    e_search: integer.withDefault,
    e_map: integer.withDefault,
  },

  insight_daily_stops: {
    guide_token: text,
    language: text,
    day: text,
    poi_token: text,
    visits: integer.withDefault,
    listeners: integer.withDefault,
    starts: integer.withDefault,
    completed: integer.withDefault,
    heard_events: integer.withDefault,
    heard_sum: integer.withDefault,
    reached: integer.withDefault,
    t_tap: integer.withDefault,
    t_keypad: integer.withDefault,
    t_location: integer.withDefault,
    t_autoplay: integer.withDefault,
    t_link: integer.withDefault,
    e_sign: integer.withDefault,
    e_link: integer.withDefault,
    e_keypad: integer.withDefault,
    e_location: integer.withDefault,
    e_guide: integer.withDefault,
  },

  insight_daily_challenges: {
    guide_token: text,
    language: text,
    day: text,
    challenge_id: integer,
    answers: integer.withDefault,
    correct: integer.withDefault,
  },

  /** The events a visit has added (migration 0015): the per-visit limit counts here. */
  insight_visits: {
    guide_token: text,
    visit_id: text,
    events: integer.withDefault,
    day: text,
  },

  /** Refused events of a published guide on a server UTC day, by reason (migration 0015). */
  insight_daily_refused: {
    guide_token: text,
    day: text,
    bad_token: integer.withDefault,
    over_limit: integer.withDefault,
    unknown_stop: integer.withDefault,
    out_of_range: integer.withDefault,
  },

  /** The per-address write limit's windows (migration 0011_shared_limits). */
  write_limits: {
    key: text,
    hits: integer,
    reset_at: integer,
  },

  /** The sign-in lockout's failures, one row per failure and key. */
  sign_in_failures: {
    id: id,
    key: text,
    at: integer,
  },
} satisfies Record<string, Table>;

/**
 * better-auth's sessions and accounts (made by its migrations at start; users own them): only
 * the columns we read, which the test finds among better-auth's.
 */
export const authTables = {
  sessions: {
    id: text,
    user_id: text,
    token: text,
    expires_at: timestamp,
  },
  accounts: {
    id: text,
    user_id: text,
    provider_id: text,
    account_id: text,
  },
} satisfies Record<string, Table>;

type Rows<T extends Record<string, Table>> = { [K in keyof T]: Row<T[K]> };
export type Database = Rows<typeof tables & typeof authTables>;

export type CitiesTable = Database['cities'];
export type GuidesTable = Database['guides'];
export type GuideLanguagesTable = Database['guide_languages'];
export type LayersTable = Database['layers'];
export type PoisTable = Database['pois'];
export type PoiTranslationsTable = Database['poi_translations'];
export type BadgesTable = Database['badges'];
export type BadgeLevelsTable = Database['badge_levels'];
export type UsersTable = Database['users'];
export type SessionsTable = Database['sessions'];
export type AccountsTable = Database['accounts'];
export type AwardsTable = Database['awards'];
export type ScavengerHuntsTable = Database['scavenger_hunts'];
export type ChallengesTable = Database['challenges'];
export type MultipleChoiceOptionsTable = Database['multiple_choice_options'];
export type CorrectAnswersTable = Database['correct_answers'];
export type UserAnswersTable = Database['user_answers'];
export type SubscriptionsTable = Database['subscriptions'];
export type PoiVisitsTable = Database['poi_visits'];
export type VisitRequestsTable = Database['visit_requests'];
export type TrackingEventsTable = Database['tracking_events'];
export type ContentVersionTable = Database['content_version'];
export type OrganisationsTable = Database['organisations'];
export type OrganisationMembersTable = Database['organisation_members'];
export type UserRolesTable = Database['user_roles'];
export type GuideOwnersTable = Database['guide_owners'];
export type InvitationsTable = Database['invitations'];
export type GuideDraftsTable = Database['guide_drafts'];
export type GuideVersionsTable = Database['guide_versions'];
export type GuidePreviewsTable = Database['guide_previews'];
export type SignLinksTable = Database['sign_links'];
export type InsightEventsTable = Database['insight_events'];
export type InsightVisitFactsTable = Database['insight_visit_facts'];
export type InsightDailyTable = Database['insight_daily'];
export type InsightDailyStopsTable = Database['insight_daily_stops'];
export type InsightDailyChallengesTable = Database['insight_daily_challenges'];
export type InsightVisitsTable = Database['insight_visits'];
export type InsightDailyRefusedTable = Database['insight_daily_refused'];
export type WriteLimitsTable = Database['write_limits'];
export type SignInFailuresTable = Database['sign_in_failures'];
