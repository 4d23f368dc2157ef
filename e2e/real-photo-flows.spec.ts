import path from 'node:path';
import { messages } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import {
  expectPictureDrawn,
  firstPhotoOf,
  makeItemPhoto,
  openSeeInSpace,
  renderPhotoInCreateFlow,
  renderPhotoInSeeInSpace,
  renderedImage,
  templatesOf,
} from './create-design-flow';
import { designToSeeInSpace, startInMode } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * A real photo (../shared/photos, one interior and one yard, each the first of its kind in SOURCES.tsv) through both
 * flows that make a picture: the create flow and the product page's 'See These Products in My Space', which share one
 * render step. The result is checked as a person sees it: before and after, the receipt saying how the layout was
 * found and how many products stand, light and dark. With SHOTS_DIR set, each result is photographed (390 × 844).
 */
const shotsDir = process.env.SHOTS_DIR;

/** The receipt's layout line: how the render found where to stand things. */
const layoutLine = /^(Floor found in your photo|Ground found in your photo|Layout guessed: adjust it)/;

/** The render step as a person sees it, in either flow: after, then before, the receipt's words. */
async function checkResult(page: Page, photoUrl: string) {
  // generous: on a shared 2-core machine a render of a real photo waits its turn behind others
  await expect(renderedImage(page)).toBeVisible({ timeout: 150_000 });
  const afterUrl = await renderedImage(page).getAttribute('src');
  expect(afterUrl).toMatch(/^\/media\//);
  expect(afterUrl).not.toBe(photoUrl);
  const receipt = page.getByText(layoutLine);
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(/\d+ products? stands? on the (floor|ground)/);
  await page.getByRole('button', { name: 'Before', exact: true, pressed: false }).click();
  await expect(page.getByRole('img', { name: 'Before: your space as it is' })).toHaveAttribute('src', photoUrl);
  await page.getByRole('button', { name: 'After', exact: true, pressed: false }).click();
  await expect(renderedImage(page)).toBeVisible();
  // the picture itself, drawn: what a person looks at (and what a screenshot shows)
  await expectPictureDrawn(renderedImage(page));
}

const cases = [
  { mode: 'interior' as const, isDarkMode: false },
  { mode: 'landscape' as const, isDarkMode: true },
];

test.describe('a real photo through both flows', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { mode, isDarkMode } of cases) {
    const theme = isDarkMode ? 'dark' : 'light';

    test(`create flow: a real ${mode} photo is rendered with its layout said (${theme})`, async ({
      page,
      navigate,
      signUp,
    }) => {
      test.setTimeout(240_000);
      const photo = firstPhotoOf(mode);
      await startInMode(page, mode, isDarkMode);
      await signUp(page);
      const photoUrl = await renderPhotoInCreateFlow(page, navigate, mode, photo.file);
      await checkResult(page, photoUrl);
      if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `create-${mode}-${theme}.png`), fullPage: true });
    });

    const otherTheme = isDarkMode ? 'light' : 'dark';
    test(`see in my space: a real ${mode} photo goes through the same render step (${otherTheme})`, async ({
      page,
      navigate,
      signUp,
    }) => {
      test.setTimeout(240_000);
      const photo = firstPhotoOf(mode);
      await startInMode(page, mode, !isDarkMode);
      await signUp(page);
      await navigate('/');
      const design = await designToSeeInSpace(page.request, mode);
      expect(design, `a seeded ${mode} design with two products`).toBeDefined();

      await openSeeInSpace(page, navigate, design!.id);
      await expect(page.getByText(/JPG, PNG or WebP, up to 10MB each/)).toBeVisible();
      // an own item, with the size of its kind, which the person can see and change
      await page.getByLabel(messages.shop.addOwn).setInputFiles({
        name: 'old-bench.png',
        mimeType: 'image/png',
        buffer: await makeItemPhoto('#6b4f3a'),
      });
      await expect(page.getByRole('combobox', { name: 'Kind of Old bench' })).toHaveValue(
        mode === 'landscape' ? 'Bench' : 'Something else',
      );
      const width = page.getByRole('textbox', { name: 'Width of Old bench in cm' });
      await width.fill('0');
      await expect(page.getByRole('alert').filter({ hasText: 'Width must be between 1 and 1500 cm.' })).toBeVisible();
      await expect(page.getByRole('button', { name: messages.shop.continueToSpace })).toBeDisabled();
      if (shotsDir) {
        await width.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shotsDir, `see-in-space-items-${mode}-${otherTheme}.png`) });
      }
      await width.fill('120');
      await page.getByRole('button', { name: messages.shop.continueToSpace }).click();

      // the create flow's space choice: the upload zone, the templates and the spaces of the mode
      const templates = await templatesOf(page, mode);
      await expect(page.getByRole('list', { name: 'Templates' }).getByRole('button')).toHaveCount(templates.length);
      await expect(page.getByRole('list', { name: 'Spaces' }).getByRole('button')).not.toHaveCount(0);

      // the create flow's render job: catalogue products by id and name, own items as pictures, variations to pick
      const { photoUrl, form } = await renderPhotoInSeeInSpace(page, photo.file);
      for (const product of design!.selectedProducts) {
        expect(form).toContain(`"id":"${product.id}"`);
        expect(form).toContain(`"name":${JSON.stringify(product.name)}`);
      }
      expect(form).toContain('"name":"Old bench"');
      expect(form).toMatch(/"sizeCm":\{"width":120,/);
      await checkResult(page, photoUrl);
      // a render that placed none of the products offers no variations to pick (each would be the photo itself)
      const variation = page.getByRole('button', { name: 'Variation 1' });
      if (await page.getByText(/^None of your \d+ products placed/).isVisible()) await expect(variation).toHaveCount(0);
      else await expect(variation).toBeVisible();
      await expect(page.getByRole('button', { name: messages.shop.publish })).toBeEnabled();
      if (shotsDir) {
        await page.screenshot({
          path: path.join(shotsDir, `see-in-space-${mode}-${otherTheme}.png`),
          fullPage: true,
        });
      }
    });
  }
});
