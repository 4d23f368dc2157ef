import { listOf, messages, notificationSchema } from '@dwellscape/shared';
import { expect, mainNavigation, test } from './fixtures';

test.describe('activity', () => {
  test("lists the notifications of every type from the database, then 'All caught up!'", async ({ page, navigate }) => {
    await navigate('/');
    const response = await page.request.get('/api/notifications');
    const notifications = listOf(notificationSchema).parse(await response.json()).items;
    expect(new Set(notifications.map((each) => each.type))).toEqual(
      new Set(['like', 'follow', 'comment', 'commission']),
    );

    await mainNavigation(page).getByRole('link', { name: 'Activity' }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(notifications.length);
    for (const type of ['Like', 'Follow', 'Comment', 'Commission'])
      await expect(list.getByRole('img', { name: type }).first()).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText(notifications[0]!.message);
    await expect(page.getByText(messages.activity.caughtUp)).toBeVisible();

    // a design notification shows the design and opens its post
    const aboutDesign = notifications.find((each) => each.designId && each.thumbnailUrl)!;
    const row = list.getByRole('link').filter({ hasText: aboutDesign.message });
    await expect(row.locator(`img[src="${aboutDesign.thumbnailUrl}"]`)).toBeVisible();
    await row.click();
    await expect(page).toHaveURL(`/post/${aboutDesign.designId}`);
  });

  test('a failed load offers to try again', async ({ page, navigate }) => {
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
    await expect(page.getByText(messages.activity.caughtUp)).toBeVisible();
  });
});
