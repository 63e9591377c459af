import { expect, test, type Page } from '@playwright/test';
import { persistTheme } from '../helpers/budgets';
import { newPublisher, serverDraft, signedInAs } from '../helpers/studio';
import { newGuide, shoot } from '../helpers/studio-stops';

// The publish checklist (docs/studio.md, Publish) against the real server: a draft stored
// through the real save call, warnings by language, each a link to its field, and publishing
// past them after a question.

const field = (page: Page, path: string) =>
  page.locator(`[data-path="${path}"]:focus, [data-path="${path}"] :focus`);

test.describe('studio publish checklist', () => {
  for (const dark of [false, true]) {
    const look = dark ? 'dark' : 'light';
    test(`lists what visitors would miss by language, opens each field, and publishes past it after asking (${look})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const { publisher, organisation } = await newPublisher(request);
      const token = await newGuide(request, publisher, organisation, {
        name: 'Eugene',
        state: 'Oregon',
      });
      const { revision, document } = await serverDraft(request, publisher, token);
      const guide = document.guide as Record<string, unknown>;
      const stop = (n: number, lat: number, es: Record<string, string>) => ({
        token: `${token}-stop-${n}`,
        lat,
        lng: -123.0868,
        keypad_code: 100 + n,
        content: {
          en: { title: `Work ${n}`, description: '<p>Bronze, 1902.</p>' },
          es: { title: `Obra ${n}`, ...es },
        },
      });
      const saved = await request.put(`/api/v1/studio/guides/${token}/draft`, {
        headers: { authorization: `Bearer ${publisher.token}` },
        data: {
          revision,
          document: {
            ...document,
            guide: {
              ...guide,
              languages: [
                { code: 'en', label: 'English' },
                { code: 'es', label: 'Español' },
              ],
            },
            pois: [
              stop(1, 44.0521, {}),
              stop(2, 44.0531, { description: '<p>Bronce, 1902.</p>' }),
              // A mistyped latitude: some 110 km south of the others.
              stop(3, 43.0541, { description: '<p>Bronce.</p>' }),
            ],
          },
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);

      await persistTheme(page, dark);
      await signedInAs(page, publisher);
      await page.goto(`/studio/guides/${token}`);
      await page.getByRole('tab', { name: /^Publish/ }).click();
      const checklist = page.getByRole('region', { name: 'Before you publish' });
      await expect(checklist).toBeVisible();
      for (const heading of ['English', 'Español', 'Every language'])
        await expect(
          checklist.getByRole('heading', { name: new RegExp(`^${heading}`) }),
        ).toBeVisible();
      await expect(
        checklist.getByRole('link', { name: '“Work 1” has no audio in en.' }),
      ).toBeVisible();
      await expect(
        checklist.getByRole('link', {
          name: '“Work 3” is 111 km from the other stops: check its coordinates.',
        }),
      ).toBeVisible();
      await shoot(page, 'checklist', look, checklist);

      // A link opens its stop, in its language, at its field.
      await checklist.getByRole('link', { name: '“Work 1” has no description in es.' }).click();
      await expect(page.getByRole('tab', { name: 'Español', selected: true })).toBeVisible();
      await expect(field(page, '$.pois[0].content.es.description')).toHaveCount(1);
      await page.getByRole('tab', { name: /^Publish/ }).click();
      await checklist.getByRole('link', { name: /“Work 3” is \d+ km/ }).click();
      await expect(page.getByRole('heading', { name: 'Stop 3: Work 3' })).toBeVisible();
      await expect(field(page, '$.pois[2].lat')).toHaveCount(1);

      // Publishing past the warnings asks first; keeping the list publishes nothing.
      await page.getByRole('tab', { name: /^Publish/ }).click();
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const ask = page.getByRole('alertdialog', { name: /^Publish with \d+ warnings\?$/ });
      await expect(ask).toBeVisible();
      await shoot(page, 'checklist-ask', look);
      await ask.getByRole('button', { name: 'Review the list' }).click();
      await expect(ask).toBeHidden();
      expect((await request.get(`/api/v1/tour-by-token/${token}`)).status()).toBe(404);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await ask.getByRole('button', { name: 'Publish anyway' }).click();
      await expect(page.getByText(/^Published as version 1 /)).toBeVisible();
      expect((await request.get(`/api/v1/tour-by-token/${token}`)).status()).toBe(200);
    });
  }
});
