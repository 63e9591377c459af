import type { ColumnType, Generated } from 'kysely';

/** Flags are 0/1 integers on both SQLite and PostgreSQL; JSON values are text. */
type Flag = ColumnType<number, number | undefined, number>;
type Id = Generated<number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Stamp = ColumnType<string, string | undefined, string>;

export interface CitiesTable {
  id: Id;
  name: string;
  name_key: string;
  state: string;
  state_key: string;
}

export interface GuidesTable {
  id: Id;
  token: string;
  title: string;
  description: Defaulted<string>;
  city_id: number;
  distance: Defaulted<number>;
  coming_soon: Flag;
  map_type: Defaulted<string>;
  status: Defaulted<string>;
  splash: string | null;
  images: Defaulted<string>;
  audio: string | null;
  route: Defaulted<string>;
  has_keypad: Flag;
  poi_play_on_select: Flag;
  ar_enabled: Flag;
  photo_share_hashtag: string | null;
  photo_share_text: string | null;
  password: string | null;
  badge_last_activated: string | null;
  attract_radius_leave_buffer: Defaulted<number>;
  autoplay_radius: Defaulted<number>;
  badge_radius: Defaulted<number>;
  notification_radius: Defaulted<number>;
  beacon_range: Defaulted<number>;
  min_triggering_radius: number | null;
  centroid_lat: number | null;
  centroid_lng: number | null;
  num_pois: Defaulted<number>;
  theme: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface GuideLanguagesTable {
  id: Id;
  guide_id: number;
  code: string;
  label: string;
  position: number;
}

export interface LayersTable {
  id: Id;
  guide_id: number;
  token: string;
  name: string;
  color: string | null;
  icon: string | null;
  position: number;
}

export interface PoisTable {
  id: Id;
  guide_id: number;
  token: string;
  layer_id: number | null;
  lat: number;
  lng: number;
  color: string | null;
  icon: string | null;
  keypad_code: number | null;
  hide_map: Flag;
  hide_directions: Flag;
  route_type: string | null;
  images: Defaulted<string>;
  /** JSON array of the pictures' alt texts, in their order (migration 0009); null when none. */
  image_alts: ColumnType<string | null, string | null | undefined, string | null>;
  attract_radius_leave_buffer: number | null;
  autoplay_radius: number | null;
  badge_radius: number | null;
  notification_radius: number | null;
  beacon_range: number | null;
  min_triggering_radius: number | null;
  attract_z: number | null;
  beacon: string | null;
  play_on_select: number | null;
  position: number;
}

export interface PoiTranslationsTable {
  id: Id;
  poi_id: number;
  language: string;
  title: string;
  subtitle: Defaulted<string>;
  description: Defaulted<string>;
  audio: string | null;
  audio2: string | null;
  /** Plain text of what the audio says (migration 0003). */
  transcript: string | null;
}

export interface BadgesTable {
  id: Id;
  guide_id: number;
  token: string;
  name: string;
  contest_type: Defaulted<string>;
  image: string | null;
  message: Defaulted<string>;
  metadata: string | null;
  visited_item: string | null;
  position: number;
}

export interface BadgeLevelsTable {
  id: Id;
  badge_id: number;
  token: string;
  name: string;
  image: string | null;
  required: number;
  position: number;
}

/** better-auth's user (migration 0004); `name` is the display name. better-auth writes it. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: number | boolean;
  image: string | null;
  /** ISO text on SQLite, a Date from PostgreSQL. */
  created_at: Date | string;
  updated_at: Date | string;
}

