import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import {
  bigPhoto,
  flagshipHunt,
  GUIDE_TOKEN,
  huntChallenges,
  huntItem,
  newUser,
  PASSWORD,
  pictureSize,
  serverAnswers,
  signedInAs,
  type Answer,
} from '../helpers/participation';
import { storedAuth } from '../helpers/accounts';
import { goOffline } from '../helpers/network';

// The flagship guide's hunt (content/demo): a photo (heron, rsw-06), a multiple choice (paper
// boats, rsw-08: Five / Seven / Nine, Seven right), a number (lanterns, rsw-11: 12) and a text
// (whisper dishes, rsw-12: concrete) challenge.
const PHOTO = 'Photograph the heron';
const CHOICE = 'How many paper boats?';
const NUMBER = 'How many lanterns?';
const TEXT = 'Whisper a word';
const HERON_JPG = fileURLToPath(
  new URL('../../content/demo/riverfront-sculpture-walk/media/rsw-06-1.jpg', import.meta.url),
);

const challengeDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const submit = (page: Page, title: string) =>
  challengeDialog(page, title).getByRole('button', { name: 'Submit' });

/** Opens a challenge from the hunt list, answers it through its form, and goes back. */
async function answer(
  page: Page,
  title: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await huntItem(page, title).click();
  const dialog = challengeDialog(page, title);
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText(/^You answered this question on /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to the hunt' }).click();
  await expect(dialog).toBeHidden();
}

const typed = (value: string) => async (dialog: ReturnType<Page['getByRole']>) =>
  dialog.getByRole('textbox', { name: 'Your answer' }).fill(value);
const picked = (option: string) => async (dialog: ReturnType<Page['getByRole']>) => {
  // The row is what a finger taps: the radio inside it is only for assistive technology.
  await dialog.getByText(option, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`: ${option}$`) })).toBeChecked();
};
const photo = (file: string) => async (dialog: ReturnType<Page['getByRole']>) => {
  await dialog.locator('input[type="file"]:not([capture])').setInputFiles(file);
  await expect(dialog.getByRole('img', { name: 'Your photo' })).toBeVisible();
};

/** Each challenge answered once, as the server holds them. */
const byChallenge = (answers: Answer[]) =>
  Object.fromEntries(answers.map((a) => [a.challenge, a.value]));

