import { messages, type RenderJob } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  afterImage,
  answerAllQuestions,
  choosePresetSpace,
  continueButton,
  countGenerateCalls,
  GENERATE_PATH,
  headings,
  makeItemPhoto,
  makeSpacePhoto,
  nextButton,
  pickProducts,
  productTile,
  publishButton,
  reachSpaceStepWithPreset,
  renderButton,
  templatesOf,
} from './create-design-flow';

const backButton = (page: Page) => page.getByRole('link', { name: 'Back' });
/** A toast (sonner's live region), not the same words said on the page itself. */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** A render job as the server shows it, for answers routed by hand. */
const jobOf = (change: Partial<RenderJob>): RenderJob => ({
  id: 'e2e-routed-job',
  status: 'queued',
  position: null,
  progress: 0,
  variationCount: 2,
  variations: [],
  error: null,
  createdAt: new Date().toISOString(),
  ...change,
});

/** Routes the render call to answer `status` with `body` (a string is sent as is). */
async function answerRenderWith(page: Page, status: number, body: unknown) {
  await page.route(`**${GENERATE_PATH}`, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

test.describe('step 1: start', () => {
  test("'Next' is disabled until a product or an uploaded item exists", async ({ page, navigate }) => {
    await navigate('/create-design/start');
    await expect(page.getByRole('heading', { name: headings.start })).toBeVisible();
    await expect(nextButton(page)).toBeDisabled();

    await page.getByLabel('Upload your own items').setInputFiles([
      { name: 'side-table.png', mimeType: 'image/png', buffer: await makeItemPhoto('#8b5a2b') },
      { name: 'floor-lamp.png', mimeType: 'image/png', buffer: await makeItemPhoto('#333333') },
    ]);
    const items = page.getByRole('list', { name: 'Uploaded items' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(nextButton(page)).toBeEnabled();
    const ids = await page.evaluate(() =>
      JSON.parse(window.sessionStorage.getItem('uploadedProductImages') ?? '[]').map((item: { id: string }) => item.id),
    );
    expect(ids).toEqual([expect.stringMatching(/^uploaded_\d+_0$/), expect.stringMatching(/^uploaded_\d+_1$/)]);

    await page.getByRole('button', { name: 'Remove side table' }).click();
    await page.getByRole('button', { name: 'Remove floor lamp' }).click();
    await expect(nextButton(page)).toBeDisabled();

    await pickProducts(page, 'interior', 1);
    await expect(nextButton(page)).toBeEnabled();
  });

  test("a refused upload shows the server's reason", async ({ page, navigate }) => {
    await navigate('/create-design/start');
    const upload = page.getByLabel('Upload your own items');

    await upload.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image at all'),
    });
    await expect(toast(page, messages.upload.unsupportedType)).toBeVisible();

    await upload.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
    await expect(toast(page, messages.upload.tooLarge)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Uploaded items' })).toHaveCount(0);
    await expect(nextButton(page)).toBeDisabled();
  });
});

test.describe('step 2: flow-questions', () => {
  test("'Next' is disabled until every question has an answer", async ({ page, navigate }) => {
    await navigate('/create-design/start');
    await pickProducts(page, 'interior', 1);
    await nextButton(page).click();
    await expect(page.getByRole('heading', { name: headings.questions })).toBeVisible();
    await expect(page.getByRole('radiogroup').or(page.getByRole('combobox')).first()).toBeVisible();

    const groups = await page.getByRole('radiogroup').all();
    const selects = await page.getByRole('combobox').all();
    expect(groups.length + selects.length).toBeGreaterThan(1);
    await expect(nextButton(page)).toBeDisabled();
    for (const [index, group] of groups.entries()) {
      await group.getByRole('radio').first().click();
      const isLast = index === groups.length - 1 && selects.length === 0;
      if (!isLast) await expect(nextButton(page)).toBeDisabled();
    }
    for (const [index, select] of selects.entries()) {
      if (index === selects.length - 1) await expect(nextButton(page)).toBeDisabled();
      await select.selectOption({ index: 1 });
    }
    await expect(nextButton(page)).toBeEnabled();
  });
});

test.describe('step 3: space-selection', () => {
  test("'Render My Design' and the instructions wait for a space; a preset and an upload replace each other", async ({
    page,
    navigate,
  }) => {
    await navigate('/create-design/start');
    await pickProducts(page, 'interior', 1);
    await nextButton(page).click();
    await answerAllQuestions(page);
    await nextButton(page).click();

    await expect(page.getByRole('heading', { name: headings.space })).toBeVisible();
    await expect(renderButton(page)).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Instructions for your design' })).toHaveCount(0);

    await choosePresetSpace(page);
    await expect(renderButton(page)).toBeEnabled();
    await expect(page.getByRole('textbox', { name: 'Instructions for your design' })).toBeVisible();

    await page
      .getByLabel('Upload a photo of your space')
      .setInputFiles({ name: 'room.jpg', mimeType: 'image/jpeg', buffer: await makeSpacePhoto('interior') });
    await expect(page.getByRole('img', { name: 'Your uploaded space' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Spaces' }).getByRole('button', { pressed: true })).toHaveCount(0);

    await page.getByRole('list', { name: 'Templates' }).getByRole('button').first().click();
    await expect(page.getByRole('img', { name: 'Your uploaded space' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Templates' }).getByRole('button').first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(renderButton(page)).toBeEnabled();
  });

  test("'Refine with AI' needs notes, then refines them, and says when it fails", async ({ page, navigate }) => {
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    const refine = page.getByRole('button', { name: 'Refine with AI' });

    await refine.click();
    await expect(toast(page, messages.create.notesBlank)).toBeVisible();

    await page
      .getByRole('textbox', { name: 'Instructions for your design' })
      .fill('keep the fireplace, brighter please');
    await refine.click();
    await expect(toast(page, messages.create.notesRefined)).toBeVisible();
    await expect(page.getByText('Refined notes')).toBeVisible();

    await page.route('**/api/ai/improve-design-notes', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal Server Error' } }),
    );
    await refine.click();
    await expect(toast(page, messages.create.notesFailed)).toBeVisible();
  });
});

test.describe('step 4: render-result', () => {
  const failures: { name: string; answer: { status: number; body: unknown }; events?: RenderJob; text: string }[] = [
    {
      name: 'a failure the server reports',
      // the job is queued, then its event stream says it failed
      answer: { status: 202, body: jobOf({ status: 'queued', position: 1 }) },
      events: jobOf({ status: 'failed', error: messages.create.renderServerFailed('The space photo is too dark') }),
      text: messages.create.renderServerFailed('The space photo is too dark'),
    },
    {
      name: 'a time-out',
      answer: { status: 504, body: { success: false, imageUrl: null, error: messages.create.renderTimeout } },
      text: messages.create.renderTimeout,
    },
    {
      name: 'an answer that cannot be decoded',
      answer: { status: 200, body: '{"success": tru' },
      text: messages.create.renderTimeout,
    },
    {
      name: 'any other failure',
      answer: { status: 500, body: { error: 'Internal Server Error' } },
      text: messages.create.renderFailed,
    },
  ];
  for (const failure of failures) {
    test(`${failure.name} shows '${failure.text}'`, async ({ page, navigate }) => {
      await navigate('/create-design/start');
      await reachSpaceStepWithPreset(page);
      await answerRenderWith(page, failure.answer.status, failure.answer.body);
      if (failure.events) {
        const body = `event: job\ndata: ${JSON.stringify(failure.events)}\n\n`;
        await page.route(`**${GENERATE_PATH}/${failure.events.id}/events`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/event-stream', body }),
        );
      }
      await renderButton(page).click();
      await expect(toast(page, failure.text)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: failure.text })).toBeVisible();
      await expect(continueButton(page)).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    });
  }

  test("a lost connection counts as 'other failure'", async ({ page, navigate }) => {
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    await page.route(`**${GENERATE_PATH}`, (route) => route.abort('connectionreset'));
    await renderButton(page).click();
    await expect(toast(page, messages.create.renderFailed)).toBeVisible();
  });

  test("without a space image it stops with 'No space image found' and renders nothing", async ({ page, navigate }) => {
    const generateCalls = countGenerateCalls(page);
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    // the chosen preset no longer exists (removed from the catalogue since it was picked)
    await page.evaluate(() => window.sessionStorage.setItem('selectedSpaceId', JSON.stringify('a-space-that-is-gone')));
    await renderButton(page).click();
    await expect(toast(page, messages.create.noSpace)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Choose a space' })).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    expect(generateCalls()).toHaveLength(0);

    await page.getByRole('button', { name: 'Choose a space' }).click();
    await expect(page.getByRole('heading', { name: headings.space })).toBeVisible();
  });

  test('with no products and no uploads it shows the fixed sample image without rendering', async ({
    page,
    navigate,
  }) => {
    const generateCalls = countGenerateCalls(page);
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    await page.evaluate(() => {
      window.sessionStorage.removeItem('selectedProducts');
      window.sessionStorage.removeItem('uploadedProductImages');
    });
    await renderButton(page).click();
    const [firstTemplate] = await templatesOf(page, 'interior');
    await expect(afterImage(page)).toHaveAttribute('src', firstTemplate!.imageUrl);
    await expect(page.getByText('No products were chosen, so here is a sample design.')).toBeVisible();
    expect(generateCalls()).toHaveLength(0);
    await expect(continueButton(page)).toBeEnabled();
  });

  test("Before/After toggle and arrows switch the view; 'Create Video' plays a clip after 'Creating Video...'", async ({
    page,
    navigate,
  }) => {
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    await renderButton(page).click();
    await expect(afterImage(page)).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, messages.create.renderSuccess)).toBeVisible();

    const before = page.getByRole('img', { name: 'Before: your space as it is' });
    await expect(page.getByRole('button', { name: 'After', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Before', exact: true }).click();
    await expect(before).toBeVisible();
    await expect(afterImage(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show before' })).toBeDisabled();
    await page.getByRole('button', { name: 'Show after' }).click();
    await expect(afterImage(page)).toBeVisible();
    await page.getByRole('button', { name: 'Show before' }).click();
    await expect(before).toBeVisible();

    // the clip is encoded frame by frame while the button's spinner would turn: the suite's reduced motion
    // (playwright.config.ts) keeps that spinner still, which the encoders need on a 2-core machine
    const startedAt = Date.now();
    await page.getByRole('button', { name: messages.create.createVideo }).click();
    await expect(page.getByRole('button', { name: messages.create.creatingVideo })).toBeDisabled();
    const video = page.getByLabel('Before and after video');
    // every frame is encoded, however busy the machine: on a starved CI runner that takes as long as a render can
    await expect(video).toBeVisible({ timeout: 30_000 });
    // docs/product.md §9: 'Creating Video...' lasts 2 s (less a little for the clocks of test and page)
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1900);
    await expect(video).toHaveAttribute('src', /^blob:/);
    // a real clip: it decodes and plays
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
  });
});

test.describe('step 5: post-creation', () => {
  test('publishing waits for the image; the title is limited to 50 characters; blank fields get their toasts', async ({
    page,
    navigate,
  }) => {
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    let releaseRender!: () => void;
    const released = new Promise<void>((resolve) => (releaseRender = resolve));
    await page.route(`**${GENERATE_PATH}`, async (route) => {
      await released;
      await route.continue();
    });
    await renderButton(page).click();
    await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '…' }).first()).toBeVisible();
    await continueButton(page).click();

    await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
    await expect(page.getByText('Your design is still being generated…')).toBeVisible();
    await expect(publishButton(page)).toBeDisabled();

    releaseRender();
    await expect(page.getByRole('img', { name: 'Your generated design' })).toBeVisible({ timeout: 30_000 });
    await expect(publishButton(page)).toBeEnabled();

    await publishButton(page).click();
    await expect(toast(page, messages.create.missingInformation)).toBeVisible();

    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(page.getByText('0/50')).toBeVisible();
    await title.pressSequentially('x'.repeat(55));
    await expect(title).toHaveValue('x'.repeat(50));
    await expect(page.getByText('50/50')).toBeVisible();

    await page.getByRole('button', { name: 'Generate Text AI' }).click();
    await expect(toast(page, messages.create.missingDescription)).toBeVisible();

    await page.route('**/api/ai/improve-caption', (route) =>
      route.fulfill({ status: 503, json: { error: 'The AI engine is unavailable' } }),
    );
    await page.getByRole('textbox', { name: 'Description' }).fill('warm and bright');
    await page.getByRole('button', { name: 'Generate Text AI' }).click();
    await expect(toast(page, messages.create.captionFailed)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('warm and bright');
  });

  test('a failed publish keeps the person on the step with docs/product.md §8 words', async ({
    page,
    navigate,
    signUp,
  }) => {
    // signed in, so the publish reaches the (failing) server instead of the sign-in sheet
    await signUp(page);
    await navigate('/create-design/start');
    await reachSpaceStepWithPreset(page);
    await renderButton(page).click();
    await expect(afterImage(page)).toBeVisible({ timeout: 30_000 });
    await continueButton(page).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Never published');

    await page.route('**/api/designs', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } })
        : route.fallback(),
    );
    await publishButton(page).click();
    await expect(toast(page, messages.create.publishFailed)).toBeVisible();
    await expect(page).toHaveURL(/\/create-design\/post-creation$/);

    await page.unroute('**/api/designs');
    await page.route('**/api/designs', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback(),
    );
    await publishButton(page).click();
    await expect(toast(page, messages.create.publishUnexpected)).toBeVisible();
    await expect(publishButton(page)).toBeEnabled();
  });
});

test.describe('navigation', () => {
  for (const step of ['flow-questions', 'space-selection', 'render-result', 'post-creation']) {
    test(`opening ${step} without its choices sends the person to the first step`, async ({ page, navigate }) => {
      await navigate(`/create-design/${step}`);
      await expect(page).toHaveURL(/\/create-design\/start$/);
      await expect(page.getByRole('heading', { name: headings.start })).toBeVisible();
    });
  }

  test('back buttons return step by step with every choice kept', async ({ page, navigate }) => {
    await navigate('/create-design/start');
    const [product] = await pickProducts(page, 'interior', 1);
    await nextButton(page).click();
    await answerAllQuestions(page);
    await nextButton(page).click();
    await choosePresetSpace(page);
    await page.getByRole('textbox', { name: 'Instructions for your design' }).fill('more plants');

    await backButton(page).click();
    await expect(page.getByRole('heading', { name: headings.questions })).toBeVisible();
    for (const group of await page.getByRole('radiogroup').all())
      await expect(group.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(nextButton(page)).toBeEnabled();

    await backButton(page).click();
    await expect(page.getByRole('heading', { name: headings.start })).toBeVisible();
    await expect(productTile(page, product!.name)).toHaveAttribute('aria-pressed', 'true');

    await nextButton(page).click();
    await nextButton(page).click();
    await expect(page.getByRole('list', { name: 'Spaces' }).getByRole('button').first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('textbox', { name: 'Instructions for your design' })).toHaveValue('more plants');

    await backButton(page).click();
    await backButton(page).click();
    await backButton(page).click();
    await expect(page).toHaveURL('/');
  });
});