/** better-auth's sessions and accounts (made by its migrations at start); users own them. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token: string;
  expires_at: Date | string;
}
export interface AccountsTable {
  id: string;
  user_id: string;
  provider_id: string;
  account_id: string;
}

export interface AwardsTable {
  id: Id;
  user_id: string;
  badge_id: number;
  state: Defaulted<string>;
  points: Defaulted<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ScavengerHuntsTable {
  id: Id;
  guide_id: number;
  token: string;
  contest_type: Defaulted<string>;
  name: string;
  subtitle: Defaulted<string>;
  description: Defaulted<string>;
  position: number;
}

export interface ChallengesTable {
  id: Id;
  scavenger_hunt_id: number;
  poi_id: number | null;
  token: string;
  resourcetype: string;
  title: string;
  subtitle: Defaulted<string>;
  description: Defaulted<string>;
  icon: string | null;
  multi_choice: Flag;
  multi_select: Flag;
  value: number | null;
  challenge_set: string | null;
  position: number;
}

export interface MultipleChoiceOptionsTable {
  id: Id;
  challenge_id: number;
  token: string;
  value: string;
  position: number;
}

export interface CorrectAnswersTable {
  id: Id;
  challenge_id: number;
  resourcetype: string;
  value: string;
  is_correct: Flag;
}

export interface UserAnswersTable {
  id: Id;
  user_id: string;
  challenge_id: number;
  resourcetype: string;
  value: string;
  value_medium: string | null;
  value_thumbnail: string | null;
  is_checked: Flag;
  is_correct: number | null;
  idempotency_key: string | null;
  created_at: Stamp;
  updated_at: Stamp;
  checked_at: string | null;
}

export interface SubscriptionsTable {
  id: Id;
  user_id: string;
  guide_id: number;
  created_at: Stamp;
}

/** A user's first visit of a POI (migration 0005): badge points are given once per pair. */
export interface PoiVisitsTable {
  id: Id;
  user_id: string;
  poi_id: number;
  created_at: Stamp;
}

/** A visit_poi/ request with an Idempotency-Key (migration 0006) and the reply it had. */
export interface VisitRequestsTable {
  id: Id;
  idempotency_key: string;
  user_id: string | null;
  guide_token: string;
  poi_token: string;
  /** The first reply as JSON; null while that request runs. */
  result: string | null;
  created_at: Stamp;
}

export interface TrackingEventsTable {
  id: Id;
  kind: string;
  guide_token: string | null;
  poi_token: string | null;
  language: string | null;
  place: string | null;
  user_id: string | null;
  created_at: Stamp;
}

export interface ContentVersionTable {
  id: number;
  version: number;
}

/** A publisher's organisation (migration 0007); `default` owns guides imported without an owner. */
export interface OrganisationsTable {
  id: Id;
  name: string;
  slug: string;
  created_at: Stamp;
}

export interface OrganisationMembersTable {
  id: Id;
  organisation_id: number;
  user_id: string;
  role: Generated<string>;
  created_at: Stamp;
}

/** Server-side roles beyond membership: `admin` (one row per user). */
export interface UserRolesTable {
  id: Id;
  user_id: string;
  role: Generated<string>;
  created_at: Stamp;
}

/** Which organisation owns a guide token (the source of truth; drafts have no `guides` row). */
export interface GuideOwnersTable {
  id: Id;
  guide_token: string;
  organisation_id: number;
  created_at: Stamp;
}

/** An invitation to join an organisation; only the sha256 of its token is stored. */
export interface InvitationsTable {
  id: Id;
  organisation_id: number;
  email: string;
  token_hash: string;
  invited_by: string | null;
  created_at: Stamp;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  /** Null while an acceptance waits for an admin (migration 0014); set when it made a member. */
  confirmed_at: string | null;
}

/** A guide's studio draft (migration 0008): one guide.json document per guide token. */
export interface GuideDraftsTable {
  id: Id;
  guide_token: string;
  organisation_id: number;
  document: string;
  revision: number;
  updated_by: string | null;
  updated_at: Stamp;
  published_revision: number | null;
  published_at: string | null;
}

/** Every publish of a guide from the studio: its document, numbered from 1 per guide. */
export interface GuideVersionsTable {
  id: Id;
  guide_token: string;
  number: number;
  document: string;
  published_by: string | null;
  published_at: Stamp;
}

/** A preview link: a guide imported with status `preview` under `token`, until `expires_at`. */
export interface GuidePreviewsTable {
  id: Id;
  token: string;
  guide_token: string;
  created_by: string | null;
  created_at: Stamp;
  expires_at: string;
}

