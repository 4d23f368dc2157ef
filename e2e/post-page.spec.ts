import path from 'node:path';
import { designSchema, postPageMessages, type Design, type Mode } from '@dwellscape/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { fetchProducts, fetchWholeFeed, startInMode, uniqueSuffix } from './feed-helpers';
import { dialogHasFocus, expect, test, type TestAccount } from './fixtures';

// set to render the post page in every theme for a person to look at (not a check)
const shotsDir = process.env.SHOTS_DIR;

/** A sample design's before and after pictures: sample pictures are anyone's to publish with (decision 0023). */
async function samplePictures(request: APIRequestContext, mode: Mode) {
  for (const card of await fetchWholeFeed(request, mode)) {
    const response = await request.get(`/api/designs/${card.id}`);
    const design = designSchema.parse(await response.json());
    if (design.beforeImageUrl?.startsWith('/media/seed/')) {
      return { beforeImageUrl: design.beforeImageUrl, afterImageUrl: design.afterImageUrl };
    }
  }
  throw new Error(`no sample ${mode} design has a before picture`);
}

/** Publishes a design with a before picture and two products as the account signed in on `request`. */
async function publishWithBefore(request: APIRequestContext, mode: Mode, title: string): Promise<Design> {
  const products = (await fetchProducts(request, mode)).slice(0, 2);
  const response = await request.post('/api/designs', {
    data: {
      ...(await samplePictures(request, mode)),
      title,
      caption: 'Warm oak, linen and a lot of morning light.',
      mode,
      spaceType: mode === 'landscape' ? 'Backyard' : 'Living Room',
      selectedProducts: products.map((product) => ({ id: product.id, quantity: 1 })),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return designSchema.parse(await response.json());
}

/** A second person in a browser of their own, signed up and in the same mode. */
async function visitorPage(browser: Browser, mode: Mode, isDarkMode = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    ...(shotsDir ? { deviceScaleFactor: 2 } : {}),
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await startInMode(page, mode, isDarkMode);
  return page;
}

const slider = (page: Page) => page.getByRole('slider', { name: postPageMessages.compare });

for (const mode of ['interior', 'landscape'] as const) {
  test.describe(`the post page (${mode})`, () => {
    test('its author edits the title and caption, field by field, then deletes it', async ({
      page,
      navigate,
      signUp,
    }) => {
      await startInMode(page, mode);
      const author = await signUp(page);
      const design = await publishWithBefore(page.request, mode, `Edit me ${uniqueSuffix()}`);
      await navigate(`/post/${design.id}`);
      await expect(page.getByRole('heading', { level: 2, name: design.title })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Follow/ })).toHaveCount(0);

      await page.getByRole('button', { name: postPageMessages.edit }).click();
      const dialog = await dialogHasFocus(page.getByRole('dialog', { name: postPageMessages.editTitle }));
      const title = dialog.getByRole('textbox', { name: 'Title' });
      await title.fill('   ');
      await dialog.getByRole('button', { name: postPageMessages.save }).click();
      await expect(dialog.getByText(postPageMessages.titleRequired)).toBeVisible();
      await expect(title).toHaveAttribute('aria-invalid', 'true');

      const newTitle = `Edited ${uniqueSuffix()}`;
      await title.fill(newTitle);
      await dialog.getByRole('textbox', { name: 'Caption' }).fill('Now with a reading lamp.');
      await dialog.getByRole('button', { name: postPageMessages.save }).click();
      await expect(page.getByText(postPageMessages.saved)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 2, name: newTitle })).toBeVisible();

      // stored: a new load shows it, and the link preview says it too
      await navigate(`/post/${design.id}`);
      await expect(page.getByRole('heading', { level: 2, name: newTitle })).toBeVisible();
      await expect(page.getByText('Now with a reading lamp.')).toBeVisible();

      await page.getByRole('button', { name: postPageMessages.delete }).click();
      const confirm = await dialogHasFocus(page.getByRole('alertdialog', { name: postPageMessages.deleteTitle }));
      await confirm.getByRole('button', { name: postPageMessages.deleteConfirm }).click();
      await expect(page.getByText(postPageMessages.deleted)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/profile/${author.user.id}$`));
      expect((await page.request.get(`/api/designs/${design.id}`)).status()).toBe(404);
    });

    test('a visitor follows the author, compares before and after with the keys and copies the link', async ({
      page,
      browser,
      signUp,
    }) => {
      const author: TestAccount = await signUp(page, { displayName: `Noor ${uniqueSuffix().slice(-4)}` });
      const design = await publishWithBefore(page.request, mode, `Share me ${uniqueSuffix()}`);
      const visitor = await visitorPage(browser, mode);
      // this Chromium may or may not have a share sheet: the copy fallback is what is checked here
      await visitor.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
      await signUp(visitor);
      await visitor.goto(`/post/${design.id}`);
      await unlockOn(visitor);

      await expect(visitor.getByRole('heading', { level: 2, name: design.title })).toBeVisible();
      await expect(visitor.getByRole('button', { name: postPageMessages.edit })).toHaveCount(0);
      const follow = visitor.getByRole('button', { name: `Follow ${author.displayName}` });
      await follow.click();
      await expect(visitor.getByRole('button', { name: `Following ${author.displayName}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const followed = await visitor.request.get(`/api/users/${author.user.id}`);
      expect(((await followed.json()) as { isFollowedByViewer: boolean }).isFollowedByViewer).toBe(true);

      await expect(visitor.getByRole('img', { name: `Before: ${design.title}` })).toBeAttached();
      await expect(slider(visitor)).toHaveValue('50');
      await slider(visitor).focus();
      await visitor.keyboard.press('ArrowRight');
      await visitor.keyboard.press('ArrowRight');
      await expect(slider(visitor)).toHaveValue('52');
      await expect(slider(visitor)).toHaveAttribute('aria-valuetext', '52% before, 48% after');
      await visitor.keyboard.press('Home');
      await expect(slider(visitor)).toHaveValue('0');

      await visitor.getByRole('button', { name: postPageMessages.share }).click();
      await expect(visitor.getByText(postPageMessages.linkCopied)).toBeVisible();
      const copied = await visitor.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(new URL(`/post/${design.id}`, visitor.url()).href);
      await visitor.context().close();
    });
  });
}

