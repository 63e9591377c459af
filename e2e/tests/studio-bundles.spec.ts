import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { mailsTo, uniqueEmail } from '../helpers/accounts';
import { axeViolations, persistTheme } from '../helpers/budgets';
import {
  account,
  adminSession,
  newOrganisation,
  newPublisher,
  serverDraft,
  signedInAs,
} from '../helpers/studio';
import { SIZES } from '../helpers/shots';
import { FIXTURES, newGuide } from '../helpers/studio-stops';

// The studio's bundles, organisations and way in (docs/studio.md): import a .zip
// through the browser, export one and read it, switch organisations, and the drawer's link.
// Nothing here is published: drafts never reach the visitors' lists other specs count.

const SHOTS = `${process.env.E2E_SHOTS_DIR ?? 'test-results/shots'}/studio-bundles`;

/** A guide bundle .zip of `token`: two stops, a picture and an audio file of the fixtures. */
async function bundleZip(token: string, edit: (guide: Record<string, unknown>) => void = () => {}) {
  const stop = (n: number, lat: number, lng: number) => ({
    token: `${token}-stop-${n}`,
    lat,
    lng,
    keypad_code: 100 + n,
    images: ['media/facade.jpg'],
    image_alts: ['The stone facade in the morning'],
    content: { en: { title: `Harbour stop ${n}`, audio: 'media/narration.mp3' } },
  });
  const guide: Record<string, unknown> = {
    format: 'earshot-guide-bundle/1',
    guide: {
      token,
      title: `Harbour Lights ${token.slice(-5)}`,
      description: '<p>Two stops by the water.</p>',
      city: { name: 'Galena', state: 'Illinois' },
      images: ['media/facade.jpg'],
      languages: [{ code: 'en', label: 'English' }],
    },
    layers: [],
    pois: [stop(1, 42.4167, -90.429), stop(2, 42.4172, -90.4281)],
    badges: [],
    hunts: [],
  };
  edit(guide);
  const [facade, narration] = await Promise.all(
    ['facade.jpg', 'narration.mp3'].map((f) => readFile(new URL(f, FIXTURES))),
  );
  return Buffer.from(
    zipSync({
      'guide.json': strToU8(JSON.stringify(guide, null, 2)),
      'media/facade.jpg': facade!,
      'media/narration.mp3': narration!,
    }),
  );
}

/** Opens /studio's import dialog and chooses the .zip `zip` as `name`; the dialog. */
async function chooseBundle(page: Page, name: string, zip: Buffer) {
  await page.goto('/studio');
  await page.getByRole('button', { name: 'Import a bundle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bundle' });
  await dialog
    .getByLabel('Bundle (.zip)')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
  return dialog;
}

/** Slows the page's uploads so a progress bar stays long enough to be seen. */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    // Bytes a second: the 30 KB bundle takes several seconds.
    uploadThroughput: 4_000,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

