/** Business constants and limits of SPEC §9, in one place. */
export const MIN_SPLASH_TIME_MS = 5000;
export const SPLASH_DISMISSIBLE_MS = 1000;
export const SPLASH_DISMISSIBLE_ON_ERROR_MS = 4000;
export const SPLASH_FORCED_HIDE_MS = 60000;
export const SIMPLE_SPLASH_MS = 2000;
export const SPLASH_TEST_MS = 50000;
export const CALL_TO_ACTION_MS = 30000;
export const ANSWER_SUBMIT_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 1000;

export const GROUP_BY_CITY_ABOVE = 20;
export const LIST_HEADER_HEIGHT_PX = 40;
export const ALPHABET = 'abcdefghijklmnopqrstuvwxyz'.split('');

export const GUIDE_MAP_ZOOM = 15;
export const WORLD_MAP_ZOOM = 1;
/** Where the world map opens when no guide table places it (a large catalogue): the Atlantic. */
export const WORLD_MAP_CENTRE = { lat: 25, lng: -30 } as const;
export const MARKER_SIZE_PX = 50;
export const MARKER_HIGHLIGHT_SIZE_PX = 100;
export const DEFAULT_MARKER_COLOR = '22ee22';
export const CAROUSEL_ITEM_PX = 100;
export const CAROUSEL_SCROLL_MS = 200;

export const KEYPAD_MAX_LENGTH = 4;
export const KEYPAD_AUTO_CLEAR_MS = 6000;
export const KEYPAD_AUTO_VISIT_MS = 5000;
export const KEYPAD_INVALID_CLEAR_MS = 800;
export const KEYPAD_TEST_CODES = [123, 456, 789] as const;

export const OFFLINE_SYNC_RETRIES = 3;
export const OFFLINE_SYNC_BASE_DELAY_MS = 1000;
export const SCRIPT_LOAD_TIMEOUT_MS = 120000;

export const EARTH_RADIUS_KM = 6371;
export const KM_PER_MILE = 1.60934;

export const DEFAULT_RADII = {
  attract_radius_leave_buffer: 50,
  autoplay_radius: 50,
  badge_radius: 50,
  notification_radius: 75,
  beacon_range: 50,
} as const;
export const DEFAULT_GUIDE_DISTANCE = -1;
export const NEARBY_DEFAULT_LIMIT = 10;
export const CLOSEST_GUIDE_MAX_KM = 1000;
export const LOCATION_BUFFER = 900000;
export const POSITION_MAX_AGE_MS = 60000;

export const SHARE_DEFAULT_TEXT = 'Check out this link!';
export const SHARE_EMAIL_SUBJECT = 'Check this out!';

/** Fuse.js options of SPEC §9. */
export const FUSE_BASE = {
  minMatchCharLength: 3,
  threshold: 0.3,
  distance: 60,
} as const;
export const SEARCH_MAX_RESULTS = 30;
export const GUIDE_SEARCH_KEYS = [
  { name: 'title', weight: 3 },
  { name: 'city.name', weight: 2 },
  { name: 'description', weight: 0.5 },
] as const;
export const POI_SEARCH_KEYS = [
  { name: 'title', weight: 3 },
  { name: 'subtitle', weight: 3 },
  { name: 'description', weight: 2 },
] as const;

export const MAP_TYPES = [
  'default',
  'standard',
  'roadmap',
  'hybrid',
  'satellite',
  'terrain',
] as const;
export const DEFAULT_MAP_TYPE = 'hybrid';
export const CHALLENGE_TYPES = [
  'Challenge',
  'PhotoChallenge',
  'MultipleChoiceChallenge',
  'TextChallenge',
  'NumberChallenge',
] as const;
export const USER_ANSWER_TYPES = [
  'UserPhotoChallengeAnswer',
  'UserMultipleChoiceChallengeAnswer',
  'UserTextChallengeAnswer',
  'UserNumberChallengeAnswer',
] as const;
export const TRIGGER_TYPES = ['badge', 'autoplay', 'notification', 'beacon', 'attract'] as const;

/** What a stop outside its dates does for visitors (docs/guide-bundle.md "Seasons"). */
export const OUTSIDE_DATES = ['hide', 'mark'] as const;
export type OutsideDates = (typeof OUTSIDE_DATES)[number];

/** Sign sheets (docs/studio.md "Signs"): the paper, signs to a page, and at most how many signs. */
export const SIGN_PAPERS = ['a4', 'letter'] as const;
export type SignPaper = (typeof SIGN_PAPERS)[number];
export const SIGNS_PER_PAGE = [1, 2, 4] as const;
export type SignsPerPage = (typeof SIGNS_PER_PAGE)[number];
export const SIGNS_MAX = 1000;
