import { apiPaths } from '@dwellscape/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { designCard, holdLiveArrivals, publishDesign, uniqueSuffix } from './feed-helpers';

/*
 * docs/product.md §4: like and comment counts on the cards follow other people's actions live (the live feed's
 * stream sends them), and a screen shown again asks for them afresh.
 */

/** The live stream's counts reach the page within this: the brief's 5 s. */
const LIVE_WITHIN_MS = 5_000;
/** How long a screen's designs count as current (apps/web lib/query-client.ts DESIGN_COUNTS_STALE_MS). */
const DESIGN_COUNTS_STALE_MS = 5_000;

const comment = async (request: APIRequestContext, id: string, text: string) => {
  const response = await request.post(apiPaths.designComments(id), { data: { text } });
  expect(response.status(), await response.text()).toBe(201);
};
const setLike = async (request: APIRequestContext, id: string, liked: boolean) => {
  const response = liked ? await request.put(apiPaths.designLike(id)) : await request.delete(apiPaths.designLike(id));
  expect(response.ok(), await response.text()).toBe(true);
};

test.describe('counts other people change', () => {
  test('a like, a second comment and an unlike by someone else show on the card within 5 s', async ({
    page,
    navigate,
    signUp,
    browser,
    baseURL,
  }) => {
    await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, { mode: 'interior', title: `Live counts ${uniqueSuffix()}` });
    const card = designCard(page, design.title);
    // the live stream brings the new design to the top of the feed
    await expect(card).toBeVisible({ timeout: 10_000 });
    const likeButton = card.getByRole('button', { name: /^Like/ });
    await expect(likeButton).toHaveAccessibleName('Like, 0 likes');

    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await signUp(otherPage);
      const { request } = otherPage;

      await setLike(request, design.id, true);
      await expect(likeButton).toHaveAccessibleName('Like, 1 like', { timeout: LIVE_WITHIN_MS });
      await comment(request, design.id, 'Lovely light in here');
      await expect(card.getByRole('button', { name: 'Comments, 1' })).toBeVisible({ timeout: LIVE_WITHIN_MS });
      await comment(request, design.id, 'And the rug works too');
      await expect(card.getByRole('button', { name: 'Comments, 2' })).toBeVisible({ timeout: LIVE_WITHIN_MS });
      await setLike(request, design.id, false);
      await expect(likeButton).toHaveAccessibleName('Like, 0 likes', { timeout: LIVE_WITHIN_MS });
      // the viewer's own like is still theirs to give
      await expect(likeButton).toHaveAttribute('aria-pressed', 'false');
    } finally {
      await other.close();
    }
  });

  test('without the live stream, Home shown again after Search asks for the counts afresh', async ({
    page,
    navigate,
    signUp,
    browser,
    baseURL,
  }) => {
    await signUp(page);
    const design = await publishDesign(page.request, { mode: 'interior', title: `Stale counts ${uniqueSuffix()}` });
    // no live stream: only asking again can bring the counts
    await holdLiveArrivals(page);
    await navigate('/');
    const card = designCard(page, design.title);
    await expect(card.getByRole('button', { name: 'Comments, 0' })).toBeVisible({ timeout: 10_000 });

    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await signUp(otherPage);
      await comment(otherPage.request, design.id, 'Where is the lamp from?');
      await setLike(otherPage.request, design.id, true);
    } finally {
      await other.close();
    }

    // the feed's answer is older than its freshness by the time Home shows again
    await page.waitForTimeout(DESIGN_COUNTS_STALE_MS);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(card.getByRole('button', { name: 'Comments, 1' })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Like/ })).toHaveAccessibleName('Like, 1 like');
  });
});
