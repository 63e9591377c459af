import { expect, test, type Page } from '@playwright/test';
import { persistTheme } from '../helpers/budgets';
import { preload } from '../helpers/field';
import { button, expectPlaying, pick, player } from '../helpers/guide-player';
import { newPublisher, saved, signedInAs } from '../helpers/studio';
import {
  chooseStop,
  clickMap,
  drag,
  FIXTURES,
  newGuide,
  shoot,
  stored,
  storedWhen,
  upload,
} from '../helpers/studio-stops';

// The studio's stops, media and participation editors (docs/studio.md Web) against the
// real server: every guide, account and upload goes through the real calls, and each check
// reads the draft the server stored.

/** A visitor past the splash of a guide the studio published, in its one language. */
async function enterPublished(page: Page, firstVisit: boolean) {
  const tap = page.getByRole('button', { name: 'Tap to Enter' });
  await expect(tap).toHaveAttribute('aria-disabled', 'false');
  await tap.click();
  if (firstVisit) {
    // SPEC §2: a guide with languages asks for one, even when it has only one; then it knows.
    const choose = page.getByRole('dialog', { name: 'Choose a language' });
    await expect(choose).toContainText('can be heard in 1 language.');
    await choose.getByRole('button', { name: 'English' }).click();
  }
  await expect(player(page)).toBeVisible();
}

