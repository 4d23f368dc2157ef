import path from 'node:path';
import { messages, renderJobSchema, type FidelityReceipt, type Mode } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { GENERATE_PATH, renderInCreateFlow, renderedImage } from './create-design-flow';
import { startInMode } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * A real photo through the create flow with five products: what the result says is what the render did. A render that
 * placed none of them does not say 'generated', its receipt leads with it, it offers no variation with nothing in it,
 * and 'Place them yourself' sets them on the floor the person fixes. With SHOTS_DIR set, each result is photographed
 * (390 × 844).
 */
const shotsDir = process.env.SHOTS_DIR;
const photosDir = path.resolve('../shared/photos');

const cases: { mode: Mode; photo: string; isDarkMode: boolean }[] = [
  { mode: 'interior', photo: 'moge_living_room.jpg', isDarkMode: false },
  { mode: 'interior', photo: 'moge_living_room.jpg', isDarkMode: true },
  { mode: 'landscape', photo: 'ade_stone_house_lawn.jpg', isDarkMode: false },
  { mode: 'landscape', photo: 'ade_stone_house_lawn.jpg', isDarkMode: true },
];

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test.describe('the result says what the render placed', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { mode, photo, isDarkMode } of cases) {
    const theme = isDarkMode ? 'dark' : 'light';
    test(`${mode}, ${photo}, five products (${theme})`, async ({ page, navigate, signUp }) => {
      test.setTimeout(300_000);
      await startInMode(page, mode, isDarkMode);
      await signUp(page);
      const queued = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === GENERATE_PATH,
      );
      await renderInCreateFlow(page, navigate, mode, { photo: path.join(photosDir, photo) }, 5);
      const { id } = renderJobSchema.parse(await (await queued).json());
      await expect(renderedImage(page)).toBeVisible({ timeout: 240_000 });
      const job = renderJobSchema.parse(await (await page.request.get(`/api/render-jobs/${id}`)).json());
      const receipts = job.variations.map((variation) => variation.receipt as FidelityReceipt);
      const placesNothing = (receipt: FidelityReceipt) => receipt.productsChosen > 0 && receipt.productsPresent === 0;
      const shown = receipts.find((receipt) => !placesNothing(receipt)) ?? receipts[0]!;
      const toast = toasts(page).first();
      await expect(toast).toBeVisible();
      // read at once: on a busy machine a toast can be gone before the next check
      const said = (await toast.textContent()) ?? '';
      // the toast stands clear of the picture it tells of
      const toastBox = (await toast.boundingBox())!;
      const pictureBox = (await renderedImage(page).boundingBox())!;
      if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `result-${mode}-${theme}.png`) });
      expect(toastBox.y + toastBox.height <= pictureBox.y || toastBox.y >= pictureBox.y + pictureBox.height).toBe(true);

      // the arrows over the picture are named and big enough to touch (docs/product.md §4: a toggle and arrows)
      const arrow = page.getByRole('button', { name: 'Show before' });
      const arrowBox = (await arrow.boundingBox())!;
      expect(Math.min(arrowBox.width, arrowBox.height)).toBeGreaterThanOrEqual(44);

      const offered = page.getByRole('button', { name: /^Variation \d+$/ });
      if (placesNothing(shown)) {
        expect(said).toContain(messages.create.renderNothingPlaced(shown.productsChosen));
        expect(said).not.toContain(messages.create.renderSuccess);
        await expect(page.getByText(new RegExp(`^None of your ${shown.productsChosen} products placed`))).toBeVisible();
        await expect(
          page.getByRole('status', { name: messages.create.renderNothingPlaced(shown.productsChosen) }),
        ).toBeVisible();
        // every variation has nothing in it: none is offered as another design
        await expect(offered).toHaveCount(0);
        await expect(page.getByText(/same layout/i)).toHaveCount(0);

        // placing them by hand: on the floor's grid, Apply draws the picture again on the floor as set
        const before = await renderedImage(page).getAttribute('src');
        await page.getByRole('button', { name: 'Place them yourself' }).click();
        await expect(page.getByText(/Left out: /)).toBeVisible();
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `place-yourself-${mode}-${theme}.png`) });
        await toasts(page).evaluateAll((all) => all.forEach((each) => each.remove()));
        await page.getByRole('button', { name: 'Apply changes' }).click();
        await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0, { timeout: 120_000 });
        await expect(renderedImage(page)).not.toHaveAttribute('src', before!);
        await expect(page.getByText(mode === 'landscape' ? 'Ground set by you' : 'Floor set by you')).toBeVisible();
        // what it says is what it drew: products standing, or still none, never 'in the design' over an empty photo
        const stillNone = page.getByText(/^None of your \d+ products placed/);
        await expect(toasts(page).first()).toBeVisible();
        const saidAfter = (await toasts(page).first().textContent()) ?? '';
        if ((await stillNone.count()) > 0) {
          expect(saidAfter).toContain(messages.create.renderNothingPlaced(shown.productsChosen));
          await expect(page.getByRole('button', { name: 'Adjust placement' })).toHaveCount(0);
        } else {
          expect(saidAfter).toContain('Your changes are in the design.');
          await expect(page.getByRole('button', { name: 'Adjust placement' })).toBeVisible();
        }
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `placed-by-you-${mode}-${theme}.png`) });
      } else {
        expect(said).toContain(messages.create.renderSuccess);
        if (shown.productsPresent < shown.productsChosen) {
          expect(said).toContain(`${shown.productsPresent} of ${shown.productsChosen} products placed`);
        }
        const withProducts = receipts.filter((receipt) => !placesNothing(receipt)).length;
        await expect(offered).toHaveCount(withProducts > 1 ? withProducts : 0);
      }
      if (shotsDir)
        await page.screenshot({ path: path.join(shotsDir, `result-full-${mode}-${theme}.png`), fullPage: true });
    });
  }
});
