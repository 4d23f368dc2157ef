import path from 'node:path';
import type { Page } from '@playwright/test';
import { designCard, publishDesign, uniqueSuffix } from './feed-helpers';
import { BETA_PASSWORD, expect, mainNavigation, passwordField, test } from './fixtures';

// Not a check: renders the social screens (decision 0016) in every theme, at a phone's 2x density, for a person to look at.
// Run with `SHOTS_DIR=/tmp/shots npx playwright test social-screenshots`.
const shotsDir = process.env.SHOTS_DIR;

// what a person sees by default, motion and all: the rest of the suite runs with reduced motion (playwright.config.ts)
test.use({ reducedMotion: 'no-preference' });

const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'light-landscape', isDarkMode: false, isLandscapeMode: true },
  { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
];

async function open(page: Page, to: string) {
  await page.goto(to);
  await passwordField(page).fill(BETA_PASSWORD);
  await page.getByRole('button', { name: 'Enter App' }).click();
  await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
}

/** Waits until the screen has its data, its pictures and its entrance animations. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(800);
}

test.describe('social screenshots', () => {
  test.skip(!shotsDir, 'set SHOTS_DIR to take screenshots');
  test.use({ deviceScaleFactor: 2, viewport: { width: 390, height: 844 } });

  for (const theme of themes) {
    test(theme.name, async ({ page, browser, signUp }) => {
      test.setTimeout(120_000);
      const { name, ...preferences } = theme;
      const mode = preferences.isLandscapeMode ? 'landscape' : 'interior';
      const withTheme = (target: Page) =>
        target.addInitScript(
          (value) => window.localStorage.setItem('dwellscape-theme', value),
          JSON.stringify(preferences),
        );
      const shot = (target: Page, screen: string) =>
        target.screenshot({ path: path.join(shotsDir!, `${screen}-${name}.png`) });

      // Noor publishes; Ravi (another browser) follows, likes, comments and saves; Noor follows back
      await withTheme(page);
      const noor = await signUp(page, { displayName: 'Noor Haddad' });
      const title = mode === 'landscape' ? 'Terraced herb garden' : 'Sunlit reading nook';
      const design = await publishDesign(page.request, {
        mode,
        title: `${title} ${uniqueSuffix().slice(-4)}`,
        caption: 'Warm oak, linen and a lot of morning light.',
        productCount: 3,
      });
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
      });
      const ravi = await context.newPage();
      await withTheme(ravi);
      const raviAccount = await signUp(ravi, { displayName: 'Ravi Menon' });
      for (const call of [
        ravi.request.put(`/api/users/${noor.user.id}/follow`),
        ravi.request.put(`/api/designs/${design.id}/like`),
        ravi.request.put(`/api/designs/${design.id}/save`),
        ravi.request.post(`/api/designs/${design.id}/comments`, { data: { text: 'Where is the lamp from?' } }),
        page.request.put(`/api/users/${raviAccount.user.id}/follow`),
      ])
        expect((await call).ok()).toBe(true);

      // Ravi: the Following view, with Noor's card saved, and the Activity badge for Noor's follow
      await open(ravi, '/?view=following');
      await expect(designCard(ravi, design.title)).toBeVisible();
      await settle(ravi);
      await shot(ravi, 'social-feed-following');
      await designCard(ravi, design.title).screenshot({
        path: path.join(shotsDir!, `social-card-bookmark-${name}.png`),
      });

      // Noor: the badge on Home, then Activity with the new ones marked
      await open(page, '/');
      await expect(mainNavigation(page).getByRole('link', { name: /^Activity, \d+ unread/ })).toBeVisible();
      await settle(page);
      await shot(page, 'social-badge-home');
      await mainNavigation(page)
        .getByRole('link', { name: /^Activity/ })
        .click();
      await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
      await settle(page);
      await shot(page, 'social-activity');

      // Noor on a profile she does not follow: 'Follow'
      const sample = await (await page.request.get('/api/search', { params: { q: 'a', mode } })).json();
      const someone = (
        sample as { users: { id: string; isCurrentUser: boolean; isFollowedByViewer: boolean }[] }
      ).users.find((user) => !user.isCurrentUser && !user.isFollowedByViewer)!;
      await open(page, `/profile/${someone.id}`);
      await settle(page);
      await shot(page, 'social-profile-follow');

      await context.close();
    });
  }
});
