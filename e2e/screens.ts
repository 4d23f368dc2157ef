import { apiPaths, messages, orderMessages, type Mode } from '@dwellscape/shared';
import { expect, type Page } from '@playwright/test';
import {
  afterImage,
  answerAllQuestions,
  choosePresetSpace,
  headings,
  nextButton,
  pickProducts,
  renderButton,
} from './create-design-flow';
import { designCard, PREFERENCES_KEY, publishDesign, uniqueSuffix } from './feed-helpers';
import { passwordField, type AppFixtures } from './fixtures';

/** The walk through every screen that the tap-target and axe specs share (docs/product.md §2's screens). */

export interface Theme {
  name: string;
  isDarkMode: boolean;
  isLandscapeMode: boolean;
}

export const themes: readonly Theme[] = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'light-landscape', isDarkMode: false, isLandscapeMode: true },
  { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
];

export interface ScreenWalk {
  page: Page;
  navigate: AppFixtures['navigate'];
  signUp: AppFixtures['signUp'];
  theme: Theme;
  /** Called once each screen (or open dialog) has its data and has settled. */
  check: (screen: string) => Promise<void>;
}

/** Waits until loading skeletons are gone (they say aria-busy) and entrance animations have ended. */
export async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  // a looping animation never finishes: wait a second at most
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1_000)),
    ]),
  );
  await page.waitForTimeout(150);
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/**
 * Visits every screen as a person would, in the theme's colours and design mode: the gate and the sign-in sheet as
 * a guest, then, signed up, the feed with its comments and product dialogs, a post, search, profiles, settings,
 * activity, the create flow's four steps (the result with 'Adjust placement' open), see-in-my-space, purchase,
 * orders and earnings. Renders once (the create flow's result step): give the test a few minutes.
 */
export async function visitEveryScreen({ page, navigate, signUp, theme, check }: ScreenWalk) {
  const mode: Mode = theme.isLandscapeMode ? 'landscape' : 'interior';
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    PREFERENCES_KEY,
    JSON.stringify({ isDarkMode: theme.isDarkMode, isLandscapeMode: theme.isLandscapeMode }),
  ] as const);

  await page.goto('/');
  await expect(passwordField(page)).toBeVisible();
  await check('gate');

  // a guest: Activity invites them to sign in
  await navigate('/activity');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await check('sign-in sheet');

  const account = await signUp(page);
  const design = await publishDesign(page.request, {
    mode,
    title: `Every screen ${uniqueSuffix()}`,
    productCount: 3,
  });
  const comment = await page.request.post(apiPaths.designComments(design.id), {
    data: { text: 'The light in here is lovely' },
  });
  expect(comment.ok(), await comment.text()).toBe(true);

  await navigate('/');
  const card = designCard(page, design.title);
  await expect(card).toBeVisible({ timeout: 15_000 });
  await settle(page);
  await check('feed');

  await card.getByRole('button', { name: 'Comments, 1' }).click();
  await expect(page.getByRole('dialog', { name: 'Comments' }).getByRole('listitem')).toHaveCount(1);
  await settle(page);
  await check('comments dialog');
  await closeDialog(page);

  const product = design.selectedProducts[0]!;
  await card.getByRole('button', { name: product.name, exact: true }).click();
  await expect(page.getByRole('dialog', { name: product.name })).toBeVisible();
  await settle(page);
  await check('product dialog');
  await closeDialog(page);

  await card.getByRole('link', { name: design.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: design.title })).toBeAttached();
  await settle(page);
  await check('post');

  await navigate('/search?q=a');
  await expect(page.getByRole('tab', { name: /^Designs \(\d+\)$/ })).toBeVisible({ timeout: 15_000 });
  await settle(page);
  await check('search: designs');
  for (const tab of ['Products', 'Users']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).click();
    await settle(page);
    await check(`search: ${tab.toLowerCase()}`);
  }

  // someone else's profile: the author of a seeded design
  await navigate('/');
  const otherAuthor = page
    .getByRole('list', { name: 'Designs' })
    .getByRole('article')
    .filter({ hasNot: page.getByText(account.displayName) })
    .first()
    .getByRole('link')
    .first();
  await otherAuthor.click();
  await expect(page).toHaveURL(/\/profile\//);
  await settle(page);
  await check('profile');

  await navigate('/profile');
  await expect(page.getByRole('button', { name: messages.profile.settings })).toBeVisible({ timeout: 15_000 });
  await settle(page);
  await check('own profile');
  await page.getByRole('button', { name: messages.profile.settings }).click();
  await expect(page.getByRole('dialog', { name: messages.profile.settings })).toBeVisible();
  await settle(page);
  await check('settings');
  await closeDialog(page);
  await page.getByRole('button', { name: messages.profile.editProfile }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await settle(page);
  await check('edit profile');
  await closeDialog(page);

  await navigate('/activity');
  await settle(page);
  await check('activity');

  await navigate('/create-design/start');
  await pickProducts(page, mode, 2);
  await settle(page);
  await check('create: 1 products');
  await nextButton(page).click();
  await answerAllQuestions(page);
  await settle(page);
  await check('create: 2 questions');
  await nextButton(page).click();
  await choosePresetSpace(page);
  await settle(page);
  await check('create: 3 space');
  await renderButton(page).click();
  await expect(afterImage(page)).toBeVisible({ timeout: 120_000 });
  await settle(page);
  await check('create: result');
  await page.getByRole('button', { name: 'Adjust placement' }).click();
  await expect(page.getByRole('button', { name: /^Move (?!the )/ }).first()).toBeVisible({ timeout: 20_000 });
  await settle(page);
  await check('create: result, adjust placement');
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
  await settle(page);
  await check('create: 4 post');

  await navigate(`/shop-design/${design.id}`);
  await expect(page.getByRole('heading', { level: 1, name: design.title })).toBeVisible();
  await settle(page);
  await check('shop design');
  await page.getByRole('button', { name: messages.shop.seeInSpace }).click();
  await expect(page.getByRole('list', { name: 'Products to place' })).toBeVisible();
  await settle(page);
  await check('see in my space: products');
  await page.getByRole('button', { name: messages.shop.continueToSpace }).click();
  await expect(page.getByRole('list', { name: 'Spaces' })).toBeVisible();
  await settle(page);
  await check('see in my space: space');

  await navigate(`/shop-design/${design.id}`);
  await page.getByRole('button', { name: messages.shop.purchaseProducts }).click();
  await expect(page.getByRole('list', { name: 'Products in this design' })).toBeVisible();
  await settle(page);
  await check('shop design: purchase products');
  await page.getByRole('button', { name: messages.shop.checkout }).click();
  await expect(page).toHaveURL('/purchase');
  await settle(page);
  await check('purchase');
  await page.getByRole('button', { name: messages.purchase.complete }).click();
  const placed = page.getByRole('dialog', { name: orderMessages.placedTitle });
  await expect(placed).toBeVisible({ timeout: 15_000 });
  await settle(page);
  await check('order placed');
  await placed.getByRole('link', { name: 'Your orders' }).click();
  await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible();
  await settle(page);
  await check('orders');

  await navigate('/earnings');
  await settle(page);
  await check('earnings');
}