/** The gate on another browser's page (the unlock fixture drives the test's own page). */
async function unlockOn(target: Page) {
  await target.getByLabel('Beta Access Password').fill('dwellscape');
  await target.getByRole('button', { name: 'Enter App' }).click();
  await expect(target.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 10_000 });
}

test('a link shows its preview to a crawler without a session, and the API stays behind the gate', async ({
  page,
  playwright,
  signUp,
}) => {
  const author = await signUp(page, { displayName: `Lina ${uniqueSuffix().slice(-4)}` });
  const design = await publishWithBefore(page.request, 'interior', `Preview me ${uniqueSuffix()}`);
  const crawler = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const html = await (await crawler.get(`/post/${design.id}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${design.title}" />`);
  expect(html).toContain(`<meta property="og:description" content="by ${author.displayName} · 2 products" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).not.toContain(design.caption);
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const picture = await crawler.get(image);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  expect((await crawler.get(`/api/designs/${design.id}`)).status()).toBe(401);
  await crawler.dispose();
});

test.describe('post page screenshots', () => {
  test.skip(!shotsDir, 'set SHOTS_DIR to take screenshots');
  test.use({ reducedMotion: 'no-preference' });

  for (const mode of ['interior', 'landscape'] as const) {
    for (const isDarkMode of [false, true]) {
      test(`${isDarkMode ? 'dark' : 'light'}-${mode}`, async ({ page, browser, signUp }) => {
        test.setTimeout(120_000);
        const name = `${isDarkMode ? 'dark' : 'light'}-${mode}`;
        await startInMode(page, mode, isDarkMode);
        await signUp(page, { displayName: 'Noor Haddad' });
        const title = mode === 'landscape' ? 'Terraced herb garden' : 'Sunlit reading nook';
        const design = await publishWithBefore(page.request, mode, title);
        const visitor = await visitorPage(browser, mode, isDarkMode);
        await signUp(visitor, { displayName: 'Ravi Menon' });
        await visitor.goto(`/post/${design.id}`);
        await unlockOn(visitor);
        await expect(slider(visitor)).toBeVisible();
        await expect(visitor.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await visitor.waitForTimeout(800);
        await visitor.screenshot({ path: path.join(shotsDir!, `post-visitor-${name}.png`), fullPage: true });

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto(`/post/${design.id}`);
        await unlockOn(page);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await page.getByRole('group', { name: 'Post actions' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shotsDir!, `post-owner-${name}.png`) });
        await page.getByRole('button', { name: postPageMessages.edit }).click();
        await dialogHasFocus(page.getByRole('dialog', { name: postPageMessages.editTitle }));
        await page.waitForTimeout(500);
        await page.screenshot({ path: path.join(shotsDir!, `post-edit-${name}.png`) });
        await visitor.context().close();
      });
    }
  }
});
