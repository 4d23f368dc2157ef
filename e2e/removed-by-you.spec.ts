import path from 'node:path';
import { expect, test } from './fixtures';
import { afterImage, PREFERENCES_KEY, renderInCreateFlow } from './create-design-flow';

// A product the person removes in the adjuster is counted as removed by them, not as left out: the receipt reads
// 'N of N products' and '1 product removed by you'. With SHOTS_DIR set, the result is photographed (390 × 844).
const shotsDir = process.env.SHOTS_DIR;

const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
];

test.describe('removing a product in the adjuster', () => {
  for (const theme of themes) {
    test(`the receipt counts it as removed by you (${theme.name})`, async ({ page, navigate, signUp }) => {
      test.setTimeout(200_000);
      const { name, ...preferences } = theme;
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        PREFERENCES_KEY,
        JSON.stringify(preferences),
      ] as const);
      await signUp(page);
      await renderInCreateFlow(page, navigate, 'interior', 'preset', 3);
      await expect(afterImage(page)).toBeVisible({ timeout: 100_000 });

      await page.getByRole('button', { name: 'Adjust placement' }).click();
      const frames = page.getByRole('button', { name: /^Move (?!the )/ });
      await expect(frames).toHaveCount(3);
      const moveLabel = (await frames.first().getAttribute('aria-label')) ?? (await frames.first().innerText());
      const product = moveLabel.replace(/^Move /, '');
      await frames.first().click();
      await page.getByRole('button', { name: `Remove ${product}` }).click();
      await page.getByRole('button', { name: 'Apply changes' }).click();

      await expect(page.getByText('1 product removed by you')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(/· 2 of 2 products$/)).toBeVisible();
      await expect(page.getByText(/ of 3 products/)).toHaveCount(0);
      if (shotsDir) {
        // the toast over the receipt goes first
        await expect(page.getByText('Your changes are in the design.')).toHaveCount(0, { timeout: 20_000 });
        await page.getByText('1 product removed by you').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shotsDir, `removed-by-you-${name}.png`) });
      }
    });
  }
});
