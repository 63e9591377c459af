import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, persistTheme } from '../helpers/budgets';
import {
  adminSession,
  account,
  confirmationPath,
  newPublisher,
  saved,
  serverDraft,
  signedInAs,
} from '../helpers/studio';
import { mailsTo, uniqueEmail } from '../helpers/accounts';
import { shootSizes, shotsDir } from '../helpers/shots';

// The publishers' studio (docs/studio.md): every account and organisation goes through the real
// calls (ADMIN_EMAILS names the admin in playwright.config.ts).

const SHOTS = shotsDir('studio-web');
const shootBoth = (page: Page, name: string, look: string) => shootSizes(page, SHOTS, name, look);

const titleField = (page: Page) => page.getByRole('textbox', { name: 'Title', exact: true });

/** Creates a guide from /studio through the New guide dialog; its token once the editor is open. */
async function createGuide(page: Page, title: string, city: string, state = 'Oregon') {
  await page.getByRole('button', { name: 'New guide' }).click();
  const dialog = page.getByRole('dialog', { name: 'New guide' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('City').fill(city);
  await dialog.getByLabel('State or region').fill(state);
  await dialog.getByRole('button', { name: 'Create guide' }).click();
  await expect(page).toHaveURL(/\/studio\/guides\/[^/]+$/);
  await expect(dialog).toBeHidden();
  await expect(titleField(page)).toHaveValue(title);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

/**
 * The admin, in the app, creates an organisation named `prefix` and a stamp, and invites a new
 * address (`who`) to it; the invitation is listed as pending.
 */
async function adminInvites(page: Page, request: APIRequestContext, prefix: string, who: string) {
  const admin = await adminSession(request);
  await signedInAs(page, admin);
  await page.goto('/studio/organisations');
  await expect(page.getByRole('heading', { name: 'Organisations', level: 1 })).toBeVisible();
  const name = `${prefix} ${Date.now().toString(36)}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  const email = uniqueEmail(who);
  await page.getByLabel('Invite a publisher by e-mail').fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    page.getByText(new RegExp(`Invitation sent to ${email}|send ${email} this link`)),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Withdraw the invitation to ${email}` }),
  ).toBeVisible();
  return { name, email };
}