test.describe('studio bundles and organisations', () => {
  test('a bundle .zip imports through the browser: progress, a draft in the list, its stops', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { publisher } = await newPublisher(request, 'Ivo Importer');
    const token = `harbour-lights-${Date.now().toString(36)}`;
    const zip = await bundleZip(token);
    await signedInAs(page, publisher);
    const dialog = await chooseBundle(page, `${token}.zip`, zip);
    const restore = await slowUploads(page);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Upload' });
    await expect(bar).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/import-progress-phone-light.png` });
    await expect(dialog.getByRole('button', { name: 'Importing…' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await restore();
    // Imported: the editor of the new draft opens.
    await expect(page).toHaveURL(new RegExp(`/studio/guides/${token}$`), { timeout: 30_000 });

    await page.goto('/studio');
    const row = page.getByRole('listitem').filter({ hasText: `Harbour Lights ${token.slice(-5)}` });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    await expect(row.getByText(/Edited .* by Ivo Importer/)).toBeVisible();
    await row.getByRole('link', { name: `Harbour Lights ${token.slice(-5)}`, exact: true }).click();
    await page.getByRole('tab', { name: /^Stops/ }).click();
    const stops = page.getByRole('list', { name: 'Stops in tour order' });
    await expect(stops.getByRole('listitem')).toHaveCount(2);
    await expect(stops).toContainText('Harbour stop 1');
    await expect(stops).toContainText('Harbour stop 2');
    // Its media came into the pool: the draft names them by content.
    const draft = (await serverDraft(request, publisher, token)).document as {
      pois: { images: string[]; content: { en: { audio: string } } }[];
    };
    expect(draft.pois[0]!.images[0]).toMatch(/^media\/[0-9a-f]{64}\.jpg$/);
    expect(draft.pois[0]!.content.en.audio).toMatch(/^media\/[0-9a-f]{64}\.mp3$/);
  });

  test('a broken bundle shows the importer’s own messages, where they are, with their JSON paths behind Details', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request);
    const token = `broken-lights-${Date.now().toString(36)}`;
    const zip = await bundleZip(token, (b) => {
      const pois = b.pois as { lat: number }[];
      pois[1]!.lat = 91;
      (b.guide as { images: string[] }).images = ['media/missing.jpg'];
    });
    await signedInAs(page, publisher);
    const dialog = await chooseBundle(page, `${token}.zip`, zip);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('The bundle cannot be imported');
    // Each problem says where it is in words; its JSON path waits behind Details.
    await expect(alert.getByRole('listitem').filter({ hasText: /^Stop 2, lat: / })).toBeVisible();
    await expect(alert.getByText('$.pois[1].lat', { exact: true })).toBeHidden();
    await alert.getByText('Details', { exact: true }).click();
    await expect(alert.getByText('$.pois[1].lat', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/import-problems-phone-light.png` });
    // Nothing was made.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('heading', { name: 'No guides yet' })).toBeVisible();
  });

  test('Export downloads a .zip whose guide.json and media/ are the draft’s', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request);
    const token = `export-lights-${Date.now().toString(36)}`;
    // Made by an import, so the draft names a picture and an audio file of the pool.
    const imported = await request.post(
      `/api/v1/studio/import?organisation=${await orgOf(publisher.token, request)}`,
      {
        headers: { authorization: `Bearer ${publisher.token}`, 'content-type': 'application/zip' },
        data: await bundleZip(token),
      },
    );
    expect(imported.status(), await imported.text()).toBe(201);
    const { document } = await serverDraft(request, publisher, token);

    await signedInAs(page, publisher);
    await page.goto('/studio');
    const title = `Harbour Lights ${token.slice(-5)}`;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export ${title} as a bundle (.zip)` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${token}.zip`);
    const files = unzipSync(await readFile((await file.path())!));
    expect(JSON.parse(new TextDecoder().decode(files['guide.json']))).toEqual(document);
    // media/ holds exactly the files the draft names, each the content its name hashes.
    const named = [...new Set(JSON.stringify(document).match(/media\/[0-9a-f]{64}\.[a-z0-9]+/g))];
    const media = Object.keys(files).filter((n) => n !== 'guide.json');
    expect(media.sort()).toEqual(named.sort());
    for (const name of media) {
      const sha = createHash('sha256').update(files[name]!).digest('hex');
      expect(name).toBe(`media/${sha}.${name.split('.').pop()}`);
    }
  });

  test('a publisher of two organisations sees each one’s guides only', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request);
    const stamp = Date.now().toString(36);
    const north = await newOrganisation(request, admin, `North Pier Society ${stamp}`);
    const south = await newOrganisation(request, admin, `South Pier Society ${stamp}`);
    const email = uniqueEmail('two-orgs');
    // Invited to both: the links come by mail (or in the answer when no mail was sent).
    const links: string[] = [];
    for (const organisation of [north, south]) {
      const res = await request.post(`/api/v1/studio/organisations/${organisation}/invitations`, {
        data: { email },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(res.status(), await res.text()).toBe(201);
      const sent = (await res.json()) as { link?: string };
      if (sent.link) links.push(sent.link);
    }
    if (links.length < 2) {
      await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
      links.splice(0, links.length, ...(await mailsTo(email)).map((m) => m.text));
    }
    const tokens = links.map((l) => /\/studio\/invitations\/([A-Za-z0-9_-]+)/.exec(l)![1]!);
    const publisher = await account(request, email, 'Tova Twofold');
    for (const t of tokens) {
      const res = await request.post(`/api/v1/studio/invitations/${t}/accept`, {
        headers: { authorization: `Bearer ${publisher.token}` },
        data: {},
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    const northGuide = await newGuide(request, publisher, north);
    await new Promise((r) => setTimeout(r, 5));
    const southGuide = await newGuide(request, publisher, south);
    const titleOf = async (t: string) =>
      ((await serverDraft(request, publisher, t)).document as { guide: { title: string } }).guide
        .title;
    const [northTitle, southTitle] = [await titleOf(northGuide), await titleOf(southGuide)];

    await signedInAs(page, publisher);
    await page.goto('/studio');
    const switcher = page.getByLabel('Organisation');
    await switcher.selectOption({ label: `North Pier Society ${stamp}` });
    await expect(page).toHaveURL(new RegExp(`organisation=${north}`));
    await expect(page.getByRole('link', { name: northTitle, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: southTitle, exact: true })).toHaveCount(0);
    await expect(
      page.getByText(`Write, preview and publish North Pier Society ${stamp}’s guides.`),
    ).toBeVisible();

    await switcher.selectOption({ label: `South Pier Society ${stamp}` });
    await expect(page.getByRole('link', { name: southTitle, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: northTitle, exact: true })).toHaveCount(0);
    // The choice is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('link', { name: southTitle, exact: true })).toBeVisible();
    await expect(switcher).toHaveValue(String(south));

    // The list with its switcher at both sizes, light and dark (a later init script wins).
    for (const dark of [false, true]) {
      await persistTheme(page, dark);
      await page.reload();
      await expect(page.getByRole('link', { name: southTitle, exact: true })).toBeVisible();
      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `${size} ${dark}`).toEqual([]);
        const look = dark ? 'dark' : 'light';
        await page.screenshot({ path: `${SHOTS}/switcher-${size}-${look}.png` });
      }
      await page.setViewportSize(SIZES[0][1]);
    }
  });

  for (const dark of [false, true]) {
    const look = dark ? 'dark' : 'light';
    test(`the drawer offers the studio to a publisher, and to nobody else (${look})`, async ({
      page,
      request,
    }) => {
      await persistTheme(page, dark);
      const menu = async () => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        return page.getByRole('dialog', { name: 'Menu' });
      };
      // A visitor: no studio.
      await page.goto('/');
      let drawer = await menu();
      await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Studio' })).toHaveCount(0);

      // Signed in without an organisation: none either, once studio/me has answered.
      const loner = await account(request, uniqueEmail('drawer-loner'), 'Lone Walker');
      await signedInAs(page, loner);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/studio/me'));
      await page.goto('/');
      drawer = await menu();
      expect((await answered).status()).toBe(200);
      await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Studio' })).toHaveCount(0);

      // A publisher: Studio, which opens their guides.
      const { publisher } = await newPublisher(request, 'Drawer Publisher');
      await signedInAs(page, publisher);
      await page.goto('/');
      drawer = await menu();
      const link = drawer.getByRole('link', { name: 'Studio' });
      await expect(link).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/drawer-studio-phone-${look}.png` });
      await link.click();
      await expect(page).toHaveURL(/\/studio$/);
      await expect(page.getByRole('heading', { name: 'Studio', level: 1 })).toBeVisible();
    });
  }
});

/** The one organisation a publisher belongs to, by studio/me. */
async function orgOf(token: string, request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/v1/studio/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { organisations: { id: number }[] }).organisations[0]!.id;
}
