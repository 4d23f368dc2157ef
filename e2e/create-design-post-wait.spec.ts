import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  continueButton,
  currentDesignSession,
  GENERATE_PATH,
  headings,
  publishButton,
  reachSpaceStepWithPreset,
  renderButton,
  uniqueSuffix,
} from './create-design-flow';

const GENERATED_DESIGN_KEY = 'generatedDesignImage';
const generatedDesign = (page: Page) => page.getByRole('img', { name: 'Your generated design' });

/** Reaches post-creation while the render is still running (the server never answers it here). */
async function waitOnPostCreation(page: Page, navigate: (path: string) => Promise<void>) {
  await navigate('/create-design/start');
  await reachSpaceStepWithPreset(page);
  await page.route(`**${GENERATE_PATH}`, () => {
    // left unanswered: the render step stays on its way for the whole test
  });
  await renderButton(page).click();
  await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
  await expect(page.getByText('Your design is still being generated…')).toBeVisible();
  await expect(publishButton(page)).toBeDisabled();
  return currentDesignSession(page);
}

/** Stops the page's clock a moment from now: from here only the test moves time. */
async function pauseClock(page: Page) {
  // on a busy machine "a moment from now" can pass before pauseAt runs, which Playwright refuses: read again
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 250);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('past')) throw error;
    }
  }
}

test.describe('post-creation without an image yet', () => {
  test('polls every second and takes the image as soon as the client store has it', async ({
    page,
    navigate,
    signUp,
  }) => {
    // it ends by publishing, which needs an account (decision 0016)
    await signUp(page);
    await page.clock.install();
    const session = await waitOnPostCreation(page, navigate);
    await pauseClock(page);

    // written as another part of this tab would: no storage event fires in the writing document
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: session.id, imageUrl: session.beforeImageUrl, timestamp: Date.now() }),
    ] as const);
    await page.waitForTimeout(500);
    await expect(generatedDesign(page)).toHaveCount(0);

    await page.clock.runFor(1000);
    await expect(generatedDesign(page)).toHaveAttribute('src', session.beforeImageUrl!);
    await expect(publishButton(page)).toBeEnabled();

    // and it publishes like any other design
    await page.clock.resume();
    const title = `Polled in ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await publishButton(page).click();
    await expect(page.getByText('Success! Your design has been published to the community feed.')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('list', { name: 'Designs' }).getByRole('listitem').first().getByRole('heading', { name: title }),
    ).toBeVisible();
  });

  test('gives up after 30 seconds of polling', async ({ page, navigate }) => {
    await page.clock.install();
    await waitOnPostCreation(page, navigate);
    await pauseClock(page);

    // the poll began when the step mounted, a few busy seconds before the clock was paused, so this
    // spec checks "still waiting well before 30 s, given up after it"; the exact edge is the component test's
    await page.clock.runFor(20_000);
    await expect(page.getByText('Your design is still being generated…')).toBeVisible();
    await page.clock.runFor(11_000);
    await expect(page.getByRole('alert').filter({ hasText: 'Your design has not arrived.' })).toBeVisible();
    await expect(page.getByText('Your design is still being generated…')).toHaveCount(0);
    await expect(publishButton(page)).toBeDisabled();
  });

  test('reacts at once to the image arriving from another tab (storage event)', async ({ page, context, navigate }) => {
    await page.clock.install();
    const session = await waitOnPostCreation(page, navigate);
    // with the clock stopped no poll can run: only the storage event can bring the image
    await pauseClock(page);

    const otherTab = await context.newPage();
    await otherTab.goto('/');
    await otherTab.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: session.id, imageUrl: session.beforeImageUrl, timestamp: Date.now() }),
    ] as const);

    await expect(generatedDesign(page)).toHaveAttribute('src', session.beforeImageUrl!);
    await expect(publishButton(page)).toBeEnabled();
    await otherTab.close();
  });
});
