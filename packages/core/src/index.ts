// @earshot/core's one entry: every module of src/, grouped by folder (README.md says what each
// folder holds). Everything outside core imports core through it alone; the web build reads
// it to place each name's module (apps/web/chunk-groups.ts, CORE_BARREL).
export * from './constants.js';

// contract/: the API's request and answer shapes (zod) and route parameters.
export * from './contract/params.js';
export * from './contract/param-schemas.js';
export * from './contract/draft-api.js';
export * from './contract/api.js';
export * from './contract/json-shape.js';
export * from './contract/json-depth.js';
export * from './contract/api-shapes.js';
export * from './contract/health-api.js';
export * from './contract/participation-api.js';
export * from './contract/auth-api.js';
export * from './contract/studio-api.js';
export * from './contract/catalogue-schemas.js';
export * from './contract/client-messages.js';

// bundle/: the guide bundle and its JSON Schema.
export * from './bundle/bundle.js';
export * from './bundle/bundle-json-schema.js';
export * from './bundle/bundle-media-kinds.js';

// app/: the web app's routes, pages and start, the guide list, a large catalogue.
export * from './app/guide-list.js';
export * from './app/app-routes.js';
export * from './app/app-pages.js';
export * from './app/catalogue-client.js';
export * from './app/list-first-screen.js';
export * from './app/install.js';
export * from './app/search-prefilter.js';
export * from './app/app-start.js';
export * from './app/auth-forms.js';
export * from './app/catalogue.js';

// visit/: a guide's visit: stops, keypad, map, player, triggers, sharing.
export * from './visit/directions.js';
export * from './visit/guide-visit.js';
export * from './visit/poi-detail.js';
export * from './visit/keypad.js';
export * from './visit/share.js';
export * from './visit/media-player.js';
export * from './visit/guide-map.js';
export * from './visit/poi-browse.js';
export * from './visit/triggers.js';
export * from './visit/seasons.js';

// offline/: caches, the preload, map tiles.
export * from './offline/tiles.js';
export * from './offline/offline.js';
export * from './offline/offline-tiles.js';
export * from './offline/preload.js';

// outbox/: what the app keeps while offline and sends later.
export * from './outbox/answer-queue.js';
export * from './outbox/outbox-policy.js';
export * from './outbox/visit-queue.js';
export * from './outbox/insight-queue.js';
export * from './outbox/insight-outbox.js';

// participation/: challenges, answers and badges.
export * from './participation/challenges.js';
export * from './participation/badges.js';
export * from './participation/badge-progress.js';
export * from './participation/answers.js';
export * from './participation/take-part.js';

// insights/: visit events and the studio's reports of them.
export * from './insights/insight-visit.js';
export * from './insights/insight-entry.js';
export * from './insights/insight-visits.js';
export * from './insights/insights.js';
export * from './insights/insights-days.js';
export * from './insights/insights-rules.js';
export * from './insights/insights-range.js';
export * from './insights/insights-tables.js';
export * from './insights/insights-summaries.js';
export * from './insights/insights-entries.js';

// studio/: drafts, previews, guides, members, stops, uploads, collection imports.
export * from './studio/draft.js';
export * from './studio/draft-rules.js';
export * from './studio/preview-scope.js';
export * from './studio/studio-stops.js';
export * from './studio/studio-participation.js';
export * from './studio/studio-upload.js';
export * from './studio/studio-membership.js';
export * from './studio/studio-guides.js';
export * from './studio/problem-place.js';
export * from './studio/publish-checklist.js';
export * from './studio/signs.js';
export * from './studio/collection-import.js';
export * from './studio/collection-import-rows.js';
export * from './studio/collection-import-plan.js';

// tools/: the camera and landmark test pages (SPEC §2).
export * from './tools/face.js';
export * from './tools/face-tools.js';

// media/: media kinds, picture widths, bare pictures.
export * from './media/media-sniff.js';
export * from './media/media-variants.js';
export * from './media/picture-bare.js';

// theme/: guide themes.
export * from './theme/theme-colors.js';
export * from './theme/theme-color-values.js';
export * from './theme/theme.js';
export * from './theme/theme-contrast.js';

// limits/: what input and callers may not do.
export * from './limits/plain-text.js';
export * from './limits/sign-in-lockout.js';
export * from './limits/write-limit.js';

// util/: helpers of no one area.
export * from './util/geo.js';
export * from './util/csv.js';
export * from './util/slug.js';