test.describe('studio', () => {
  for (const dark of [false, true]) {
    const look = dark ? 'dark' : 'light';
    test(`a signed-out visitor is asked to sign in; a user without an organisation to ask for an invitation (${look})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      await persistTheme(page, dark);
      await page.goto('/studio');
      await expect(page.getByRole('heading', { name: 'Sign in to open the studio' })).toBeVisible();
      await shootBoth(page, 'signed-out', look);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');

      const loner = await account(request, uniqueEmail('loner'), 'Lone Reader');
      await signedInAs(page, loner);
      await page.goto('/studio');
      await expect(
        page.getByRole('heading', { name: 'You are not in an organisation yet' }),
      ).toBeVisible();
      await expect(page.getByText(/Ask an admin of Earshot for an invitation/)).toBeVisible();
      // Titled for what it says, from the page the server sent and after a move within the app.
      await expect(page).toHaveTitle('Studio · Earshot');
      await page.goto('/no-such-page');
      await expect(page).toHaveTitle('Page not found · Earshot');
      await page.evaluate(() => {
        history.pushState(null, '', '/studio');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(
        page.getByRole('heading', { name: 'You are not in an organisation yet' }),
      ).toBeVisible();
      await expect(page).toHaveTitle('Studio · Earshot');
      await shootBoth(page, 'no-organisation', look);
    });
  }

  test('an admin creates an organisation and invites a publisher; the publisher confirms the address by mail and accepts in the app', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { name, email } = await adminInvites(page, request, 'Harbour Museum', 'invited');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/organisations-phone-light.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/organisations-desktop-light.png` });

    const mail = (await mailsTo(email)).map((m) => m.text).join('\n');
    const link = /https?:\/\/\S+\/studio\/invitations\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link, mail).toBeTruthy();
    // Registering the address proves nothing (docs/studio.md Roles): the mail must.
    const invited = await account(request, email, 'Ines Invited', { confirmed: false });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await context.newPage();
    await signedInAs(other, invited);
    await other.goto(new URL(link!).pathname);
    await expect(other.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
    await expect(other.getByText(`First confirm that ${email} is yours`)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Accept the invitation' })).toHaveCount(0);
    const accepted = await request.post(
      `${new URL(link!).pathname.replace('/studio', '/api/v1/studio')}/accept`,
      {
        headers: { authorization: `Bearer ${invited.token}` },
        data: {},
      },
    );
    expect(accepted.status()).toBe(403);
    await shootBoth(other, 'invitation-confirm-address', 'light');

    // By keyboard: the button that mails the link, then what it says.
    const send = other.getByRole('button', { name: 'E-mail me a confirmation link' });
    await send.focus();
    await other.keyboard.press('Enter');
    await expect(
      other.getByRole('status').filter({ hasText: `We sent a link to ${email}` }),
    ).toBeVisible();
    await expect(other.getByRole('button', { name: 'I opened the link' })).toBeVisible();
    await shootBoth(other, 'invitation-link-sent', 'light');
    // Not opened yet: asking again says so.
    await other.getByRole('button', { name: 'I opened the link' }).click();
    await expect(other.getByText('Your address is not confirmed yet')).toBeVisible();

    // The mailed link confirms the address and leads back to the invitation.
    await other.goto(await confirmationPath(email));
    await expect(other).toHaveURL(/\/studio\/invitations\/[A-Za-z0-9_-]+\?address=confirmed$/);
    await expect(
      other.getByText('Your e-mail address is confirmed: you can accept.'),
    ).toBeVisible();
    await shootBoth(other, 'invitation-address-confirmed', 'light');
    await other.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(other).toHaveURL(/\/studio$/);
    await expect(other.getByRole('heading', { name: 'No guides yet' })).toBeVisible();
    await context.close();
  });

  test('a publisher creates a guide, sees a problem at its field and fixes it, autosaves, previews, publishes and restores', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request);
    await signedInAs(page, publisher);
    await page.goto('/studio');
    await expect(page.getByRole('heading', { name: 'Studio', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'New guide' });
    await dialog.getByRole('button', { name: 'Create guide' }).click();
    await expect(dialog.getByText('Enter a title.')).toBeVisible();
    const title = `Harbour Walk ${Date.now().toString(36)}`;
    await dialog.getByLabel('Title').fill(title);
    // This guide is published into the shared e2e database: a city no other spec counts, and
    // neither first nor last in any sorting of the home list (browse.spec reads those).
    await dialog.getByLabel('City').fill('Hood River');
    await dialog.getByLabel('State or region').fill('Oregon');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create guide' }).click();
    await expect(page).toHaveURL(/\/studio\/guides\/[^/]+$/);
    const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect(titleField(page)).toHaveValue(title);

    // A problem shows at its field as the publisher types, and goes when fixed.
    await titleField(page).fill('');
    await expect(titleField(page)).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await titleField(page).getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toBeVisible();
    await titleField(page).fill(`${title} and Docks`);
    await expect(titleField(page)).not.toHaveAttribute('aria-invalid');
    await saved(page);
    expect((await serverDraft(request, publisher, token)).document).toMatchObject({
      guide: { title: `${title} and Docks` },
    });

    // Offline, the edit is kept on the device and sent when the network is back.
    await page.context().setOffline(true);
    await titleField(page).fill(`${title} and Quays`);
    await expect(page.getByText('Offline — changes kept on this device')).toBeVisible();
    expect(
      await page.evaluate((t) => localStorage.getItem(`earshot-studio-pending:${t}`), token),
    ).toContain(`${title} and Quays`);
    await page.context().setOffline(false);
    await saved(page);
    await titleField(page).fill(`${title} and Docks`);
    await saved(page);

    // The description's rich text is stored as the sanitiser keeps it.
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.click();
    await page.keyboard.type('Walk the ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('old docks');
    await saved(page);
    const stored = (await serverDraft(request, publisher, token)).document as {
      guide: { description: string };
    };
    expect(stored.guide.description).toBe('<p>Walk the <strong>old docks</strong></p>');

    // Publish, with the version shown and listed; a preview link with its QR code.
    await page.getByRole('tab', { name: /Publish/ }).click();
    await page.getByRole('button', { name: 'Make a preview link' }).click();
    const previewLink = page.locator('#studio-preview-url');
    await expect(previewLink).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code of the preview link' })).toBeVisible();
    await expect(page.getByText(/^Expires /)).toBeVisible();
    const previewUrl = (await previewLink.getAttribute('href'))!;
    const visitor = await page.context().browser()!.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(new URL(previewUrl).pathname);
    await expect(visitorPage).toHaveTitle(new RegExp(`${title} and Docks`));
    await visitor.close();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(/^Published as version 1 /)).toBeVisible();
    await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Restore asks first, then the version is the draft.
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText('Version 1 is now the draft.')).toBeVisible();
    await shootBoth(page, 'editor-published', 'light');

    // The list shows it published, with its last edit and who made it.
    await page.goto('/studio');
    const row = page.getByRole('listitem').filter({ hasText: `${title} and Docks` });
    await expect(row.getByText(/^Published$|^Changed since publishing$/)).toBeVisible();
    await expect(row.getByText(/Edited .* by Ana Publisher/)).toBeVisible();
  });

  test('publishing lists each blocking problem as a link to its field', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request);
    await signedInAs(page, publisher);
    await page.goto('/studio');
    const token = await createGuide(page, 'Blocked Walk', 'Salem');
    await page.getByLabel('Code').fill('English');
    await expect(page.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    // Saved even while it breaks a rule (a publisher halfway through an edit).
    await expect
      .poll(async () => JSON.stringify((await serverDraft(request, publisher, token)).document))
      .toContain('"code":"English"');
    await page.getByRole('tab', { name: /Publish/ }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const blocking = page.getByRole('alert').filter({ hasText: /blocks? publishing/ });
    await expect(blocking).toBeVisible();
    await blocking.getByRole('link', { name: /languages\[0\]\.code/ }).click();
    await expect(page.getByLabel('Code')).toBeFocused();
  });

  test('two editors: the stale save gets a dialog naming who changed what, and reloads theirs', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request, 'First Editor');
    await signedInAs(page, publisher);
    await page.goto('/studio');
    await createGuide(page, 'Shared Walk', 'Bend');
    const url = page.url();

    // A second editor (another session of the same organisation) saves first.
    const second = await page.context().browser()!.newContext();
    const other = await second.newPage();
    const colleague = await account(request, publisher.email, 'First Editor');
    await signedInAs(other, colleague);
    await other.goto(url);
    await titleField(other).fill('Shared Walk, their title');
    await saved(other);

    await titleField(page).fill('Shared Walk, my title');
    const conflict = page.getByRole('alertdialog', { name: 'Someone else changed this guide' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('First Editor saved it');
    await expect(conflict).toContainText('the guide’s details');
    await expect(page.getByText('Not saved — someone else changed this guide')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/conflict-phone-light.png` });
    const download = page.waitForEvent('download');
    await conflict.getByRole('button', { name: 'Download my version' }).click();
    expect((await download).suggestedFilename()).toMatch(/-my-version\.json$/);
    await conflict.getByRole('button', { name: 'Reload their version' }).click();
    await expect(conflict).toBeHidden();
    await expect(titleField(page)).toHaveValue('Shared Walk, their title');
    await second.close();
  });

  for (const dark of [false, true]) {
    const look = dark ? 'dark' : 'light';
    test(`the studio's screens look right and axe finds nothing (${look})`, async ({
      page,
      request,
    }) => {
      // Two sizes of every screen, each checked by axe: longer than one check.
      test.setTimeout(120_000);
      const { publisher } = await newPublisher(request);
      await persistTheme(page, dark);
      await signedInAs(page, publisher);
      await page.goto('/studio');
      await page.getByRole('button', { name: 'New guide' }).click();
      const dialog = page.getByRole('dialog', { name: 'New guide' });
      await dialog.getByLabel('Title').fill('Riverside Sculptures');
      await dialog.getByLabel('City').fill('Hood River');
      await dialog.getByLabel('State or region').fill('Oregon');
      await shootBoth(page, 'new-guide-dialog', look);
      await dialog.getByRole('button', { name: 'Create guide' }).click();
      await expect(page).toHaveURL(/\/studio\/guides\/[^/]+$/);
      await expect(titleField(page)).toHaveValue('Riverside Sculptures');
      await page.getByRole('textbox', { name: 'Description' }).click();
      await page.keyboard.type(
        'Bronze and stone along the river, from the bridge to the old mill.',
      );
      await saved(page);
      await shootBoth(page, 'editor-guide', look);
      for (const tab of ['Stops', 'Participation', 'Theme', 'Publish']) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await shootBoth(page, `editor-${tab.toLowerCase()}`, look);
      }
      // A theme by name: the phone preview takes its colours at once.
      const bar = page.locator('[data-studio-preview] .es-header');
      const before = await bar.evaluate((e) => getComputedStyle(e).backgroundColor);
      await page.getByRole('tab', { name: /^Theme/ }).click();
      await page.getByRole('radio', { name: /Clown/ }).check();
      await expect
        .poll(() => bar.evaluate((e) => getComputedStyle(e).backgroundColor))
        .not.toBe(before);
      await saved(page);
      await shootBoth(page, 'editor-theme-clown', look);
      // Its own theme, with the theme editor's fields: it starts from the clown's colours, and
      // a colour typed there is the preview's and the saved draft's.
      await page.getByRole('radio', { name: /Its own/ }).check();
      // The preview's mode is the app's: its primary colour is the mode's own token.
      const key = dark ? 'dark-primary' : 'primary';
      const primary = page.getByRole('textbox', { name: key, exact: true });
      await expect(primary).toHaveValue(dark ? '#ffd23f' : '#b0124f');
      // A colour that keeps the mode's text on it readable (axe checks the preview too).
      const [colour, rgb] = dark
        ? ['#9ee6c9', 'rgb(158, 230, 201)']
        : ['#0b6e4f', 'rgb(11, 110, 79)'];
      await primary.fill(colour);
      await expect.poll(() => bar.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(rgb);
      await expect(
        page.getByRole('region', { name: 'The guide in this theme' }).locator('.es-header'),
      ).toBeVisible();
      await saved(page);
      const token = new URL(page.url()).pathname.split('/').pop()!;
      const theme = (
        (await serverDraft(request, publisher, token)).document.guide as {
          theme?: { name: string; colors: Record<string, string> };
        }
      ).theme;
      expect(theme?.name).toBe(token.slice(0, 60));
      expect(theme?.colors[key]).toBe(colour);
      await shootBoth(page, 'editor-theme-own', look);
      await page.goto('/studio');
      await expect(
        page.getByRole('link', { name: 'Riverside Sculptures', exact: true }),
      ).toBeVisible();
      await shootBoth(page, 'guides', look);
      await page.getByRole('button', { name: 'Import a bundle' }).click();
      await shootBoth(page, 'import-dialog', look);
    });
  }

  for (const dark of [false, true]) {
    const look = dark ? 'dark' : 'light';
    test(`the organisations, invitation and versions screens look right and axe finds nothing (${look})`, async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      await persistTheme(page, dark);
      const { name, email } = await adminInvites(page, request, 'Lantern Museum', 'invitee');
      await shootBoth(page, 'organisations', look);

      const mail = (await mailsTo(email)).map((m) => m.text).join('\n');
      const link = /https?:\/\/\S+\/studio\/invitations\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
      expect(link, mail).toBeTruthy();
      const invited = await account(request, email, 'Lena Lantern');
      const context = await browser.newContext();
      const other = await context.newPage();
      await persistTheme(other, dark);
      await signedInAs(other, invited);
      await other.goto(new URL(link!).pathname);
      await expect(other.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
      await shootBoth(other, 'invitation', look);
      await other.getByRole('button', { name: 'Accept the invitation' }).click();
      await expect(other).toHaveURL(/\/studio$/);

      // A published guide with its versions. Galena, Illinois: a city no other spec counts,
      // neither first nor last in any sorting of the home list.
      await createGuide(other, `Lantern Walk ${look}`, 'Galena', 'Illinois');
      await other.getByRole('tab', { name: /Publish/ }).click();
      await other.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(other.getByText(/^Published as version 1 /)).toBeVisible();
      await other.getByRole('tab', { name: /^Guide/ }).click();
      await titleField(other).fill(`Lantern Walk ${look}, revised`);
      await saved(other);
      await other.getByRole('tab', { name: /Publish/ }).click();
      await other.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect(other.getByText(/^Published as version 2 /)).toBeVisible();
      await expect(other.getByText('Version 1', { exact: true })).toBeVisible();
      await shootBoth(other, 'publish-versions', look);
      await context.close();
    });
  }

  test('importing something that is not a bundle lists the importer’s messages', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request);
    await signedInAs(page, publisher);
    await page.goto('/studio');
    await page.getByRole('button', { name: 'Import a bundle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a bundle' });
    await dialog.getByLabel('Bundle (.zip)').setInputFiles({
      name: 'not-a-bundle.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('this is not a zip file'),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/import-failed-phone-light.png` });
  });

  test('an upload refused because the session ended elsewhere signs the app out, as any call does', async ({
    page,
    request,
  }) => {
    const { publisher } = await newPublisher(request);
    await signedInAs(page, publisher);
    await page.goto('/studio');
    await page.getByRole('button', { name: 'Import a bundle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a bundle' });
    // Signed out on the server (another device's sign-out): the token is no longer valid.
    const out = await request.post('/api/auth/sign-out', {
      headers: { authorization: `Bearer ${publisher.token}`, origin: new URL(page.url()).origin },
    });
    expect(out.status(), await out.text()).toBe(200);
    await dialog.getByLabel('Bundle (.zip)').setInputFiles({
      name: 'any.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('PK'),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to open the studio' })).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(publisher.token);
  });
});