/** A raw insights event (migration 0010, docs/insights.md): no user, no address, no position. */
export interface InsightEventsTable {
  id: string;
  visit_id: string | null;
  guide_token: string;
  poi_token: string | null;
  language: string | null;
  kind: string;
  trigger: string | null;
  heard: number | null;
  challenge_id: number | null;
  correct: number | null;
  day: string;
  hour: number;
}

/** A (visit, language, fact) already counted in the roll-ups, on `day`. */
export interface InsightVisitFactsTable {
  guide_token: string;
  visit_id: string;
  language: string;
  fact: string;
  day: string;
}

type Counter = ColumnType<number, number | undefined, number>;

export interface InsightDailyTable {
  guide_token: string;
  language: string;
  day: string;
  hour: number;
  visits: Counter;
  listeners: Counter;
  preloads: Counter;
  shares: Counter;
  answers: Counter;
  correct: Counter;
  heard_events: Counter;
  completed: Counter;
  reached: Counter;
}

export interface InsightDailyStopsTable {
  guide_token: string;
  language: string;
  day: string;
  poi_token: string;
  visits: Counter;
  listeners: Counter;
  starts: Counter;
  completed: Counter;
  heard_events: Counter;
  heard_sum: Counter;
  reached: Counter;
  t_tap: Counter;
  t_keypad: Counter;
  t_location: Counter;
  t_autoplay: Counter;
  t_link: Counter;
}

export interface InsightDailyChallengesTable {
  guide_token: string;
  language: string;
  day: string;
  challenge_id: number;
  answers: Counter;
  correct: Counter;
}

/** The events a visit has added (migration 0015): the per-visit limit counts here. */
export interface InsightVisitsTable {
  guide_token: string;
  visit_id: string;
  events: Counter;
  day: string;
}

/** Refused events of a published guide on a server UTC day, by reason (migration 0015). */
export interface InsightDailyRefusedTable {
  guide_token: string;
  day: string;
  bad_token: Counter;
  over_limit: Counter;
  unknown_stop: Counter;
  out_of_range: Counter;
}

/** The per-address write limit's windows (migration 0011_shared_limits). */
export interface WriteLimitsTable {
  key: string;
  hits: number;
  reset_at: number;
}

/** The sign-in lockout's failures, one row per failure and key. */
export interface SignInFailuresTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface Database {
  cities: CitiesTable;
  guides: GuidesTable;
  guide_languages: GuideLanguagesTable;
  layers: LayersTable;
  pois: PoisTable;
  poi_translations: PoiTranslationsTable;
  badges: BadgesTable;
  badge_levels: BadgeLevelsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  awards: AwardsTable;
  scavenger_hunts: ScavengerHuntsTable;
  challenges: ChallengesTable;
  multiple_choice_options: MultipleChoiceOptionsTable;
  correct_answers: CorrectAnswersTable;
  user_answers: UserAnswersTable;
  subscriptions: SubscriptionsTable;
  poi_visits: PoiVisitsTable;
  visit_requests: VisitRequestsTable;
  tracking_events: TrackingEventsTable;
  content_version: ContentVersionTable;
  organisations: OrganisationsTable;
  organisation_members: OrganisationMembersTable;
  user_roles: UserRolesTable;
  guide_owners: GuideOwnersTable;
  invitations: InvitationsTable;
  guide_drafts: GuideDraftsTable;
  guide_versions: GuideVersionsTable;
  guide_previews: GuidePreviewsTable;
  insight_events: InsightEventsTable;
  insight_visit_facts: InsightVisitFactsTable;
  insight_daily: InsightDailyTable;
  insight_daily_stops: InsightDailyStopsTable;
  insight_daily_challenges: InsightDailyChallengesTable;
  insight_visits: InsightVisitsTable;
  insight_daily_refused: InsightDailyRefusedTable;
  write_limits: WriteLimitsTable;
  sign_in_failures: SignInFailuresTable;
}
