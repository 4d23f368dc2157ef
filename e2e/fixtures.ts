import { test as base, expect, type Page } from '@playwright/test';

/** The server's default gate password: the suite runs with BETA_PASSWORD unset. */
export const BETA_PASSWORD = 'dwellscape';

export interface AppFixtures {
  /** Fails the test on any uncaught error in the page. */
  failOnPageError: void;
  /** Fills in the gate on the current page and waits until the app is open. */
  unlock: (password?: string) => Promise<void>;
  /** Loads a path of the app (every load shows the gate) and unlocks it. */
  navigate: (path: string) => Promise<void>;
}

export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const passwordField = (page: Page) => page.getByLabel('Beta Access Password');

export const test = base.extend<AppFixtures>({
  failOnPageError: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use();
      expect(
        errors.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
  unlock: async ({ page }, use) => {
    await use(async (password = BETA_PASSWORD) => {
      await passwordField(page).fill(password);
      await page.getByRole('button', { name: 'Enter App' }).click();
      await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
    });
  },
  navigate: async ({ page, unlock }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await unlock();
    });
  },
});

export { expect };
