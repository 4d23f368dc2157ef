import { messages } from '@dwellscape/shared';
import { expect, mainNavigation, test } from './fixtures';

test.describe('activity', () => {
  test('a guest is invited to sign in, and fetches no notifications', async ({ page, navigate }) => {
    let asked = 0;
    await page.route('**/api/notifications', (route) => {
      asked += 1;
      return route.fallback();
    });
    await navigate('/');
    await mainNavigation(page).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByText('Sign in to see your activity')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    expect(asked).toBe(0);
  });

  test("a signed-in person's activity lists what happens to them, then 'All caught up!'", async ({
    page,
    navigate,
    signUp,
    browser,
  }) => {
    const me = await signUp(page);
    // someone else follows the new account: a follow notification, written by the server
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await signUp(otherPage);
    const follow = await otherPage.context().request.put(`/api/users/${me.user.id}/follow`);
    expect(follow.ok()).toBe(true);
    await other.close();

    await navigate('/activity');
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('img', { name: 'Follow' })).toBeVisible();
    await expect(page.getByText(messages.activity.caughtUp)).toBeVisible();
  });

  test('a failed load offers to try again', async ({ page, navigate, signUp }) => {
    await signUp(page);
    let failures = 0;
    await page.route('**/api/notifications', (route) => {
      if (failures < 4) {
        failures += 1;
        return route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
      }
      return route.fallback();
    });
    await navigate('/activity');
    await expect(page.getByText('Could not load your activity')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: messages.feed.tryAgain }).click();
    // a new account has nothing yet: the one empty state (docs/product.md §2.10)
    await expect(page.getByText('No notifications yet.')).toBeVisible();
  });
});
