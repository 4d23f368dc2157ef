import { existsSync } from 'node:fs';
import path from 'node:path';
import { recompositeDesignResponseSchema, type Mode } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectPictureDrawn, renderInCreateFlow, renderedImage } from './create-design-flow';
import { startInMode } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * A full room with no free floor for the products (issue #38): nothing is placed, and 'Place them yourself' offers
 * each left-out product at a spot of its own; the person drags one where they want it, Apply draws it there (the
 * picture changes inside its box) and the receipt counts it as placed by them. With SHOTS_DIR set, each stage is
 * photographed (390 × 844).
 */
const shotsDir = process.env.SHOTS_DIR;
const photosDir = path.resolve('../shared/photos');

const cases: { mode: Mode; photo: string; isDarkMode: boolean }[] = [
  { mode: 'interior', photo: 'moge_living_room.jpg', isDarkMode: false },
  { mode: 'interior', photo: 'moge_living_room.jpg', isDarkMode: true },
];

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** The mean absolute difference of two pictures' RGB inside a box of the first's pixels (0–255). */
async function differenceIn(a: Buffer, b: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const { width, height } = await sharp(a).metadata();
  const crop = (image: Buffer) =>
    sharp(image)
      .resize(width, height, { fit: 'fill' })
      .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
      .removeAlpha()
      .raw()
      .toBuffer();
  const [pa, pb] = await Promise.all([crop(a), crop(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

test.describe('placing by hand a product the photo had no free floor for', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { mode, photo, isDarkMode } of cases) {
    const theme = isDarkMode ? 'dark' : 'light';
    const file = path.join(photosDir, photo);
    test(`${mode}, ${photo} (${theme}): dragged, applied, drawn and counted`, async ({ page, navigate, signUp }) => {
      test.skip(!existsSync(file), `${photo} is not beside the repository`);
      test.setTimeout(300_000);
      const shot = async (name: string) => {
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${name}-${mode}-${theme}.png`) });
      };
      await startInMode(page, mode, isDarkMode);
      await signUp(page);
      await renderInCreateFlow(page, navigate, mode, { photo: file }, 5);
      await expect(renderedImage(page)).toBeVisible({ timeout: 240_000 });
      await expect(page.getByText(/^None of your 5 products placed/)).toBeVisible();
      const before = (await renderedImage(page).getAttribute('src'))!;

      await page.getByRole('button', { name: 'Place them yourself' }).click();
      // the toast of the result screen does not stand over the picture being adjusted
      await expect(toasts(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'Move products' }).click();
      const offered = page.getByRole('button', { name: /^Move (?!the )/ });
      await expect(offered).toHaveCount(5);
      await shot('offered');

      // the one at the right, dragged further right along the floor, onto the rug before the dresser
      const product = offered.nth(3);
      const name = ((await product.getAttribute('aria-label')) ?? '').replace(/^Move /, '');
      const box = (await product.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++) await page.mouse.move(x + step * 4, y - step);
      await page.mouse.up();
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
      await shot('dragged');

      const sent = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/ai/recomposite-design',
        { timeout: 120_000 },
      );
      await page.getByRole('button', { name: 'Apply changes' }).click();
      const response = await sent;
      const body = response.request().postDataJSON() as {
        placements: { productId: string; box: { x: number; y: number; width: number; height: number } }[];
        placedByYou?: string[];
      };
      expect(body.placedByYou).toHaveLength(1);
      const placed = body.placements.find((p) => p.productId === body.placedByYou![0])!;
      const redrawn = recompositeDesignResponseSchema.parse(await response.json());
      expect(redrawn.receipt?.placedByYou).toBe(1);
      expect(redrawn.placements.map((p) => p.productId)).toContain(placed.productId);

      await expect(renderedImage(page)).not.toHaveAttribute('src', before, { timeout: 60_000 });
      await expect(page.getByText(/\(1 placed by you\)|· 1 placed by you$/)).toBeVisible();
      await expectPictureDrawn(renderedImage(page));
      // the product is in the picture, where the person put it: its pixels there are not the photo's
      const [was, now] = await Promise.all([
        page.request.get(before).then((r) => r.body()),
        page.request.get(redrawn.imageUrl).then((r) => r.body()),
      ]);
      expect(await differenceIn(now, was, placed.box)).toBeGreaterThan(15);
      await toasts(page).evaluateAll((all) => all.forEach((each) => each.remove()));
      await shot('placed-by-you');
    });
  }
});
