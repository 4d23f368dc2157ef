import path from 'node:path';
import { messages, type Mode } from '@dwellscape/shared';
import { GENERATE_PATH, firstPhotoOf, openSeeInSpace, renderedImage, uploadSpacePhoto } from './create-design-flow';
import { designToSeeInSpace, startInMode } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * Decision 0055: a see-in-my-space render the server refuses is said in the render step, never replaced by the
 * design's own picture; docs/product.md §8: in the server's own words, with no 'Try Again' (the same input would be
 * refused again) but a way back to the products or the photo. The refusal is the server's answer to a picture it will
 * not take as a render input, given here by the browser's route for the first request only, so that rendering again
 * from the space reaches the real server and renders. With SHOTS_DIR set, the error is photographed (390 × 844) in light and dark.
 */
const shotsDir = process.env.SHOTS_DIR;
const cases: Array<{ mode: Mode; isDarkMode: boolean }> = [
  { mode: 'interior', isDarkMode: true },
  { mode: 'landscape', isDarkMode: false },
];

test.describe('a refused see-in-my-space render', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { mode, isDarkMode } of cases) {
    test(`is said in the server's words, and another choice renders (${mode})`, async ({ page, navigate, signUp }) => {
      test.setTimeout(240_000);
      await startInMode(page, mode, isDarkMode);
      await signUp(page);
      await navigate('/');
      const design = await designToSeeInSpace(page.request, mode);
      expect(design, `a ${mode} design with two products`).toBeDefined();
      let refusals = 0;
      await page.route(
        (url) => url.pathname === GENERATE_PATH,
        async (route) => {
          if (route.request().method() !== 'POST' || refusals > 0) return route.fallback();
          refusals++;
          await route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'uploadedProductImages.0.url: is not a picture you uploaded or rendered' }),
          });
        },
      );

      await openSeeInSpace(page, navigate, design!.id);
      await page.getByRole('button', { name: messages.shop.continueToSpace }).click();
      await uploadSpacePhoto(page, firstPhotoOf(mode).file);
      await page.getByRole('button', { name: messages.shop.renderNew }).click();

      const step = page.getByRole('main');
      const alert = step.getByRole('alert').filter({
        hasText: messages.create.renderRefused(
          'uploadedProductImages.0.url: is not a picture you uploaded or rendered',
        ),
      });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(messages.create.renderRefusedHint);
      // the same render again would be refused again: no 'Try Again'
      await expect(alert.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
      await expect(renderedImage(page)).toHaveCount(0);
      await expect(page.getByRole('img', { name: /^After:/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: messages.shop.publish })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Purchase Products' })).toBeEnabled();
      expect(refusals).toBe(1);
      if (shotsDir) {
        // after the toast has gone, as a person meets the step
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
        for (const dark of [isDarkMode, !isDarkMode]) {
          await page.evaluate((on) => document.body.classList.toggle('dark', on), dark);
          await page.waitForTimeout(400);
          await page.screenshot({
            path: path.join(shotsDir, `see-in-space-refused-${mode}-${dark ? 'dark' : 'light'}.png`),
          });
        }
        await page.evaluate((on) => document.body.classList.toggle('dark', on), isDarkMode);
      }

      // 'Choose another photo' goes back to the space (the photo still chosen); rendering again asks the real server
      await alert.getByRole('button', { name: 'Choose another photo' }).click();
      await expect(page.getByRole('img', { name: 'Your uploaded space' })).toBeVisible();
      await page.getByRole('button', { name: messages.shop.renderNew }).click();
      await expect(renderedImage(page)).toBeVisible({ timeout: 150_000 });
      await expect(renderedImage(page)).not.toHaveAttribute('src', design!.afterImageUrl);
      await expect(alert).toHaveCount(0);
    });
  }
});
