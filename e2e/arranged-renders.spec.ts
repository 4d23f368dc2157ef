import path from 'node:path';
import { expect, test } from './fixtures';
import { afterImage, PREFERENCES_KEY, renderInCreateFlow } from './create-design-flow';

// decision 0021: a render's products can be dragged (a real pointer), resized and removed, and the design is drawn
// again on the server. With SHOTS_DIR set, the result and the adjuster are photographed (390 × 844).
const shotsDir = process.env.SHOTS_DIR;
const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
];

test.describe('adjusting a render', () => {
  for (const theme of themes) {
    test(`drag, resize and apply (${theme.name})`, async ({ page, navigate, signUp }) => {
      test.setTimeout(120_000);
      const { name, ...preferences } = theme;
      const mode = preferences.isLandscapeMode ? 'landscape' : 'interior';
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        PREFERENCES_KEY,
        JSON.stringify(preferences),
      ] as const);
      const shot = (screen: string) =>
        shotsDir ? page.screenshot({ path: path.join(shotsDir, `arranged-${screen}-${name}.png`) }) : null;
      await signUp(page);
      await renderInCreateFlow(page, navigate, mode, 'preset', 3);
      await expect(afterImage(page)).toBeVisible({ timeout: 60_000 });
      const firstSrc = await afterImage(page).getAttribute('src');
      await page.waitForTimeout(600);
      await shot('result');

      await page.getByRole('button', { name: 'Adjust placement' }).click();
      const boxes = page.getByRole('button', { name: /^Move / });
      await expect(boxes).toHaveCount(3);
      const box = (await boxes.first().boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 2 - 10, { steps: 5 });
      await page.mouse.up();
      const moved = (await boxes.first().boundingBox())!;
      expect(moved.x).toBeGreaterThan(box.x + 10);
      await page.getByRole('slider', { name: /^Size of/ }).fill('120');
      await page.waitForTimeout(300);
      await shot('adjusting');

      await page.getByRole('button', { name: 'Apply changes' }).click();
      await expect(afterImage(page)).not.toHaveAttribute('src', firstSrc!, { timeout: 30_000 });
      await page.waitForTimeout(600);
      await shot('adjusted');
    });
  }
});