test.describe('scavenger hunt and challenges (SPEC §2, §4, §5)', () => {
  test('each challenge type is answered, and the hunt shows every status', async ({
    page,
    request,
  }) => {
    const session = await newUser(request);
    await signedInAs(page, session);
    const hunt = await flagshipHunt(request);
    const challenges = await huntChallenges(request, hunt.id);
    await page.goto(`/hunt/${hunt.id}`);

    // The toolbar: name, subtitle and answered/total for a signed-in user (SPEC §6).
    await expect(page.getByRole('heading', { level: 1, name: hunt.name })).toBeVisible();
    await expect(page.getByText(hunt.subtitle)).toBeVisible();
    await expect(page.getByLabel('0 of 4 challenges answered')).toContainText('0/4');
    await expect(page.getByRole('button', { name: 'Sign in or register' })).toHaveCount(0);
    for (const c of challenges) await expect(huntItem(page, c.title)).toBeVisible();

    // Number: digits only; Submit shown once a value is typed, disabled while invalid.
    await huntItem(page, NUMBER).click();
    const number = challengeDialog(page, NUMBER);
    const box = number.getByRole('textbox', { name: 'Your answer' });
    await expect(box).toHaveAttribute('placeholder', 'Enter a number');
    await expect(submit(page, NUMBER)).toHaveCount(0);
    await box.fill('1l');
    await expect(number.getByRole('alert')).toHaveText('Answer must be a number');
    await expect(submit(page, NUMBER)).toBeDisabled();
    await box.fill('11');
    await expect(number.getByRole('alert')).toHaveCount(0);
    await submit(page, NUMBER).click();
    await expect(number.getByText(/^You answered this question on /)).toBeVisible();
    await expect(number.getByRole('img', { name: 'Not correct' })).toBeVisible();
    await expect(box).toBeDisabled();
    // The browser's back button returns to the hunt too.
    await page.goBack();
    await expect(number).toBeHidden();
    await expect(huntItem(page, NUMBER)).toContainText(/Answered \w/);
    await expect(huntItem(page, NUMBER).getByRole('img', { name: 'Not correct' })).toBeVisible();
    await expect(page.getByLabel('1 of 4 challenges answered')).toContainText('1/4');

    // Text: Submit only with a value.
    await huntItem(page, TEXT).click();
    const text = challengeDialog(page, TEXT);
    await text.getByRole('textbox', { name: 'Your answer' }).fill('   ');
    await expect(submit(page, TEXT)).toHaveCount(0);
    await text.getByRole('button', { name: 'Back to the hunt' }).click();
    await answer(page, TEXT, typed('Concrete'));
    await expect(huntItem(page, TEXT).getByRole('img', { name: 'Correct' })).toBeVisible();

    // Multiple choice: A to Z, one pick that can be cancelled, then Submit.
    await huntItem(page, CHOICE).click();
    const choice = challengeDialog(page, CHOICE);
    await expect(choice.getByRole('radio')).toHaveCount(3);
    for (const name of ['A: Five', 'B: Seven', 'C: Nine'])
      await expect(choice.getByRole('radio', { name })).toBeAttached();
    await expect(submit(page, CHOICE)).toBeDisabled();
    await choice.getByText('Nine').click();
    await expect(choice.getByRole('radio', { name: 'C: Nine' })).toBeChecked();
    await choice.getByText('Nine').click();
    await expect(choice.getByRole('radio', { name: 'C: Nine' })).not.toBeChecked();
    await expect(submit(page, CHOICE)).toBeDisabled();
    await choice.getByText('Seven').click();
    await submit(page, CHOICE).click();
    await expect(choice.getByRole('img', { name: 'Correct' })).toBeVisible();
    await expect(choice.getByRole('radio', { name: 'B: Seven' })).toBeChecked();
    await expect(choice.getByRole('radio', { name: 'A: Five' })).toBeDisabled();
    await choice.getByRole('button', { name: 'Back to the hunt' }).click();

    // Photo: one picture, in a frame, removable; sent scaled down as a JPEG data URL.
    await huntItem(page, PHOTO).click();
    const photoDialog = challengeDialog(page, PHOTO);
    await expect(photoDialog.locator('input[type="file"][capture="environment"]')).toHaveAttribute(
      'accept',
      'image/*',
    );
    await photoDialog.locator('input[type="file"]:not([capture])').setInputFiles(HERON_JPG);
    await expect(photoDialog.getByRole('img', { name: 'Your photo' })).toBeVisible();
    await photoDialog.getByRole('button', { name: 'Remove the photo' }).click();
    await expect(photoDialog.getByRole('img', { name: 'Your photo' })).toHaveCount(0);
    await expect(submit(page, PHOTO)).toHaveCount(0);
    await photoDialog
      .locator('input[type="file"]:not([capture])')
      .setInputFiles(await bigPhoto(page));
    await expect(photoDialog.getByRole('img', { name: 'Your photo' })).toBeVisible();
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/user_answers/'),
    );
    await submit(page, PHOTO).click();
    const value = ((await sent).postDataJSON() as { value: string }).value;
    expect(value).toMatch(/^data:image\/jpeg;base64,/);
    const [w, h] = await pictureSize(page, value);
    expect(Math.max(w!, h!)).toBe(1600);
    await expect(photoDialog.getByRole('img', { name: 'Answered, not checked yet' })).toBeVisible();
    await expect(photoDialog.getByRole('img', { name: 'The photo you sent' })).toBeVisible();
    await photoDialog.getByRole('button', { name: 'Back to the hunt' }).click();

    await expect(page.getByLabel('4 of 4 challenges answered')).toContainText('4/4');
    await expect(
      huntItem(page, PHOTO).getByRole('img', { name: 'Answered, not checked yet' }),
    ).toBeVisible();

    // The server holds each answer once, as given.
    const held = await serverAnswers(request, session, hunt.id);
    expect(held).toHaveLength(4);
    const id = (title: string) => challenges.find((c) => c.title === title)!.id;
    const options = (await (
      await request.get(`/api/v1/multiple_choice_options?challenge=${id(CHOICE)}`)
    ).json()) as { id: number; value: string }[];
    expect(byChallenge(held)).toMatchObject({
      [id(NUMBER)]: '11',
      [id(TEXT)]: 'Concrete',
      [id(CHOICE)]: String(options.find((o) => o.value === 'Seven')!.id),
    });
    expect(held.find((a) => a.challenge === id(PHOTO))!.value_thumbnail).toMatch(/^\/static\//);
  });

  test('a visitor is asked to sign in, and signing in from the hunt lets them answer', async ({
    page,
    request,
  }) => {
    const session = await newUser(request);
    const hunt = await flagshipHunt(request);
    await page.goto(`/hunt/${hunt.id}`);
    await expect(page.getByLabel('4 challenges', { exact: true })).toContainText('4');
    await expect(
      page.getByText(/^Register with an email address and a password of your choice/),
    ).toContainText('only to track your progress in the hunt');
    await huntItem(page, NUMBER).click();
    const number = challengeDialog(page, NUMBER);
    await expect(number.getByText('You must be signed in to participate')).toBeVisible();
    await expect(number.getByRole('textbox', { name: 'Your answer' })).toBeDisabled();
    await number.getByRole('button', { name: 'Back to the hunt' }).click();

    await page.getByRole('button', { name: 'Sign in or register' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Email').fill(session.email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(login).toBeHidden();
    await expect(page.getByLabel('0 of 4 challenges answered')).toContainText('0/4');
    await answer(page, NUMBER, typed('12'));
    await expect(huntItem(page, NUMBER).getByRole('img', { name: 'Correct' })).toBeVisible();
  });

  test('/poi/{token}/challenge leads to the stop’s challenge; unknown ones to the 404 page', async ({
    page,
  }) => {
    await page.goto('/poi/rsw-11/challenge');
    await expect(page).toHaveURL(/\/challenge\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: NUMBER })).toBeVisible();
    await expect(page.getByText('You must be signed in to participate')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Back from a challenge reached by a link goes to its hunt.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/hunt\/\d+$/);

    for (const path of [
      '/poi/rsw-01/challenge',
      '/challenge/2147483000',
      '/hunt/12x',
      '/hunt/2147483000',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });
});

test.describe('the guide screen follows the answers (SPEC §2, §4)', () => {
  test('the map’s hunt control opens the hunt; answered stops lose their yellow star', async ({
    page,
    request,
  }) => {
    const session = await newUser(request);
    await signedInAs(page, session);
    await page.addInitScript((token) => {
      localStorage.setItem(
        'earshot-languages',
        JSON.stringify({ state: { byGuide: { [token]: 'en' } }, version: 0 }),
      );
    }, GUIDE_TOKEN);
    await page.goto(`/guide/${GUIDE_TOKEN}`);
    await page.getByRole('button', { name: 'Tap to Enter' }).click();
    const map = page.getByRole('region', { name: /^Map of / });
    await map.getByRole('link', { name: 'Scavenger hunt: 0 of 4 challenges answered' }).click();
    await expect(page).toHaveURL(new RegExp(`/guide/${GUIDE_TOKEN}/scavenger_hunt$`));
    await answer(page, TEXT, typed('concrete'));
    await page.getByRole('link', { name: 'Willamette Riverfront Sculpture Walk' }).click();
    await expect(
      map.getByRole('link', { name: 'Scavenger hunt: 1 of 4 challenges answered' }),
    ).toHaveText('1/4');
    // SPEC §2 stars, on the pins and in the carousel: grey for the answered stop (rsw-12),
    // yellow for the other three.
    const pins = map.locator('.leaflet-marker-pane');
    await expect(pins.locator('[data-state="inactive"]')).toHaveCount(1);
    await expect(pins.locator('[data-state="active"]')).toHaveCount(3);
    const heron = page.getByRole('button', { name: /Heron at Rest, challenge$/ });
    await expect(heron).toBeVisible();
    const dishes = page.getByRole('button', { name: /Whisper Dishes, challenge answered$/ });
    await expect(dishes).toBeVisible();

    // The POI detail opens on the Challenge tab while active, on the Description once answered.
    await page.goto(`/guide/${GUIDE_TOKEN}/rsw-12`);
    await expect(page.getByRole('tab', { name: 'Description' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'Challenge' }).click();
    await expect(
      page.getByRole('tabpanel').getByText(/^You answered this question on /),
    ).toBeVisible();
    await page.goto(`/guide/${GUIDE_TOKEN}/rsw-11`);
    await expect(page.getByRole('tab', { name: 'Challenge' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

test.describe('offline answers (SPEC §4 offline answer sync, §8)', () => {
  test('answers given offline wait on the device and are each stored once while the network flaps', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const session = await newUser(request);
    await signedInAs(page, session);
    const hunt = await flagshipHunt(request);
    // The hunt screen fetches the choices ahead, so they are there once the signal is gone.
    const choices = page.waitForResponse((r) => r.url().includes('/multiple_choice_options?'));
    await page.goto(`/guide/${GUIDE_TOKEN}/scavenger_hunt`);
    await expect(page.getByLabel('0 of 4 challenges answered')).toBeVisible();
    await choices;

    await goOffline(context, page);
    const waiting = 'Saved on this device. It will be sent when you are back online.';
    await answer(page, NUMBER, typed('12'));
    await answer(page, TEXT, typed('stone'));
    await answer(page, CHOICE, picked('Five'));
    await answer(page, PHOTO, photo(HERON_JPG));
    await huntItem(page, NUMBER).click();
    await expect(challengeDialog(page, NUMBER).getByText(waiting)).toBeVisible();
    await challengeDialog(page, NUMBER).getByRole('button', { name: 'Back to the hunt' }).click();
    const pending = page
      .getByRole('list', { name: 'Challenges' })
      .getByRole('img', { name: 'Waiting to be sent' });
    await expect(pending).toHaveCount(4);
    await expect(page.getByLabel('4 of 4 challenges answered')).toBeVisible();
    expect(await serverAnswers(request, session, hunt.id)).toEqual([]);

    // Every other POST reaches the server, which stores it, but its answer is lost on the way
    // back: the app sees a network error and tries again with the same key.
    const keys = new Map<number, Set<string>>();
    let posts = 0;
    await page.route('**/api/v1/user_answers/', async (route) => {
      const req = route.request();
      const { challenge } = req.postDataJSON() as { challenge: number };
      keys.set(
        challenge,
        (keys.get(challenge) ?? new Set()).add(req.headers()['idempotency-key']!),
      );
      posts++;
      if (posts % 2 === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await context.setOffline(false);
    // Four items, each lost once and retried after 1 s (SPEC §9 base delay).
    await expect(pending).toHaveCount(0, { timeout: 30_000 });
    expect(posts).toBe(8);
    expect([...keys.values()].map((k) => k.size)).toEqual([1, 1, 1, 1]);
    expect(new Set([...keys.values()].flatMap((k) => [...k])).size).toBe(4);

    const held = await serverAnswers(request, session, hunt.id);
    expect(held).toHaveLength(4);
    expect(new Set(held.map((a) => a.challenge)).size).toBe(4);
    await expect(page.getByLabel('4 of 4 challenges answered')).toBeVisible();
  });

  test('an answer queued offline outlives the page and is sent when its user signs in', async ({
    page,
    context,
    request,
  }) => {
    const session = await newUser(request);
    await signedInAs(page, session);
    const hunt = await flagshipHunt(request);
    await page.goto(`/hunt/${hunt.id}`);
    await expect(page.getByLabel('0 of 4 challenges answered')).toBeVisible();
    await goOffline(context, page);
    await answer(page, NUMBER, typed('7'));
    await expect(
      huntItem(page, NUMBER).getByRole('img', { name: 'Waiting to be sent' }),
    ).toBeVisible();
    expect(await serverAnswers(request, session, hunt.id)).toEqual([]);
    // Which page sends an answer, and as whom: said if one goes while signed out.
    const posts: string[] = [];
    context.on('request', (r) => {
      if (r.method() !== 'POST' || !r.url().endsWith('/api/v1/user_answers/')) return;
      let from = 'a worker';
      try {
        from = r.frame().page() === page ? 'the closed page' : 'the new page';
      } catch {
        // A request of no frame (a service worker's) keeps 'a worker'.
      }
      posts.push(`${from}, ${r.headers().authorization ? 'with' : 'without'} a token`);
    });
    await page.close();
    await context.setOffline(false);

    // Back online but signed out: nothing is sent (SPEC §5: only when online and signed in).
    const next = await context.newPage();
    await next.addInitScript(() => localStorage.removeItem('earshot-auth'));
    await next.goto(`/hunt/${hunt.id}`);
    await expect(next.getByLabel('4 challenges', { exact: true })).toBeVisible();
    await next.waitForTimeout(1500);
    expect(posts, 'answers sent while signed out').toEqual([]);
    expect((await storedAuth(next)).token).toBeNull();
    expect(await serverAnswers(request, session, hunt.id)).toEqual([]);

    await next.getByRole('button', { name: 'Sign in or register' }).click();
    const login = next.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Email').fill(session.email);
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(huntItem(next, NUMBER).getByRole('img', { name: 'Not correct' })).toBeVisible();
    const held = await serverAnswers(request, session, hunt.id);
    expect(held.map((a) => a.value)).toEqual(['7']);
  });
});

test.describe('answer texts render inert', () => {
  const corpus = [
    '<script>window.__xss = 1</script>',
    '<img src=x onerror="window.__xss = 2">',
    '"><svg onload="window.__xss = 3">',
    '\'><iframe src="javascript:window.__xss = 4"></iframe>',
    '<a href="javascript:window.__xss = 5">tap</a>',
    '<details open ontoggle="window.__xss = 6">',
    '{{constructor.constructor("window.__xss = 7")()}}',
  ].join(' ');

  test('a hostile text answer shows as text on the challenge page, the hunt and the stop', async ({
    page,
    request,
  }) => {
    const session = await newUser(request);
    await signedInAs(page, session);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const hunt = await flagshipHunt(request);
    await page.goto(`/hunt/${hunt.id}`);
    await answer(page, TEXT, typed(corpus));
    const text = (await huntChallenges(request, hunt.id)).find((c) => c.title === TEXT)!;
    expect((await serverAnswers(request, session, hunt.id))[0]!.value).toBe(corpus);

    for (const path of [`/challenge/${text.id}`, `/hunt/${hunt.id}?challenge=${text.id}`]) {
      await page.goto(path);
      const view = page.getByRole(path.startsWith('/hunt') ? 'dialog' : 'main');
      await expect(view.getByRole('textbox', { name: 'Your answer' })).toHaveValue(corpus);
      expect(
        await view
          .locator('script, iframe, details, svg[onload], img[onerror], a[href^="javascript"]')
          .count(),
      ).toBe(0);
    }
    await page.goto(`/guide/${GUIDE_TOKEN}/${text.poi_token}`);
    await page.getByRole('tab', { name: 'Challenge' }).click();
    await expect(
      page.getByRole('tabpanel').getByRole('textbox', { name: 'Your answer' }),
    ).toHaveValue(corpus);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});

test.describe('accessibility (axe, keyboard)', () => {
  for (const dark of [false, true])
    test(`the hunt and a challenge have no axe violations (${dark ? 'dark' : 'light'})`, async ({
      page,
      request,
    }) => {
      await persistTheme(page, dark);
      const session = await newUser(request);
      await signedInAs(page, session);
      const hunt = await flagshipHunt(request);
      await page.goto(`/hunt/${hunt.id}`);
      await expect(huntItem(page, CHOICE)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await answer(page, NUMBER, typed('11'));
      await huntItem(page, CHOICE).click();
      await expect(challengeDialog(page, CHOICE).getByRole('radio')).toHaveCount(3);
      expect(await axeViolations(page)).toEqual([]);
      await challengeDialog(page, CHOICE).getByRole('button', { name: 'Back to the hunt' }).click();
      await page.goto(`/challenge/${hunt.challenges[2]}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

  test('the hunt and the answer forms work from the keyboard', async ({ page, request }) => {
    const session = await newUser(request);
    await signedInAs(page, session);
    const hunt = await flagshipHunt(request);
    await page.goto(`/hunt/${hunt.id}`);
    await expect(huntItem(page, CHOICE)).toBeVisible();
    await huntItem(page, CHOICE).focus();
    await page.keyboard.press('Enter');
    const choice = challengeDialog(page, CHOICE);
    await expect(choice).toBeVisible();
    // Into the options, a pick with Space, the next one with an arrow, then Submit.
    await choice.getByRole('radio', { name: 'A: Five' }).focus();
    await page.keyboard.press('Space');
    await expect(choice.getByRole('radio', { name: 'A: Five' })).toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(choice.getByRole('radio', { name: 'B: Seven' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(submit(page, CHOICE)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(choice.getByRole('img', { name: 'Correct' })).toBeVisible();
    // Escape closes the challenge and gives the focus back to its item.
    await page.keyboard.press('Escape');
    await expect(choice).toBeHidden();
    await expect(huntItem(page, CHOICE)).toBeFocused();

    await huntItem(page, NUMBER).focus();
    await page.keyboard.press('Enter');
    const number = challengeDialog(page, NUMBER);
    await number.getByRole('textbox', { name: 'Your answer' }).focus();
    await page.keyboard.type('12');
    await page.keyboard.press('Enter');
    await expect(number.getByRole('img', { name: 'Correct' })).toBeVisible();
  });
});
