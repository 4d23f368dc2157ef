import path from 'node:path';
import { messages, renderJobSchema, uploadResponseSchema, type Mode } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import {
  expectPictureDrawn,
  firstPhotoOf,
  makeItemPhoto,
  openSeeInSpace,
  renderPhotoInSeeInSpace,
  renderedImage,
} from './create-design-flow';
import { publishDesign, startInMode, uniqueSuffix } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * 'See These Products in My Space' on another person's design that shows one of their own items (an uploaded photo,
 * decision 0023): the own item's picture is a render input the server takes (it is shown by a public design), so the
 * person's real photo comes back with the own item placed and counted in the receipt. A refusal would end in the
 * render step's error (decision 0055), never in the design's picture. With SHOTS_DIR set, the products and the
 * result are photographed (390 × 844) in both themes.
 */
const shotsDir = process.env.SHOTS_DIR;

/**
 * The own item's kind is read from its name. The first interior photo is a furnished room with little free floor:
 * the placement (decision 0052) leaves an armchair out there ('no free floor for the armchair') and stands a lamp.
 */
const cases: Array<{ mode: Mode; isDarkMode: boolean; ownItem: string }> = [
  { mode: 'interior', isDarkMode: false, ownItem: 'Grandma’s lamp' },
  { mode: 'landscape', isDarkMode: true, ownItem: 'Grandma’s armchair' },
];

/** Photographs the page in both themes (the body's class is what the preference sets), then puts the theme back. */
async function shootBothThemes(page: Page, name: string, isDarkMode: boolean) {
  if (!shotsDir) return;
  for (const dark of [isDarkMode, !isDarkMode]) {
    await page.evaluate((on) => document.body.classList.toggle('dark', on), dark);
    // the theme's colours change over a moment (the body's transition)
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${dark ? 'dark' : 'light'}.png`), fullPage: true });
  }
  await page.evaluate((on) => document.body.classList.toggle('dark', on), isDarkMode);
}

test.describe('see in my space on a design with its creator’s own item', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { mode, isDarkMode, ownItem: OWN_ITEM } of cases) {
    test(`another person renders a real ${mode} photo with the creator’s own item placed`, async ({
      page,
      browser,
      navigate,
      signUp,
    }) => {
      test.setTimeout(240_000);
      // account A publishes a design of two catalogue products and a photo of their own piece
      const creator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const creatorPage = await creator.newPage();
      await signUp(creatorPage);
      const upload = await creator.request.post('/api/uploads', {
        multipart: { file: { name: 'heirloom.png', mimeType: 'image/png', buffer: await makeItemPhoto('#4f7a5a') } },
      });
      expect(upload.ok(), await upload.text()).toBe(true);
      const design = await publishDesign(creator.request, {
        mode,
        title: `Heirloom corner ${uniqueSuffix()}`,
        productCount: 2,
        ownItems: [{ url: uploadResponseSchema.parse(await upload.json()).url, name: OWN_ITEM }],
      });
      await creator.close();
      const ownItem = design.selectedProducts.find((product) => product.ownItem);
      expect(ownItem, 'the design shows the own item').toBeDefined();
      expect(design.selectedProducts).toHaveLength(3);

      // account B opens it: the own item is among the products to place, marked as the creator's
      await startInMode(page, mode, isDarkMode);
      await signUp(page);
      await openSeeInSpace(page, navigate, design.id);
      const products = page.getByRole('list', { name: 'Products to place' });
      await expect(products.getByRole('checkbox')).toHaveCount(3);
      const ownRow = products.getByRole('listitem').filter({ hasText: OWN_ITEM });
      await expect(ownRow.getByRole('checkbox')).toBeChecked();
      await expect(ownRow.getByText(messages.ownItem.badge)).toBeVisible();
      await shootBothThemes(page, `see-in-space-own-item-products-${mode}`, isDarkMode);
      await page.getByRole('button', { name: messages.shop.continueToSpace }).click();

      // a real photo of B's space, rendered with the own item's picture among the inputs
      const { photoUrl, job, form } = await renderPhotoInSeeInSpace(page, firstPhotoOf(mode).file);
      expect(form).toContain(`"id":"${ownItem!.id}"`);
      expect(form).toContain(`"url":${JSON.stringify(ownItem!.imageUrl)}`);

      // generous: on a shared 2-core machine a render of a real photo waits its turn behind others
      const after = renderedImage(page);
      await expect(after).toBeVisible({ timeout: 150_000 });
      await expectPictureDrawn(after);
      const afterUrl = await after.getAttribute('src');
      expect(afterUrl).toMatch(/^\/media\//);
      expect(afterUrl, 'not B’s photo as it was').not.toBe(photoUrl);
      expect(afterUrl, 'not the design’s own picture').not.toBe(design.afterImageUrl);
      await expect(page.getByRole('alert')).toHaveCount(0);

      // the receipt counts all three, and the job's picture places the own item
      const finished = renderJobSchema.parse(await (await page.request.get(`/api/render-jobs/${job.id}`)).json());
      expect(finished.status).toBe('done');
      const shown = finished.variations.find((variation) => variation.imageUrl === afterUrl);
      expect(shown, 'the shown picture is one of the job’s variations').toBeDefined();
      expect(shown!.placements?.map((placement) => placement.productId)).toContain(ownItem!.id);
      const { productsPresent, productsChosen } = shown!.receipt!;
      expect(productsChosen).toBe(3);
      await expect(
        page.getByText(`${mode === 'landscape' ? 'Space' : 'Room'} kept`).filter({
          hasText: `${productsPresent} of 3 products`,
        }),
      ).toBeVisible();
      expect((shown!.receipt!.leftOut ?? []).join('; '), 'the own item is not left out').not.toContain(OWN_ITEM);
      await expect(page.getByRole('button', { name: messages.shop.publish })).toBeEnabled();
      await shootBothThemes(page, `see-in-space-own-item-result-${mode}`, isDarkMode);
    });
  }
});
