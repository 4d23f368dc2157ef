import path from 'node:path';
import { BETA_PASSWORD, expect, passwordField, test } from './fixtures';

// Not a check: renders the main screens in every theme for a person to look at.
// Run with `SHOTS_DIR=/tmp/shots npx playwright test screenshots`.
const shotsDir = process.env.SHOTS_DIR;

// what a person sees by default, motion and all: the rest of the suite runs with reduced motion (playwright.config.ts)
test.use({ reducedMotion: 'no-preference' });

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

test.describe("screenshots at a phone's 2x density: the unlock transition, search with counts", () => {
  test.skip(!shotsDir, 'set SHOTS_DIR to take screenshots');
  test.use({ deviceScaleFactor: 2 });

  for (const theme of themes.filter((each) => !each.isLandscapeMode)) {
    test(`search with counts, ${theme.name}`, async ({ page, navigate }) => {
      const { name, ...preferences } = theme;
      await page.addInitScript(
        (value) => window.localStorage.setItem('dwellscape-theme', value),
        JSON.stringify(preferences),
      );
      await navigate('/search?q=a&tab=products');
      await expect(page.getByRole('tab', { name: /^Products \(\d+\)$/ })).toBeVisible({ timeout: 20_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(shotsDir!, `search-counts-${name}.png`) });
      await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(shotsDir!, `search-show-more-${name}.png`) });
    });
  }

  for (const theme of themes.filter((each) => !each.isLandscapeMode)) {
    // expanding, and fading into the app's background
    for (const moment of [250, 750]) {
      test(`${theme.name} at ${moment} ms`, async ({ page }) => {
        const { name, ...preferences } = theme;
        await page.addInitScript(
          (value) => window.localStorage.setItem('dwellscape-theme', value),
          JSON.stringify(preferences),
        );
        // the page's timers run on a clock this test moves, and stop once the frame is held: the app,
        // which opens 1 s after the transition began, does not open under the screenshot
        await page.clock.install();
        await page.goto('/');
        await page.evaluate((at) => {
          const hold = (event: AnimationEvent) => {
            if (!event.animationName.startsWith('gate-')) return;
            document.removeEventListener('animationstart', hold, true);
            for (const animation of document.getAnimations()) {
              if (!(animation instanceof CSSAnimation) || !animation.animationName.startsWith('gate-')) continue;
              animation.pause();
              animation.currentTime = at;
            }
            (window as unknown as { held: boolean }).held = true;
          };
          document.addEventListener('animationstart', hold, true);
        }, moment);
        await passwordField(page).fill(BETA_PASSWORD);
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
        await page.getByRole('button', { name: 'Enter App' }).click();
        const isHeld = () => page.evaluate(() => (window as unknown as { held?: boolean }).held === true);
        for (let step = 0; step < 200 && !(await isHeld()); step += 1) await page.clock.runFor(16);
        expect(await isHeld()).toBe(true);
        await page.screenshot({ path: path.join(shotsDir!, `gate-transition-${moment}ms-${name}.png`) });
      });
    }
  }
});
