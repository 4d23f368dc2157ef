import { expect, test } from './fixtures';
import {
  afterImage,
  continueButton,
  countGenerateCalls,
  currentDesignSession,
  GENERATE_PATH,
  headings,
  reachSpaceStepWithPreset,
  renderButton,
} from './create-design-flow';

// long enough for a stray second render request (a double effect, a re-render) to have left the page
const SETTLE_MS = 1500;

test('the render step asks the server for exactly one render per entry', async ({ page, navigate }) => {
  test.setTimeout(90_000);
  const generateCalls = countGenerateCalls(page);
  await navigate('/create-design/start');
  await reachSpaceStepWithPreset(page);

  // hold the render so the step stays in its loading state while the page re-renders around it
  let releaseRender!: () => void;
  const released = new Promise<void>((resolve) => (releaseRender = resolve));
  await page.route(`**${GENERATE_PATH}`, async (route) => {
    await released;
    await route.continue();
  });
  await renderButton(page).click();
  await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
  await expect.poll(() => generateCalls().length).toBe(1);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.waitForTimeout(SETTLE_MS);
  expect(generateCalls()).toHaveLength(1);

  releaseRender();
  await expect(afterImage(page)).toBeVisible({ timeout: 30_000 });
  const firstSession = await currentDesignSession(page);
  await page.waitForTimeout(SETTLE_MS);
  expect(generateCalls()).toHaveLength(1);

  // every new entry is a new design session with its own single render
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: headings.space })).toBeVisible();
  await renderButton(page).click();
  await expect(afterImage(page)).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(SETTLE_MS);
  expect(generateCalls()).toHaveLength(2);
  const secondSession = await currentDesignSession(page);
  expect(secondSession.id).not.toBe(firstSession.id);

  // back from post-creation is an entry too
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(afterImage(page)).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(SETTLE_MS);
  expect(generateCalls()).toHaveLength(3);
});
