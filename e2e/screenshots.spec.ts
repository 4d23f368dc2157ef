import path from 'node:path';
import { expect, test } from './fixtures';

// Not a check: renders the main screens in every theme for a person to look at.
// Run with `SHOTS_DIR=/tmp/shots npx playwright test screenshots`.
const shotsDir = process.env.SHOTS_DIR;

const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'light-landscape', isDarkMode: false, isLandscapeMode: true },
  { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
];

const screens = [
  { name: 'home', path: '/' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'activity', path: '/activity' },
  { name: 'create', path: '/create-design/start' },
  { name: 'search', path: '/search' },
];

test.describe('screenshots', () => {
  test.skip(!shotsDir, 'set SHOTS_DIR to take screenshots');

  for (const theme of themes) {
    test(theme.name, async ({ page, unlock }) => {
      const { name, ...preferences } = theme;
      await page.addInitScript(
        (value) => window.localStorage.setItem('dwellscape-theme', value),
        JSON.stringify(preferences),
      );
      const shot = (screen: string) => page.screenshot({ path: path.join(shotsDir!, `${screen}-${name}.png`) });

      await page.goto('/');
      await shot('gate');
      for (const screen of screens) {
        await page.goto(screen.path);
        await unlock();
        // loading skeletons say aria-busy; wait until the screen has its data
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        // let images decode and entrance animations settle
        await page.waitForTimeout(800);
        await shot(screen.name);
      }
    });
  }
});
