import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail } from '../helpers/accounts';
import { manyGuidesURL } from '../helpers/servers';
import { shootSizes, shotsDir } from '../helpers/shots';
import type { Session } from '../helpers/participation';
import { account, invite, newOrganisation, signedInAs } from '../helpers/studio';

// On a server WITHOUT mail (the second server of playwright.config.ts has no SMTP), accepting
// an invitation proves no address (docs/studio.md Roles), so the acceptance waits for an admin, who
// sees who accepted and confirms or refuses them. The admin is made the operator's way,
// `npm run admin -- grant` on the server's data (ADMIN_EMAILS wants a verified address).

const SHOTS = shotsDir('studio-web');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const shootBoth = (page: Page, name: string) => shootSizes(page, SHOTS, name, 'light');

/** `npm run admin -- grant <email>` as the operator runs it (the built CLI) on that server's data. */
async function grantAdmin(email: string) {
  await promisify(execFile)(
    process.execPath,
    ['apps/server/dist/cli.js', 'admin', 'grant', email],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_MANY_DATA_DIR, DATABASE_URL: '' },
    },
  );
}

async function pageAs(browser: Browser, who: Session) {
  const context = await browser.newContext({
    baseURL: manyGuidesURL(),
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signedInAs(page, who);
  return page;
}

test('without mail, an admin confirms or refuses who accepted; until then the studio waits', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: manyGuidesURL() });
  const adminEmail = uniqueEmail('quiet-admin');
  const admin = await account(api, adminEmail, 'Mona Admin', { confirmed: false });
  await grantAdmin(adminEmail);
  const name = `Quiet Museum ${Date.now().toString(36)}`;
  const organisation = await newOrganisation(api, admin, name);
  const email = uniqueEmail('quiet');
  const token = await invite(api, admin, organisation, email);
  const invited = await account(api, email, 'Quinn Quiet', { confirmed: false });

  // The invitee: told that an admin confirms, accepts, and waits, on the page and in the studio.
  const page = await pageAs(browser, invited);
  await page.goto(`/studio/invitations/${token}`);
  await expect(page.getByRole('heading', { name: `Join ${name}` })).toBeVisible();
  await expect(page.getByText('This server cannot check e-mail addresses')).toBeVisible();
  await shootBoth(page, 'invitation-admin-confirms');
  await page.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(
    page.getByRole('heading', { name: 'Waiting for an admin to confirm you' }),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'You accepted. An admin of Earshot confirms you before you can publish.',
  );
  await shootBoth(page, 'invitation-waiting');
  await page.goto('/studio');
  await expect(
    page.getByRole('heading', { name: 'Waiting for an admin to confirm you' }),
  ).toBeVisible();
  await expect(page.getByText(`You accepted the invitation to join ${name}.`)).toBeVisible();
  await shootBoth(page, 'studio-waiting');
  const guides = await api.get(`/api/v1/studio/guides?organisation=${organisation}`, {
    headers: { authorization: `Bearer ${invited.token}` },
  });
  expect(guides.status()).toBe(404);

  // A second acceptance, which the admin will refuse.
  const otherEmail = uniqueEmail('stranger');
  const otherToken = await invite(api, admin, organisation, otherEmail);
  const stranger = await account(api, otherEmail, 'Sam Stranger', { confirmed: false });
  const acceptedToo = await api.post(`/api/v1/studio/invitations/${otherToken}/accept`, {
    headers: { authorization: `Bearer ${stranger.token}` },
    data: {},
  });
  expect(((await acceptedToo.json()) as { status: string }).status).toBe('pending');

  // The admin: who accepted (as registered), which invitation; confirm and refuse by keyboard.
  const desk = await pageAs(browser, admin);
  await desk.goto('/studio/organisations');
  await desk.getByRole('button', { name, exact: true }).click();
  const waiting = desk.getByRole('region', { name: 'Waiting for your confirmation' });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByText(`registered as ${email}`)).toBeVisible();
  await expect(
    waiting.getByText(`The invitation was sent to ${email} by Mona Admin`),
  ).toBeVisible();
  await waiting.scrollIntoViewIfNeeded();
  await shootBoth(desk, 'organisations-pending-members');
  await waiting
    .getByRole('button', { name: `Confirm Quinn Quiet (${email}) as a publisher` })
    .focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: 'is now a publisher' })).toHaveText(
    `Quinn Quiet (${email}) is now a publisher.`,
  );
  await expect(desk.getByRole('listitem').filter({ hasText: 'Quinn Quiet' })).toContainText(
    'publisher',
  );
  await waiting.getByRole('button', { name: `Refuse Sam Stranger (${otherEmail})` }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('status').filter({ hasText: 'was refused' })).toBeVisible();
  await expect(waiting).toBeHidden();
  await shootBoth(desk, 'organisations-after-confirm');

  // Confirmed, the publisher's studio opens; refused, the stranger's says to ask for one.
  await page.goto('/studio');
  await expect(page.getByRole('heading', { name: 'No guides yet' })).toBeVisible();
  const strangerPage = await pageAs(browser, stranger);
  await strangerPage.goto('/studio');
  await expect(
    strangerPage.getByRole('heading', { name: 'You are not in an organisation yet' }),
  ).toBeVisible();
  await api.dispose();
});
