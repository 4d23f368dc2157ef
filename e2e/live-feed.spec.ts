import { expect, test, BETA_PASSWORD, mainNavigation, type AppFixtures } from './fixtures';
import { designCard, feedCards, fetchDesign, publishDesign, startInMode, uniqueSuffix } from './feed-helpers';
import type { Browser, Page } from '@playwright/test';

/** The titles of the feed's cards, top to bottom (each card is named by its title). */
const cardTitles = (page: Page) =>
  feedCards(page).evaluateAll((cards) =>
    cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
  );

/**
 * Waits until `title` is above every card that was on the feed before it was published: it arrived at the top.
 * Other tests publish on the same server meanwhile, so a design of theirs may arrive above it, as it should.
 */
async function expectArrivedOnTop(page: Page, title: string, before: readonly string[]) {
  await expect
    .poll(async () => {
      const titles = await cardTitles(page);
      const position = titles.indexOf(title);
      const firstOld = titles.findIndex((shown) => before.includes(shown));
      return position >= 0 && (firstOld === -1 || position < firstOld);
    })
    .toBe(true);
}

async function openUnlockedFeed(
  browser: Browser,
  baseURL: string,
  mode: 'interior' | 'landscape',
  signUp?: AppFixtures['signUp'],
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await startInMode(page, mode);
  if (signUp) await signUp(page);
  await page.goto('/');
  await page.getByLabel('Beta Access Password').fill(BETA_PASSWORD);
  await page.getByRole('button', { name: 'Enter App' }).click();
  await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
  await expect(feedCards(page).first()).toBeVisible();
  return page;
}

test('a design published in one browser appears at the top of another browser’s feed without a reload', async ({
  browser,
  baseURL,
  signUp,
}) => {
  const watcher = await openUnlockedFeed(browser, baseURL!, 'interior');
  // publishing needs an account (decision 0016)
  const publisher = await openUnlockedFeed(browser, baseURL!, 'interior', signUp);
  await watcher.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const interiorBefore = await cardTitles(watcher);

  const suffix = uniqueSuffix();
  // the other mode's design must not show up in this feed
  const landscape = await publishDesign(publisher.request, { mode: 'landscape', title: `Live landscape ${suffix}` });
  const interior = await publishDesign(publisher.request, {
    mode: 'interior',
    title: `Live interior ${suffix}`,
    productCount: 2,
  });

  await expect(designCard(watcher, interior.title)).toBeVisible();
  await expectArrivedOnTop(watcher, interior.title, interiorBefore);
  await expect(designCard(watcher, landscape.title)).toHaveCount(0);
  expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // the publisher's own feed got it too, exactly once
  await expect(designCard(publisher, interior.title)).toHaveCount(1);

  // the stream follows the mode: switching shows the landscape design (from the list) and then live ones of that mode
  await watcher.getByRole('switch', { name: 'Design mode' }).click();
  await expect(designCard(watcher, landscape.title)).toHaveCount(1);
  const landscapeBefore = await cardTitles(watcher);
  const second = await publishDesign(publisher.request, { mode: 'landscape', title: `Live landscape again ${suffix}` });
  await expect(designCard(watcher, second.title)).toBeVisible();
  await expectArrivedOnTop(watcher, second.title, landscapeBefore);
  await expect(designCard(watcher, interior.title)).toHaveCount(0);

  // a live card works like any other: liking it from the watcher reaches the server. The watcher is signed out, so
  // the like is its session's: the public count holds signed-in likes only, and the watcher sees its own on top
  await designCard(watcher, second.title).getByRole('button', { name: /^Like/ }).click();
  await expect.poll(async () => (await fetchDesign(watcher.request, second.id)).likedByViewer).toBe(true);
  expect((await fetchDesign(watcher.request, second.id)).likesCount).toBe(0);
  await expect(designCard(watcher, second.title).getByRole('button', { name: 'Like, 1 like' })).toBeVisible();

  await watcher.context().close();
  await publisher.context().close();
});
