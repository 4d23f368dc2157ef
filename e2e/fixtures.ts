import { apiPaths, sessionResponseSchema, type User } from '@dwellscape/shared';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** The server's default gate password: the suite runs with BETA_PASSWORD unset. */
export const BETA_PASSWORD = 'dwellscape';

const SESSION_COOKIE_NAME = 'dwellscape_session';

export interface SignUpOptions {
  /** A fresh `e2e_…` name unless told: specs sharing one server never meet each other's accounts. */
  username?: string;
  displayName?: string;
  password?: string;
}

/** An account a spec made, with what it takes to sign in to it again. */
export interface TestAccount {
  username: string;
  displayName: string;
  password: string;
  user: User;
}

/** A username no other test uses: lower-case letters, digits and _, at most 30 characters. */
export const uniqueUsername = (prefix = 'e2e') =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`.slice(0, 30);

/** A password the server's rules take (long, not common, no runs or repeats, not the username). */
export const uniquePassword = () => `plum orchard ${Math.random().toString(36).slice(2, 8)} lantern`;

export interface AppFixtures {
  /** Fails the test on any uncaught error in the page. */
  failOnPageError: void;
  /** Fills in the gate on the current page and waits until the app is open. */
  unlock: (password?: string) => Promise<void>;
  /** Loads a path of the app (every load shows the gate) and unlocks it. */
  navigate: (path: string) => Promise<void>;
  /**
   * Signs the page's browser up to a new account, through the API (publishing and commenting need one,
   * decision 0016). Call it before `navigate()`: the app then opens signed in, as after a reload. Called
   * on an open app, the app learns of it only at its next load.
   */
  signUp: (page: Page, options?: SignUpOptions) => Promise<TestAccount>;
}

export const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
export const passwordField = (page: Page) => page.getByLabel('Beta Access Password');

/**
 * Waits until a dialog that has just opened holds the focus. The dialog moves the focus in a moment after it appears
 * (to its first field or to 'Close'); a `fill` in that moment can type into the element the focus leaves, or have
 * the focus taken from under it. A CI run lost the delete-account confirmation that way. Call it before the first
 * typing or key press in a dialog.
 */
export async function dialogHasFocus(dialog: Locator): Promise<Locator> {
  await expect(dialog.locator(':focus')).toHaveCount(1);
  return dialog;
}

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
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  signUp: async ({}, use) => {
    await use(async (page, options = {}) => {
      const request = page.context().request;
      const cookies = await page.context().cookies();
      // a gate session first when the browser has none yet (the app unlocks this same session later); an
      // existing one is kept, since entering the password again would rotate the token under an open app
      if (!cookies.some((cookie) => cookie.name === SESSION_COOKIE_NAME)) {
        const gate = await request.post(apiPaths.gate, { data: { password: BETA_PASSWORD } });
        expect(gate.status(), 'the gate opens').toBe(204);
      }
      const username = options.username ?? uniqueUsername();
      const displayName = options.displayName ?? `Tester ${username.slice(-6)}`;
      const password = options.password ?? uniquePassword();
      const response = await request.post(apiPaths.signUp, { data: { username, displayName, password } });
      expect(response.status(), await response.text()).toBe(201);
      const session = sessionResponseSchema.parse(await response.json());
      return { username, displayName, password, user: session.currentUser };
    });
  },
});

export { expect };
