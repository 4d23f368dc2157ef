import { messages } from '@dwellscape/shared';
import type { Browser, Page } from '@playwright/test';
import { designCard, publishDesign, uniqueSuffix } from './feed-helpers';
import { BETA_PASSWORD, expect, mainNavigation, passwordField, test } from './fixtures';

/** A second person: a browser context of its own (its own gate session and account), watched for page errors. */
async function secondBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Loads a path and unlocks the gate (every load shows it). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await passwordField(page).fill(BETA_PASSWORD);
  await page.getByRole('button', { name: 'Enter App' }).click();
  await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
}

const activityItem = (page: Page) => mainNavigation(page).getByRole('link', { name: /^Activity/ });
const feeds = (page: Page) => page.getByRole('navigation', { name: 'Feeds' });
const profileCount = (page: Page, label: 'Followers' | 'Following') =>
  page.getByRole('region', { name: 'Profile' }).getByText(label, { exact: true }).locator('xpath=preceding-sibling::p');

test('two people: follow, like, comment and save arrive live in Activity; then one deletes the account', async ({
  page: pageA,
  browser,
  navigate,
  signUp,
}) => {
  test.setTimeout(120_000);
  // A publishes a design and stays on Home, watching the Activity item
  const a = await signUp(pageA);
  await navigate('/');
  const title = `Social check ${uniqueSuffix()}`;
  const design = await publishDesign(pageA.request, { mode: 'interior', title });
  await expect(activityItem(pageA)).toHaveAccessibleName('Activity');

  // B signs up in a browser of their own and follows A from A's profile
  const b = await secondBrowser(browser);
  const pageB = b.page;
  const accountB = await signUp(pageB);
  await open(pageB, `/profile/${a.user.id}`);
  await expect(profileCount(pageB, 'Followers')).toHaveText('0');
  await pageB.getByRole('button', { name: `Follow ${a.displayName}` }).click();
  await expect(pageB.getByRole('button', { name: `Following ${a.displayName}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(profileCount(pageB, 'Followers')).toHaveText('1');

  // A's badge counts the follow as it happens
  await expect(activityItem(pageA)).toHaveAccessibleName('Activity, 1 unread');

  // B's Following view shows A's design; B likes it and saves it there
  await mainNavigation(pageB).getByRole('link', { name: 'Home' }).click();
  await feeds(pageB).getByRole('link', { name: 'Following' }).click();
  await expect(pageB).toHaveURL('/?view=following');
  const card = designCard(pageB, title);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Like/ }).click();
  await expect(card.getByRole('button', { name: /^Like/ })).toHaveAccessibleName('Like, 1 like');
  const saved = pageB.waitForResponse(
    (response) => response.url().endsWith(`/api/designs/${design.id}/save`) && response.request().method() === 'PUT',
  );
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  expect((await saved).ok()).toBe(true);
  await expect(activityItem(pageA)).toHaveAccessibleName('Activity, 2 unread');

  // A opens Activity: both are there, marked new, and the badge is gone once they are read
  await activityItem(pageA).click();
  const notifications = pageA.getByRole('list', { name: 'Notifications' });
  await expect(notifications.getByRole('listitem').first()).toContainText(
    `${accountB.displayName} liked your design “${title}”.`,
  );
  await expect(notifications.getByRole('listitem').nth(1)).toContainText(
    `${accountB.displayName} started following you.`,
  );
  await expect(notifications.getByRole('img', { name: 'New' })).toHaveCount(2);
  await expect(notifications.getByRole('listitem').first().locator('time')).toHaveText(/just now|minutes? ago/);

  // B comments from the post page while A watches Activity: it arrives on top, live
  await card.getByRole('link', { name: title }).click();
  await expect(pageB).toHaveURL(`/post/${design.id}`);
  await expect(pageB.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  const comment = `Where is the lamp from? ${uniqueSuffix()}`;
  await pageB.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
  await pageB.getByRole('textbox', { name: 'Add a comment' }).press('Enter');
  await expect(pageB.getByRole('list', { name: 'Comments' })).toContainText(comment);
  await expect(notifications.getByRole('listitem').first()).toContainText(
    `${accountB.displayName} commented on “${title}”: “${comment}”`,
  );
  await expect(notifications.getByRole('img', { name: 'Comment' })).toBeVisible();
  await expect(notifications.getByRole('img', { name: 'New' })).toHaveCount(3);

  // the follow moved the counts on both profiles
  await mainNavigation(pageA).getByRole('link', { name: 'Profile' }).click();
  await expect(pageA.getByRole('heading', { level: 1, name: a.displayName })).toBeVisible();
  await expect(profileCount(pageA, 'Followers')).toHaveText('1');
  // what arrived was read on the Activity screen: no badge after leaving it
  await expect(activityItem(pageA)).toHaveAccessibleName('Activity');
  await mainNavigation(pageB).getByRole('link', { name: 'Profile' }).click();
  await expect(pageB.getByRole('heading', { level: 1, name: accountB.displayName })).toBeVisible();
  await expect(profileCount(pageB, 'Following')).toHaveText('1');

  // B's Saved tab has A's design
  await pageB.getByRole('tab', { name: messages.profile.saved }).click();
  await expect(pageB.getByRole('list', { name: 'Saved designs' }).getByRole('link', { name: title })).toBeVisible();

  // A deletes the account (Settings)
  await pageA.getByRole('button', { name: messages.profile.settings }).click();
  await pageA
    .getByRole('dialog', { name: messages.profile.settings })
    .getByRole('button', { name: 'Delete account' })
    .click();
  const confirm = pageA.getByRole('dialog', { name: 'Delete your account?' });
  // the field has the focus once the dialog has opened: typing before then could land in the dialog behind it
  const field = confirm.getByRole('textbox', { name: `Type ${a.username} to confirm` });
  await expect(field).toBeFocused();
  await field.fill(a.username);
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(pageA.getByText('Your account has been deleted')).toBeVisible();

  // B: A's design is gone from the Following view, B follows one person less, nothing else breaks
  await open(pageB, '/?view=following');
  await expect(pageB.getByText('Nothing from people you follow yet')).toBeVisible();
  await expect(designCard(pageB, title)).toHaveCount(0);
  await feeds(pageB).getByRole('link', { name: 'For you' }).click();
  await expect(pageB.getByRole('list', { name: 'Designs' }).getByRole('article').first()).toBeVisible();
  await expect(designCard(pageB, title)).toHaveCount(0);
  await mainNavigation(pageB).getByRole('link', { name: 'Profile' }).click();
  await expect(profileCount(pageB, 'Following')).toHaveText('0');
  await pageB.getByRole('tab', { name: messages.profile.saved }).click();
  await expect(pageB.getByText('Nothing saved yet')).toBeVisible();
  await mainNavigation(pageB)
    .getByRole('link', { name: /^Activity/ })
    .click();
  // the other account's like, comment and follow went with it: an empty list has one empty state (docs/product.md §2.10)
  await expect(pageB.getByText('No notifications yet.')).toBeVisible();
  await expect(pageB.getByText(messages.activity.caughtUp)).toHaveCount(0);
  await open(pageB, `/post/${design.id}`);
  await expect(pageB.getByText(messages.post.notFound)).toBeVisible();
  await open(pageB, `/profile/${a.user.id}`);
  await expect(pageB.getByText(messages.profile.notFound)).toBeVisible();

  expect(b.errors, 'uncaught errors in B’s page').toEqual([]);
  await b.context.close();
});
