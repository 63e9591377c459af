import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from '../helpers/budgets';
import { shootBoth } from '../helpers/insights-dashboard';
import { adminSession, signedInAs } from '../helpers/studio';
import type { Session } from '../helpers/participation';

// A studio preview opens only with its link (docs/security.md). Within it the visitor app shows
// its pictures and hunt (every call carries the token), a hunt screen reloaded in the same tab
// too; without the token its rows and media are missing; a new link or a revoke ends the old
// link at once, and the next preview does not renew it.

const GUIDE = 'riverfront-sculpture-walk'; // the demo guide with a hunt, badges and pictures
type Made = { token: string; url: string; expires_at: string; created: boolean };

const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

async function makePreview(request: APIRequestContext, admin: Session, data = {}) {
  const res = await request.post(`/api/v1/studio/guides/${GUIDE}/preview`, {
    headers: bearer(admin),
    data,
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Made;
}

/** The preview entered as a returning visitor (English chosen), past its splash. */
async function enterPreview(page: Page, token: string) {
  await page.addInitScript((t) => {
    try {
      localStorage.setItem(
        'earshot-languages',
        JSON.stringify({ state: { byGuide: { [t]: 'en' } }, version: 0 }),
      );
    } catch {
      // about:blank has no storage.
    }
  }, token);
  await page.goto(`/guide/${token}`);
  await page.getByRole('button', { name: 'Tap to Enter' }).click();
  await expect(page.getByRole('button', { name: 'Tap to Enter' })).toBeHidden();
  // It says it is a preview, and until when the link works.
  const banner = page.getByRole('complementary', { name: 'Preview' });
  await expect(banner).toContainText('Preview — not published');
  await expect(banner).toContainText(/This link works until .*\d/);
  // The map gives the banner its height: the guide screen still fills the window, no more.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight))
    .toBeLessThanOrEqual(1);
}

const notFound = (page: Page) =>
  expect(page.getByRole('heading', { name: 'We couldn’t find that page' })).toBeVisible();

test.describe('studio preview links', () => {
  test('open only with their token, in the visitor app and its hunt; a new link and a revoke end the old one at once', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await adminSession(request);
    const first = await makePreview(request, admin, { new_link: true });
    expect(first.created).toBe(true);

    // A visitor with the link: the guide, its pictures (their URLs carry the token) and its hunt.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const v = await visitor.newPage();
    await enterPreview(v, first.token);
    await shootBoth(v, 'visitor-preview-banner', 'light');
    const picture = v.locator('img[src*="/static/tours/"]').first();
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('src', new RegExp(`[?&]preview=${first.token}`));
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const pictureUrl = (await picture.getAttribute('src'))!;
    const hunts = (await (
      await request.get(
        `/api/v1/scavenger_hunts?guide__token=${first.token}&preview=${first.token}`,
      )
    ).json()) as { id: number; name: string }[];
    expect(hunts.length).toBe(1);
    const hunt = hunts[0]!;
    await v.goto(`/guide/${first.token}/scavenger_hunt`);
    const inGuide = v.getByRole('region', { name: hunt.name });
    await expect(inGuide.getByRole('heading', { name: hunt.name })).toBeVisible();
    await expect(
      inGuide.getByRole('list', { name: 'Challenges' }).getByRole('listitem'),
    ).toHaveCount(4);
    // The hunt's own screen, reloaded in the same tab, is still asked within the preview.
    await v.goto(`/hunt/${hunt.id}`);
    await expect(v.getByRole('heading', { level: 1, name: hunt.name })).toBeVisible();
    await v.reload();
    await expect(v.getByRole('heading', { level: 1, name: hunt.name })).toBeVisible();
    expect(await axeViolations(v)).toEqual([]);

    // Without the token its rows and media are missing, as ids nobody has are.
    const bare = await request.get(`/api/v1/scavenger_hunts/${hunt.id}/`);
    expect(bare.status()).toBe(404);
    const src = pictureUrl.replace(/[?&]preview=[^&]*/, '');
    expect((await request.get(src)).status()).toBe(404);
    // A new tab without the link's scope does not see the hunt either.
    const stranger = await browser.newContext();
    const s = await stranger.newPage();
    await s.goto(`/hunt/${hunt.id}`);
    await expect(s.getByRole('heading', { level: 1, name: hunt.name })).toHaveCount(0);
    await stranger.close();

    // The studio shows the live link; updating the preview keeps its token and its day.
    await signedInAs(page, admin);
    await page.goto(`/studio/guides/${GUIDE}`);
    await page.getByRole('tab', { name: /Publish/ }).click();
    const link = page.locator('#studio-preview-url');
    await expect(link).toHaveAttribute('href', new RegExp(`/guide/${first.token}$`));
    await page.getByRole('button', { name: 'Update the preview' }).click();
    await expect(page.getByText('The preview shows the latest draft.')).toBeVisible();
    await expect(link).toHaveAttribute('href', new RegExp(`/guide/${first.token}$`));
    const live = await request.get(`/api/v1/studio/guides/${GUIDE}/preview`, {
      headers: bearer(admin),
    });
    expect(((await live.json()) as Made).expires_at).toBe(first.expires_at);
    await shootBoth(page, 'studio-preview-link', 'light');

    // A new link: asked first; the old one answers 404 at once.
    await page.getByRole('button', { name: 'Make a new link' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Make a new preview link?' });
    await expect(ask).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Make a new link' }).click();
    await expect(page.getByText('A new preview link is ready.')).toBeVisible();
    const second = new URL((await link.getAttribute('href'))!).pathname.split('/').pop()!;
    expect(second).not.toBe(first.token);
    await v.goto(`/guide/${first.token}`);
    await notFound(v);
    await enterPreview(v, second);

    // Revoked: 404 at once, and the studio offers to make a link again.
    await page.getByRole('button', { name: 'Revoke the link' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke the preview link?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByText('The preview link is revoked: it no longer opens.')).toBeVisible();
    await expect(link).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Make a preview link' })).toBeVisible();
    await v.reload();
    await notFound(v);
    await shootBoth(page, 'studio-preview-revoked', 'light');
    await visitor.close();
  });
});
