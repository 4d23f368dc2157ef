import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Mode } from '@dwellscape/shared';
import { expectPictureDrawn, photosDir, renderPhotoInCreateFlow, renderedImage } from './create-design-flow';
import { startInMode } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * A real photo whose floor the analysis does not find (decision 0052): the render leaves the standing products out,
 * the result step offers the floor's grid with a hint, and setting the floor places them. With SHOTS_DIR set, each
 * stage is photographed (390 × 844).
 */
const shotsDir = process.env.SHOTS_DIR;

const cases: Array<{ mode: Mode; photo: string; isDarkMode: boolean }> = [
  { mode: 'interior', photo: 'taskonomy_kitchen_open_plan.png', isDarkMode: false },
  { mode: 'interior', photo: 'taskonomy_kitchen_open_plan.png', isDarkMode: true },
  { mode: 'landscape', photo: 'controlnet_townhouse_front_yard.png', isDarkMode: false },
  { mode: 'landscape', photo: 'controlnet_townhouse_front_yard.png', isDarkMode: true },
];

test.describe('setting the floor of a photo whose floor was not found', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { mode, photo, isDarkMode } of cases) {
    const theme = isDarkMode ? 'dark' : 'light';
    const file = path.join(photosDir, photo);
    test(`${mode} (${theme}): the grid is offered and setting it places the products left out`, async ({
      page,
      navigate,
      signUp,
    }) => {
      test.skip(!existsSync(file), `${photo} is not beside the repository`);
      test.setTimeout(300_000);
      const shot = async (name: string) => {
        if (shotsDir)
          await page.screenshot({ path: path.join(shotsDir, `${name}-${mode}-${theme}.png`), fullPage: true });
      };
      await startInMode(page, mode, isDarkMode);
      await signUp(page);
      await renderPhotoInCreateFlow(page, navigate, mode, file);
      const after = renderedImage(page);
      await expect(after).toBeVisible({ timeout: 200_000 });
      await expectPictureDrawn(after);
      await shot('before-floor');

      const surface = mode === 'landscape' ? 'ground' : 'floor';
      // with nothing placed the result offers 'Place them yourself', which opens the same grid; else 'Fix the floor'
      const fixName = mode === 'landscape' ? 'Fix the ground' : 'Fix the floor';
      const fix = page.getByRole('button', { name: new RegExp(`^(Place them yourself|${fixName})$`) }).first();
      await fix.click();
      await expect(page.getByRole('button', { name: `Move the ${surface}’s far left corner` })).toBeVisible();
      await shot('grid');
      const apply = page.getByRole('button', { name: 'Apply changes' });
      if (await apply.isDisabled()) {
        // nothing was left out: a corner moved is a floor set
        await page.getByRole('button', { name: `Move the ${surface}’s far left corner` }).focus();
        await page.keyboard.press('ArrowDown');
      }
      await apply.click();
      await expect(page.getByText(mode === 'landscape' ? 'Ground set by you' : 'Floor set by you')).toBeVisible({
        timeout: 120_000,
      });
      await expectPictureDrawn(after);
      await shot('after-floor');
    });
  }
});
