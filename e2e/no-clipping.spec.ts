import { messages } from '@dwellscape/shared';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { makeItemPhoto, PREFERENCES_KEY } from './create-design-flow';
import { expect, test } from './fixtures';
import { themes } from './screens';

/**
 * At a phone's 390 px nothing a person needs to read is cut off: the own item's 'Kind' menu shows every kind whole
 * (create step 1), and a search result's product name is not truncated by its 'Add to Cart' button. In both design
 * modes (their kinds and products differ) and both themes.
 */

/** With SHOTS_DIR set, each checked screen is photographed too (390 × 844), for a person to look at. */
const shotsDir = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `no-clipping-${name}.png`) });
};

/** Where an element's box is, and whether its text overflows it (cut off by `truncate` or `line-clamp`). */
async function measure(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      left: box.left,
      right: box.right,
      top: box.top,
      bottom: box.bottom,
      overflowsX: element.scrollWidth > element.clientWidth + 1,
      overflowsY: element.scrollHeight > element.clientHeight + 1,
    };
  });
}

/** The closed select draws its arrow inside the padding box, at the end: about 20 px at this size. */
const ARROW_WIDTH_PX = 24;

/** The options of a native select whose words are wider than the room the closed select gives them. */
async function optionsThatDoNotFit(select: Locator): Promise<string[]> {
  return select.evaluate((element: HTMLSelectElement, arrowWidth) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrowWidth;
    return Array.from(element.options)
      .map((option) => option.text)
      .filter((text) => context.measureText(text).width > room);
  }, ARROW_WIDTH_PX);
}

async function pageOverflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

for (const theme of themes) {
  test.describe(`nothing clips at 390 px (${theme.name})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        PREFERENCES_KEY,
        JSON.stringify({ isDarkMode: theme.isDarkMode, isLandscapeMode: theme.isLandscapeMode }),
      ] as const);
    });

    test('an own item’s Kind menu shows every kind whole', async ({ page, navigate, signUp }) => {
      await signUp(page);
      await navigate('/create-design/start');
      await page
        .getByLabel('Upload your own items')
        .setInputFiles([{ name: 'odd thing.png', mimeType: 'image/png', buffer: await makeItemPhoto('#8a6a4e') }]);
      const item = page.getByRole('list', { name: 'Uploaded items' }).getByRole('listitem');
      const kind = item.getByRole('combobox', { name: 'Kind of Odd thing' });
      await expect(kind).toHaveValue('Something else');

      // the longest kinds of the mode ('Something else', 'Coffee Table', 'Outdoor Sofa') fit the closed menu
      expect(await kind.locator('option').count()).toBeGreaterThan(3);
      expect(await optionsThatDoNotFit(kind)).toEqual([]);
      // and the item's fields stay on the screen
      const viewport = page.viewportSize()!;
      for (const field of [kind, item.getByRole('textbox', { name: 'Name' }), item.getByLabel(/^Height of/)]) {
        const box = await measure(field);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewport.width);
      }
      expect(await pageOverflowsSideways(page)).toBe(false);
      await item.scrollIntoViewIfNeeded();
      await shot(page, `own-item-${theme.name}`);
    });

    test('a product result’s name is not cut off by Add to Cart', async ({ page, navigate }) => {
      await navigate('/search?q=a&tab=products');
      const results = page.getByRole('list', { name: 'Products results' }).getByRole('listitem');
      await expect(results.first()).toBeVisible({ timeout: 20_000 });
      const count = Math.min(await results.count(), 8);
      expect(count).toBeGreaterThan(2);
      const viewport = page.viewportSize()!;
      for (let index = 0; index < count; index += 1) {
        const result = results.nth(index);
        const addButton = result.getByRole('button', { name: new RegExp(`^${messages.productPopup.addToCart}: `) });
        const productName = (await addButton.getAttribute('aria-label'))!.slice(
          `${messages.productPopup.addToCart}: `.length,
        );
        const nameText = result.getByText(productName, { exact: true });
        const name = await measure(nameText);
        const button = await measure(addButton);
        expect(name.overflowsX || name.overflowsY, `'${productName}' is cut off`).toBe(false);
        // the name and the button do not overlap, and the button is on the screen
        const overlaps =
          name.left < button.right && button.left < name.right && name.top < button.bottom && button.top < name.bottom;
        expect(overlaps, `'${productName}' runs under Add to Cart`).toBe(false);
        expect(button.right).toBeLessThanOrEqual(viewport.width);
      }
      expect(await pageOverflowsSideways(page)).toBe(false);
      await shot(page, `search-products-${theme.name}`);
    });
  });
}