test.describe('studio stops, media and participation', () => {
  // The journey ends offline in the saved guide: this spec lets the service worker run.
  test.use({ serviceWorkers: 'allow' });

  test("a new guide's map opens on its city, known by the guides published there", async ({
    page,
    request,
  }) => {
    const { publisher, organisation } = await newPublisher(request);
    const token = await newGuide(request, publisher, organisation, {
      name: 'portland',
      state: 'OREGON',
    });
    await signedInAs(page, publisher);
    const place = page.waitForResponse((r) => r.url().includes(`/guides/${token}/place`));
    await page.goto(`/studio/guides/${token}`);
    await page.getByRole('tab', { name: /^Stops/ }).click();
    expect((await place).status()).toBe(200);
    await page.waitForTimeout(400);
    // A click in the middle of the map lands in Portland's streets, not in the Atlantic.
    await clickMap(page, 0, 0);
    const doc = await storedWhen(request, publisher, token, (d) => expect(d.pois).toHaveLength(1));
    expect(Math.abs(doc.pois[0]!.lat - 45.52)).toBeLessThan(0.05);
    expect(Math.abs(doc.pois[0]!.lng + 122.677)).toBeLessThan(0.05);
    await shoot(page, 'stops-map-new-guide-city', 'light');
  });

  test('a publisher builds a guide from nothing (stops on the map, media, a badge, a multiple-choice challenge), previews, publishes it, and a visitor walks it and saves it for offline', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const { publisher, organisation } = await newPublisher(request);
    const token = await newGuide(request, publisher, organisation);
    await signedInAs(page, publisher);
    await page.goto(`/studio/guides/${token}`);
    await page.getByRole('tab', { name: /^Stops/ }).click();
    await expect(page.getByText('No stops yet.', { exact: false })).toBeVisible();

    // Typed coordinates add a stop and bring the map there; a bad entry says what to type.
    const coordinates = page.getByLabel('Add stop at coordinates');
    await coordinates.fill('Chicago');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(coordinates).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'such as 45.52, -122.67' }),
    ).toBeVisible();
    await coordinates.fill('41.8789, -87.6359');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const list = page.getByRole('list', { name: 'Stops in tour order' });
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // Three stops by clicking the map, with keypad codes proposed in order.
    await clickMap(page, -120, -90);
    await clickMap(page, 110, -70);
    await clickMap(page, 20, 110);
    await expect(list.getByRole('listitem')).toHaveCount(4);
    let doc = await storedWhen(request, publisher, token, (d) =>
      expect(d.pois.map((p) => p.keypad_code)).toEqual([1, 2, 3, 4]),
    );
    expect(doc.pois[0]).toMatchObject({ lat: 41.8789, lng: -87.6359 });
    // Clicked stops lie around the typed one (the map opened there at street zoom).
    for (const p of doc.pois.slice(1)) {
      expect(Math.abs(p.lat - 41.8789)).toBeLessThan(0.01);
      expect(Math.abs(p.lng + 87.6359)).toBeLessThan(0.01);
    }

    // The typed one goes again, asked first: the three clicked stops stay.
    await chooseStop(page, 0);
    await page.getByRole('button', { name: 'Delete stop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);

    // A duplicate keypad code shows at its field and on the stop's row.
    await chooseStop(page, 2);
    const code = page.getByLabel('Keypad code');
    await code.fill('2');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator(`[id="${await code.getAttribute('aria-describedby')}"]`)).toHaveText(
      'duplicate keypad code 2',
    );
    await expect(list.getByText('needs attention')).toBeVisible();
    await code.fill('4');
    await expect(code).not.toHaveAttribute('aria-invalid');

    // Drag the chosen stop's pin; its place changes in the stored draft.
    const before = (
      await storedWhen(request, publisher, token, (d) =>
        expect(d.pois.map((p) => p.keypad_code)).toEqual([2, 3, 4]),
      )
    ).pois[2]!;
    await drag(page, page.getByRole('button', { name: /^Stop 3: .*\(selected\)$/ }), -60, 40);
    await storedWhen(request, publisher, token, (d) => {
      expect(d.pois[2]!.lng).toBeLessThan(before.lng);
      expect(d.pois[2]!.lat).toBeLessThan(before.lat);
    });

    // Resize its autoplay circle by the handle on its edge: the radius grows from 50 m.
    await drag(page, page.locator('[title="Drag to change the autoplay radius"]'), 40, 0);
    doc = await storedWhen(request, publisher, token, (d) =>
      expect(d.pois[2]!.radii?.autoplay_radius).toBeGreaterThan(55),
    );
    await expect(page.getByLabel('Autoplay radius (m)')).toHaveValue(
      String(doc.pois[2]!.radii!.autoplay_radius),
    );

    // Reorder by keyboard: the third stop moves up to first, and the move is announced.
    const third = doc.pois[2]!.token;
    await page.getByRole('button', { name: /^Reorder .*, stop 3 of 3$/ }).focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('button', { name: /^Reorder .*, stop 2 of 3$/ })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByRole('status').filter({ hasText: /moved to position 1 of 3/ }),
    ).toBeAttached();
    await storedWhen(request, publisher, token, (d) => expect(d.pois[0]!.token).toBe(third));

    // The first stop gets a title; participation names it.
    await chooseStop(page, 0);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('The Rookery');

    // Participation: a badge counting the first stop, and a multiple-choice challenge on it.
    await page.getByRole('tab', { name: /^Participation/ }).click();
    await page.getByRole('button', { name: 'Add badge' }).click();
    await page.getByLabel('Badge name').fill('Loop explorer');
    await page.getByLabel('Counts visits of').selectOption({ label: 'Stop: The Rookery' });
    await page.getByRole('button', { name: 'Add level' }).click();
    await page.getByLabel('Level 2 name').fill('Gold');
    await page.getByRole('button', { name: 'Add scavenger hunt' }).click();
    await page.getByLabel('Type of the new challenge').selectOption({ label: 'Multiple choice' });
    await page.getByRole('button', { name: 'Add challenge' }).click();
    await page.getByLabel('Challenge 2 title').fill('Who designed the Rookery?');
    await page.getByLabel('Challenge 2 stop').selectOption({ label: '1. The Rookery' });
    const options = page.getByRole('group', { name: 'Options of challenge 2' });
    await options.getByLabel('Option 1', { exact: true }).fill('Burnham and Root');
    await options.getByLabel('Option 2', { exact: true }).fill('Mies van der Rohe');
    await options.getByRole('radio', { name: 'Correct: option 1' }).check();
    // One option alone is refused by the importer's rule, at the options.
    await options.getByRole('button', { name: 'Remove option 2' }).click();
    await expect(
      options.getByText('a multiple-choice challenge needs at least two options'),
    ).toBeVisible();
    await options.getByRole('button', { name: 'Add option' }).click();
    await options.getByLabel('Option 2', { exact: true }).fill('Frank Lloyd Wright');
    await expect(options.getByText('a multiple-choice challenge needs')).toHaveCount(0);
    doc = await storedWhen(request, publisher, token, (d) =>
      expect(d.hunts[0]?.challenges[1]?.options.map((o) => o.value)).toEqual([
        'Burnham and Root',
        'Frank Lloyd Wright',
      ]),
    );
    expect(doc.badges).toMatchObject([
      {
        name: 'Loop explorer',
        visited_item: doc.pois[0]!.token,
        levels: [
          { name: 'Level 1', required: 1 },
          { name: 'Gold', required: 2 },
        ],
      },
    ]);
    const challenge = doc.hunts[0]!.challenges[1]!;
    expect(challenge).toMatchObject({
      resourcetype: 'MultipleChoiceChallenge',
      title: 'Who designed the Rookery?',
      poi: doc.pois[0]!.token,
      multi_select: false,
    });
    expect(challenge.correct_answers).toEqual([
      { value: challenge.options[0]!.key, is_correct: true },
    ]);

    // Back to the first stop: a picture with its alt text and an audio file with its length.
    await page.getByRole('tab', { name: /^Stops/ }).click();
    await chooseStop(page, 0);
    const picture = page.getByRole('group', { name: 'Add a picture' });
    // A file that is no picture is refused with the server's message; nothing else changes.
    const chooser = page.waitForEvent('filechooser');
    await picture.getByRole('button', { name: 'Choose picture' }).click();
    await (
      await chooser
    ).setFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(
      page.getByRole('alert').filter({ hasText: 'notes.png was not uploaded' }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
      'The Rookery',
    );

    await upload(page, picture.getByRole('button', { name: 'Choose picture' }), 'facade.jpg');
    const first = page.getByRole('group', { name: 'Picture 1' });
    await expect(first.getByRole('img', { name: /Picture 1/ })).toBeVisible();
    await page.getByLabel('Alt text of picture 1').fill('The Rookery’s stone front on LaSalle');
    await upload(
      page,
      page
        .getByRole('group', { name: 'Audio', exact: true })
        .getByRole('button', { name: 'Choose audio' }),
      'narration.mp3',
    );
    const audio = page.getByRole('group', { name: 'Audio', exact: true });
    await expect(audio.locator('audio')).toBeAttached();
    await expect(audio.getByText(/^Length \d+:\d\d$/)).toBeVisible();
    await page.getByLabel('Transcript').fill('Welcome to the Rookery.');
    doc = await storedWhen(request, publisher, token, (d) =>
      expect(d.pois[0]).toMatchObject({
        image_alts: ['The Rookery’s stone front on LaSalle'],
        content: { en: { title: 'The Rookery', transcript: 'Welcome to the Rookery.' } },
      }),
    );
    // Pool paths: the picture is stored re-encoded (no metadata), so its hash is the server's.
    expect(doc.pois[0]!.images).toEqual([expect.stringMatching(/^media\/[0-9a-f]{64}\.\w+$/)]);
    expect(doc.pois[0]!.content.en!.audio).toMatch(/^media\/[0-9a-f]{64}\.mp3$/);
    // The stored picture is served where the field shows it.
    const src = (await first.getByRole('img').getAttribute('src'))!;
    expect((await request.get(src)).status()).toBe(200);

    await shoot(page, 'stops-media', 'light', audio);

    // Phone and desktop, light and dark, each checked by axe.
    await page.getByRole('tab', { name: /^Stops/ }).click();
    await shoot(page, 'stops', 'light');
    await page.getByRole('tab', { name: /^Participation/ }).click();
    await shoot(page, 'participation', 'light');
    await shoot(page, 'challenge', 'light', options);

    // The guide built from nothing is previewed by its link (no account), published, then walked by
    // a visitor: entered, a stop played, saved for offline.
    const title = (await stored(request, publisher, token)).guide.title;
    await page.getByRole('tab', { name: /^Publish/ }).click();
    await page.getByRole('button', { name: 'Make a preview link' }).click();
    const previewUrl = (await page.locator('#studio-preview-url').getAttribute('href'))!;
    const visitor = await page.context().browser()!.newContext();
    const guest = await visitor.newPage();
    await guest.goto(new URL(previewUrl).pathname);
    await expect(guest).toHaveTitle(new RegExp(title));
    // Not published yet: visitors do not find it.
    expect((await request.get(`/api/v1/tour-by-token/${token}`)).status()).toBe(404);
    await visitor.close();

    // Its stops lack descriptions (and some, audio): the checklist asks before publishing.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: /^Publish with \d+ warnings?\?$/ })
      .getByRole('button', { name: 'Publish anyway' })
      .click();
    await expect(page.getByText(/^Published as version 1 /)).toBeVisible();

    // The publisher's phone walks it as any visitor does.
    await page.goto(`/guide/${token}`);
    await expect(page).toHaveTitle(new RegExp(title));
    await enterPublished(page, true);
    await pick(page, 'The Rookery');
    // The guide does not play a stop on selection (the studio's default): the visitor taps Play.
    await button(page, 'Play').click();
    await expectPlaying(page);
    await preload(page, token);
    await page.context().setOffline(true);
    await page.goto(`/guide/${token}`);
    await expect(page).toHaveTitle(new RegExp(title));
    await enterPublished(page, false);
    await pick(page, 'The Rookery');
    await button(page, 'Play').click();
    await expectPlaying(page);
  });

  test('an upload shows its progress and can be cancelled, keeping the draft as it was (dark)', async ({
    page,
    request,
  }) => {
    // Three stops, a reorder, axe and screenshots at two sizes: long on a busy machine.
    test.setTimeout(150_000);
    await persistTheme(page, true);
    const { publisher, organisation } = await newPublisher(request);
    const token = await newGuide(request, publisher, organisation);
    await signedInAs(page, publisher);
    await page.goto(`/studio/guides/${token}`);
    await page.getByRole('tab', { name: /^Stops/ }).click();
    await page.getByLabel('Add stop at coordinates').fill('41.8789 N, 87.6359 W');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await clickMap(page, 100, 60);
    await clickMap(page, -100, 80);
    const placed = await storedWhen(request, publisher, token, (d) =>
      expect(d.pois).toHaveLength(3),
    );

    // Reorder by pointer: the first row's handle dragged below the third.
    const handle = page.getByRole('button', { name: /^Reorder .*, stop 1 of 3$/ });
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 150, { steps: 10 });
    await page.mouse.up();
    await storedWhen(request, publisher, token, (d) =>
      expect(d.pois.map((p) => p.token)).toEqual([1, 2, 0].map((i) => placed.pois[i]!.token)),
    );

    // A slow connection: the upload's body goes out in small pieces.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 200_000,
      // Bytes a second: the 11 KB picture takes half a minute, longer than the screenshots
      // and axe checks before Cancel take even on a busy machine.
      uploadThroughput: 350,
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('group', { name: 'Add a picture' }).getByRole('button').first().click();
    await (await chooser).setFiles(new URL('facade.jpg', FIXTURES).pathname);
    const bar = page.getByRole('progressbar', { name: 'Uploading facade.jpg' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
    await shoot(page, 'stops-uploading', 'dark');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(bar).toHaveCount(0);
    await expect(page.getByText('Upload of facade.jpg cancelled.')).toBeVisible();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Whatever autosave sends now still has three stops and no picture.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('After the cancel');
    const doc = await storedWhen(request, publisher, token, (d) =>
      expect(d.pois.map((p) => p.content.en!.title)).toContain('After the cancel'),
    );
    expect(doc.pois).toHaveLength(3);
    expect(doc.pois.every((p) => (p.images ?? []).length === 0)).toBe(true);

    await page.getByRole('tab', { name: /^Participation/ }).click();
    await page.getByRole('button', { name: 'Add badge' }).click();
    await page.getByRole('button', { name: 'Add scavenger hunt' }).click();
    await page.getByLabel('Challenge 1 type').selectOption({ label: 'Multiple choice' });
    await page.getByLabel('Visitors may choose several answers').check();
    await storedWhen(request, publisher, token, (d) =>
      expect(d.hunts[0]!.challenges[0]).toMatchObject({ multi_select: true }),
    );
    await saved(page);
    await page.getByRole('tab', { name: /^Stops/ }).click();
    await shoot(page, 'stops', 'dark');
    await page.getByRole('tab', { name: /^Participation/ }).click();
    await shoot(page, 'participation', 'dark');
    await shoot(
      page,
      'challenge',
      'dark',
      page.getByRole('group', { name: 'Options of challenge 1' }),
    );
  });
});
