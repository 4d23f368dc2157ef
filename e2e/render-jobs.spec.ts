import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { apiPaths, describeReceipt, publishDesignBodySchema, renderJobSchema, type Mode } from '@dwellscape/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { BETA_PASSWORD, expect, test } from './fixtures';
import {
  afterImage,
  continueButton,
  countGenerateCalls,
  currentDesignSession,
  headings,
  publishButton,
  reachSpaceStepWithPreset,
  renderButton,
  templatesOf,
  useDesignMode,
} from './create-design-flow';

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Render progress' });
/** With SHOTS_DIR set, the progress and variations screens are kept as PNGs there. */
const shotsDir = process.env.SHOTS_DIR;

/** The screen as it is, in light and in dark mode (the `dark` class, as the preference sets it). */
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.body.classList.toggle('dark', dark), theme === 'dark');
    // the theme's colours ease in: let them settle
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${theme}.png`) });
  }
  await page.evaluate(() => document.body.classList.remove('dark'));
}

/**
 * Other people's renders that fill the render workers for a while, so that the job the test starts waits in line
 * and is still under way after a reload. Each person may have two jobs at once.
 */
async function fillTheRenderQueue(browser: Browser, spaceImage: string, people = 2): Promise<APIRequestContext[]> {
  const contexts: APIRequestContext[] = [];
  for (let person = 0; person < people; person++) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const gate = await context.request.post(apiPaths.gate, { data: { password: BETA_PASSWORD } });
    expect(gate.status()).toBe(204);
    for (let job = 0; job < 2; job++) {
      const res = await context.request.post(apiPaths.renderJobs, {
        data: { prompt: 'a calm room with warm light', spaceImage, variations: 4 },
      });
      expect(res.status(), await res.text()).toBe(202);
    }
    contexts.push(context.request);
  }
  return contexts;
}

test.describe('render jobs', () => {
  // one after another: each fills the render queue, and on a small machine two at once starve the page
  test.describe.configure({ mode: 'default' });

  for (const mode of ['interior', 'landscape'] as Mode[]) {
    test(`${mode}: a reload mid-render picks the job up again; the variations arrive side by side; the chosen one is published`, async ({
      page,
      browser,
      navigate,
      unlock,
      signUp,
    }) => {
      test.setTimeout(150_000);
      await useDesignMode(page, mode);
      await signUp(page);
      const generateCalls = countGenerateCalls(page);
      const [template] = await templatesOf(page, mode);

      await navigate('/create-design/start');
      await reachSpaceStepWithPreset(page, mode);
      // just before this render: it waits behind them, long enough to reload in the middle
      await fillTheRenderQueue(browser, template!.imageUrl, 3);
      await renderButton(page).click();
      await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
      await expect(progressBar(page)).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /Waiting in line|Next in line|…/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      const session = await currentDesignSession(page);

      // a reload clears the flow's choices (docs/product.md §4), but the step follows the same job: it reads that job's stream again
      const jobId: string = (await page.evaluate(() => JSON.parse(sessionStorage.getItem('designSession') ?? '{}')))
        .renderJobId;
      expect(jobId).toBeTruthy();
      const followedAgain = page.waitForRequest((request) => request.url().includes(apiPaths.renderJobEvents(jobId)));
      await page.reload();
      await unlock();
      await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
      await followedAgain;
      expect((await currentDesignSession(page)).id).toBe(session.id);
      // still under way (three people's renders were ahead of it): its progress shows again
      await expect(progressBar(page)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      await shoot(page, `render-progress-${mode}`);

      const second = page.getByRole('button', { name: 'Variation 2' });
      await expect(second).toBeVisible({ timeout: 90_000 });
      await expect(page.getByRole('button', { name: 'Variation 1' })).toHaveAttribute('aria-pressed', 'true');
      expect(generateCalls()).toHaveLength(1);
      await shoot(page, `render-variations-${mode}`);

      const job = renderJobSchema.parse(await (await page.request.get(apiPaths.renderJob(jobId))).json());
      expect(job.status).toBe('done');
      expect(job.variations).toHaveLength(2);
      expect(job.variations[0]!.imageUrl).not.toBe(job.variations[1]!.imageUrl);

      // each variation shows its own receipt line, and its placements can be adjusted
      const receiptLine = (index: number) => describeReceipt(job.variations[index]!.receipt!, mode);
      await expect(page.getByText(receiptLine(0), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Adjust placement' })).toBeVisible();
      expect(job.variations[1]!.placements?.length).toBeGreaterThan(0);

      await second.click();
      await expect(second).toHaveAttribute('aria-pressed', 'true');
      await expect(afterImage(page)).toHaveAttribute('src', job.variations[1]!.imageUrl);
      await expect(page.getByText(receiptLine(1), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Adjust placement' })).toBeVisible();
      await shoot(page, `render-result-${mode}`);

      await continueButton(page).click();
      await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Your generated design' })).toHaveAttribute(
        'src',
        job.variations[1]!.imageUrl,
      );
      await page.getByRole('textbox', { name: 'Title' }).fill(`Variation two ${mode}`);
      await page.getByRole('textbox', { name: 'Description' }).fill('The cooler of the two');
      const publishRequest = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === apiPaths.designs,
      );
      await publishButton(page).click();
      const body = publishDesignBodySchema.parse((await publishRequest).postDataJSON());
      expect(body.afterImageUrl).toBe(job.variations[1]!.imageUrl);
      expect(body.beforeImageUrl).toBe(session.beforeImageUrl);
      await expect(page.getByText('Success! Your design has been published to the community feed.')).toBeVisible();
    });
  }

  test("'Cancel' stops a render: the step says so, the job is cancelled, and 'Render again' starts a new one", async ({
    page,
    browser,
    navigate,
  }) => {
    test.setTimeout(120_000);
    const generateCalls = countGenerateCalls(page);
    await navigate('/create-design/start');
    const [template] = await templatesOf(page, 'interior');
    await reachSpaceStepWithPreset(page);
    await fillTheRenderQueue(browser, template!.imageUrl, 1);
    await renderButton(page).click();
    const cancel = page.getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeEnabled();
    await cancel.click();
    await expect(page.getByText('Render cancelled')).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();

    const { renderJobId } = await page.evaluate(() => JSON.parse(sessionStorage.getItem('designSession') ?? '{}'));
    await expect
      .poll(
        async () =>
          renderJobSchema.parse(await (await page.request.get(apiPaths.renderJob(renderJobId))).json()).status,
      )
      .toBe('cancelled');

    await page.getByRole('button', { name: 'Render again' }).click();
    await expect(page.getByRole('button', { name: 'Variation 2' })).toBeVisible({ timeout: 90_000 });
    expect(generateCalls()).toHaveLength(2);
  });
});
