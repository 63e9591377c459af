import type { GuideBundleInput } from '../../packages/core/src/index.js';
import {
  fillWithPayloads,
  MARKUP_PAYLOADS,
  payloadCycle,
} from '../../apps/server/test/support/xss-bundle.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { bumpContentVersion } from '../../apps/server/src/modules/content/version-repository.js';

// Rows stored before the plain-text rule (docs/security.md). The importer (and so the studio) now
// refuses HTML markup in a plain-text field, but a database may still hold titles stored before it:
// the screens must show those as text. So tests/abuse-xss.spec.ts writes the corpus's markup into
// the hostile guide's plain-text columns, and into its studio draft, through the server's own
// database layer (as helpers/themes.ts stores a theme the importer refuses), the content version
// bumped in the same transaction as an import does, so the response caches drop theirs.

export const TAG = 'XSS ';
/** Where a hostile title would send the visitor (no such host: a request there is the sign). */
export const OFFSITE = 'https://evil.example/xss-away';

/** A guide's title: a meta refresh, as the security probe used it (then `name`). */
export const guideTitle = (name: string) =>
  `${TAG}<meta http-equiv="refresh" content="0;url=${OFFSITE}/guide"> ${name}`;

/** The stops' titles, one kind of markup each: what reaches the map's tooltips and popups. */
export const STOP_TITLES = [
  `${TAG}<meta http-equiv="refresh" content="0;url=${OFFSITE}/stop">`,
  `${TAG}<img src=x onerror="window.__xss=2">`,
  `${TAG}<a href="${OFFSITE}/link">tap here</a>`,
  `${TAG}<style>body{display:none;--__xss:4}</style>`,
];

function database() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return openDatabase({ dataDir });
}

/**
 * The published guide `token`'s plain-text columns hold markup: the guide's `title` and share
 * texts, its layers, stops (STOP_TITLES in order, subtitles, transcripts, alt texts), badges
 * and their levels, hunts, challenges, options and correct answers. (Its city stays: cities
 * are looked up by a key made from the name.)
 */
export async function storeMarkupRows(token: string, title: string): Promise<void> {
  const next = payloadCycle(MARKUP_PAYLOADS);
  const handle = database();
  try {
    await handle.db.transaction().execute(async (trx) => {
      const guide = await trx
        .selectFrom('guides')
        .select('id')
        .where('token', '=', token)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('guides')
        .set({ title, photo_share_text: next(500), photo_share_hashtag: next(200) })
        .where('id', '=', guide.id)
        .execute();
      for (const l of await trx
        .selectFrom('layers')
        .select('id')
        .where('guide_id', '=', guide.id)
        .execute())
        await trx
          .updateTable('layers')
          .set({ name: next(120, TAG) })
          .where('id', '=', l.id)
          .execute();
      const pois = await trx
        .selectFrom('pois')
        .select(['id', 'images'])
        .where('guide_id', '=', guide.id)
        .orderBy('position')
        .execute();
      for (const [i, p] of pois.entries()) {
        const alts = (JSON.parse(p.images) as unknown[]).map(() => next(500));
        await trx
          .updateTable('pois')
          .set({ image_alts: JSON.stringify(alts) })
          .where('id', '=', p.id)
          .execute();
        await trx
          .updateTable('poi_translations')
          .set({
            title: STOP_TITLES[i % STOP_TITLES.length]!,
            subtitle: next(300),
            transcript: MARKUP_PAYLOADS.join('\n'),
          })
          .where('poi_id', '=', p.id)
          .execute();
      }
      const badges = await trx
        .selectFrom('badges')
        .select('id')
        .where('guide_id', '=', guide.id)
        .execute();
      for (const b of badges) {
        await trx
          .updateTable('badges')
          .set({ name: next(120, TAG), message: next(1000) })
          .where('id', '=', b.id)
          .execute();
        for (const l of await trx
          .selectFrom('badge_levels')
          .select('id')
          .where('badge_id', '=', b.id)
          .execute())
          await trx
            .updateTable('badge_levels')
            .set({ name: next(120, TAG) })
            .where('id', '=', l.id)
            .execute();
      }
      const hunts = await trx
        .selectFrom('scavenger_hunts')
        .select('id')
        .where('guide_id', '=', guide.id)
        .execute();
      for (const h of hunts) {
        await trx
          .updateTable('scavenger_hunts')
          .set({ name: next(200, TAG), subtitle: next(300) })
          .where('id', '=', h.id)
          .execute();
        const challenges = await trx
          .selectFrom('challenges')
          .select('id')
          .where('scavenger_hunt_id', '=', h.id)
          .execute();
        for (const c of challenges) {
          await trx
            .updateTable('challenges')
            .set({ title: next(200, TAG), subtitle: next(300) })
            .where('id', '=', c.id)
            .execute();
          for (const o of await trx
            .selectFrom('multiple_choice_options')
            .select('id')
            .where('challenge_id', '=', c.id)
            .execute())
            await trx
              .updateTable('multiple_choice_options')
              .set({ value: next(300) })
              .where('id', '=', o.id)
              .execute();
          await trx
            .updateTable('correct_answers')
            .set({ value: next(300) })
            .where('challenge_id', '=', c.id)
            .execute();
        }
      }
      await bumpContentVersion(trx);
    });
  } finally {
    await handle.db.destroy();
  }
}

/**
 * The guide's studio draft saved before the rule: the corpus's markup in every plain-text
 * field, `title` and STOP_TITLES as its titles. Returns the document.
 */
export async function storeMarkupDraft(token: string, title: string): Promise<GuideBundleInput> {
  const handle = database();
  try {
    const row = await handle.db
      .selectFrom('guide_drafts')
      .select('document')
      .where('guide_token', '=', token)
      .executeTakeFirstOrThrow();
    const document = fillWithPayloads(
      JSON.parse(row.document) as GuideBundleInput,
      TAG,
      MARKUP_PAYLOADS,
    );
    document.guide.title = title;
    document.pois!.forEach((p, i) => (p.content.en!.title = STOP_TITLES[i % STOP_TITLES.length]!));
    await handle.db
      .updateTable('guide_drafts')
      .set({ document: JSON.stringify(document) })
      .where('guide_token', '=', token)
      .execute();
    return document;
  } finally {
    await handle.db.destroy();
  }
}
