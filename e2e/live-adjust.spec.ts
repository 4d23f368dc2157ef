import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { afterImage, PREFERENCES_KEY, renderInCreateFlow } from './create-design-flow';

// Decision 0046: while a person drags a product it is drawn live over the picture, standing on the floor's plane
// (further back is smaller); the floor's grid can be fitted by its corners and the products re-flow onto it. With
// SHOTS_DIR set, each step is photographed (390 × 844).
const shotsDir = process.env.SHOTS_DIR;

const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
  { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
  { name: 'light-landscape', isDarkMode: false, isLandscapeMode: true },
];

/** Whether the live canvas has drawn: its middle pixel opaque. */
const canvasHasDrawn = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width < 2) return false;
    return context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data[3] === 255;
  });

async function drag(page: Page, target: Locator, dx: number, dy: number) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 8 });
  await page.mouse.up();
}

test.describe('adjusting a render live', () => {
  for (const theme of themes) {
    test(`products move on the floor, the floor is fixed by its corners (${theme.name})`, async ({
      page,
      navigate,
      signUp,
    }) => {
      test.setTimeout(200_000);
      const { name, ...preferences } = theme;
      const mode = preferences.isLandscapeMode ? 'landscape' : 'interior';
      const surface = mode === 'landscape' ? 'ground' : 'floor';
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        PREFERENCES_KEY,
        JSON.stringify(preferences),
      ] as const);
      const shot = (screen: string) =>
        shotsDir ? page.screenshot({ path: path.join(shotsDir, `live-${screen}-${name}.png`) }) : null;
      await signUp(page);
      await renderInCreateFlow(page, navigate, mode, 'preset', 3);
      // three renders at once on a busy 2-core machine: the first can take over a minute
      await expect(afterImage(page)).toBeVisible({ timeout: 100_000 });
      const firstSrc = await afterImage(page).getAttribute('src');

      await page.getByRole('button', { name: 'Adjust placement' }).click();
      await expect.poll(() => canvasHasDrawn(page), { timeout: 20_000 }).toBe(true);
      const frames = page.getByRole('button', { name: /^Move (?!the )/ });
      await expect(frames).toHaveCount(3);

      // every product dragged right and back: each follows the pointer across; one standing on the floor goes back
      // (no further than the floor's far edge) and comes out smaller; none larger
      const moves: Array<{ before: { width: number; bottom: number }; after: { width: number; bottom: number } }> = [];
      for (let i = 0; i < 3; i++) {
        const frame = frames.nth(i);
        const before = (await frame.boundingBox())!;
        await drag(page, frame, 24, -50);
        const after = (await frame.boundingBox())!;
        expect(after.x + after.width / 2).toBeGreaterThan(before.x + before.width / 2 + 8);
        moves.push({
          before: { width: before.width, bottom: before.y + before.height },
          after: { width: after.width, bottom: after.y + after.height },
        });
      }
      expect(
        moves.some(({ before, after }) => after.bottom < before.bottom - 10 && after.width < before.width * 0.97),
      ).toBe(true);
      expect(moves.every(({ before, after }) => after.width <= before.width + 1)).toBe(true);
      await page.waitForTimeout(300);
      await shot('moving');

      // the chosen product's name over its slider is whole at 390 px (it was cut to 'Bl…' beside its Remove button)
      await frames.first().focus();
      const chosen = ((await frames.first().getAttribute('aria-label')) ?? '').replace(/^Move /, '');
      const panelName = page.getByRole('paragraph').filter({ hasText: new RegExp(`^${chosen}$`) });
      await expect(panelName).toBeVisible();
      expect(await panelName.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await expect(page.getByRole('button', { name: `Remove ${chosen}` })).toBeVisible();
      await shot('panel');

      await page.getByRole('button', { name: `Fix the ${surface}` }).click();
      const corner = page.getByRole('button', { name: `Move the ${surface}’s far left corner` });
      await expect(corner).toBeVisible();
      // the handles are 44 × 44 to touch
      const handle = (await corner.boundingBox())!;
      expect(handle.width).toBeGreaterThanOrEqual(44);
      expect(handle.height).toBeGreaterThanOrEqual(44);
      await shot('floor-grid');
      await drag(page, corner, 18, -24);
      await page.getByRole('button', { name: `Move the ${surface}’s far right corner` }).focus();
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(300);
      await shot('floor-fixed');

      await page.getByRole('button', { name: 'Apply changes' }).click();
      await expect(afterImage(page)).not.toHaveAttribute('src', firstSrc!, { timeout: 40_000 });
      await expect(page.getByText(`${surface === 'ground' ? 'Ground' : 'Floor'} set by you`)).toBeVisible();
      await page.waitForTimeout(400);
      await shot('applied');
    });
  }
});
