import {
  designSchema,
  feedDesignSchema,
  formatPrice,
  messages,
  productSchema,
  publishDesignBodySchema,
  sessionResponseSchema,
  sumLineTotals,
  type FeedDesign,
} from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { makeItemPhoto, makeSpacePhoto } from './create-design-flow';
import { designCard, fetchDesign, fetchWholeFeed, publishDesign, startInMode, uniqueSuffix } from './feed-helpers';
import { expect, test } from './fixtures';

/** See-in-space renders through the create flow's render job (docs/product.md §7's form, with its variations). */
const GENERATE_PATH = '/api/render-jobs';
const isGenerateRequest = (url: URL) => url.pathname === GENERATE_PATH;

const shopTotal = (page: Page) => page.getByLabel(/^Total \$/);
const designProducts = (page: Page) => page.getByRole('list', { name: 'Products in this design' });
const checkoutButton = (page: Page) => page.getByRole('button', { name: messages.shop.checkout });
const continueButton = (page: Page) => page.getByRole('button', { name: messages.shop.continueToSpace });
const renderButton = (page: Page) => page.getByRole('button', { name: messages.shop.renderNew });
const renderedImage = (page: Page) => page.getByRole('img', { name: 'After: your redesigned space' });
const ownItemsNote = /JPG, PNG or WebP, up to 10MB each/;

/** The card's and the post's remix count: '1 remix', '3 remixes'. */
const remixCountLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'remix' : 'remixes'}`;

/** A seeded design of someone else with at least two products, to remix. */
async function designOfAnotherCreator(page: Page): Promise<FeedDesign> {
  const me = sessionResponseSchema.parse(await (await page.request.get('/api/me')).json()).currentUser;
  const design = (await fetchWholeFeed(page.request, 'interior')).find(
    (candidate) =>
      candidate.userId !== me.id && candidate.selectedProducts.length >= 2 && candidate.originalCreator === null,
  );
  expect(design, 'a seeded interior design with two products').toBeDefined();
  return design!;
}

test.describe('shop-design', () => {
  test.beforeEach(async ({ page }) => {
    await startInMode(page, 'interior');
  });

  test("an unknown post shows 'Design not found'", async ({ page, navigate }) => {
    await navigate(`/shop-design/no-such-design-${uniqueSuffix()}`);
    await expect(page.getByText(messages.shop.notFound)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: messages.shop.purchaseProducts })).toHaveCount(0);
  });

  test('a design cached in session storage opens without the API', async ({ page, navigate }) => {
    await navigate('/');
    const [source] = await fetchWholeFeed(page.request, 'interior');
    // what the feed's 'Shop This Design' stores: the feed page's card
    const cached = feedDesignSchema.parse({
      ...source!,
      id: `cached-${uniqueSuffix()}`,
      title: `Cached design ${uniqueSuffix()}`,
    });
    await page.route(`**/api/designs/${cached.id}`, (route) => route.abort('internetdisconnected'));
    await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
      cached.id,
      JSON.stringify(cached),
    ] as const);

    await navigate(`/shop-design/${cached.id}`);
    await expect(page.getByRole('heading', { name: cached.title })).toBeVisible();
    await page.getByRole('button', { name: messages.shop.purchaseProducts }).click();
    await expect(designProducts(page).getByRole('listitem')).toHaveCount(cached.selectedProducts.length);
    await expect(shopTotal(page)).toHaveText(formatPrice(sumLineTotals(cached.selectedProducts)));
  });

  test("purchase: steppers stop at 0, 'Remove', a 2-decimal total, and checkout with the chosen lines", async ({
    page,
    navigate,
    signUp,
  }) => {
    // publishing needs an account (decision 0016)
    await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, {
      mode: 'interior',
      title: `Shop me ${uniqueSuffix()}`,
      productCount: 3,
    });
    const [first, second, third] = design.selectedProducts;

    await navigate(`/shop-design/${design.id}`);
    await expect(page.getByRole('heading', { name: design.title })).toBeVisible();
    await expect(page.getByRole('button', { name: messages.shop.seeInSpace })).toBeVisible();
    await page.getByRole('button', { name: messages.shop.purchaseProducts }).click();
    await expect(page.getByRole('heading', { name: messages.shop.purchaseProducts })).toBeVisible();

    const rows = designProducts(page).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(shopTotal(page)).toHaveText(formatPrice(sumLineTotals(design.selectedProducts)));
    await expect(shopTotal(page)).toHaveText(/\.\d{2}$/);

    // the first product: up to 2, then down to 0, where '−' stops
    await page.getByRole('button', { name: `Increase quantity of ${first!.name}` }).click();
    await expect(page.getByRole('status', { name: `Quantity of ${first!.name}` })).toHaveText('2');
    await expect(shopTotal(page)).toHaveText(formatPrice(sumLineTotals([{ ...first!, quantity: 2 }, second!, third!])));
    const decreaseFirst = page.getByRole('button', { name: `Decrease quantity of ${first!.name}` });
    await decreaseFirst.click();
    await decreaseFirst.click();
    await expect(page.getByRole('status', { name: `Quantity of ${first!.name}` })).toHaveText('0');
    await expect(decreaseFirst).toBeDisabled();
    await expect(shopTotal(page)).toHaveText(formatPrice(sumLineTotals([second!, third!])));

    await page.getByRole('button', { name: `${messages.shop.remove} ${third!.name}` }).click();
    await expect(rows).toHaveCount(2);
    await expect(designProducts(page).getByText(third!.name)).toHaveCount(0);
    await expect(shopTotal(page)).toHaveText(formatPrice(second!.price));

    // nothing left to buy: checkout is off until a quantity is back
    await page.getByRole('button', { name: `Decrease quantity of ${second!.name}` }).click();
    await expect(shopTotal(page)).toHaveText(formatPrice(0));
    await expect(checkoutButton(page)).toBeDisabled();
    await page.getByRole('button', { name: `Increase quantity of ${second!.name}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${second!.name}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${first!.name}` }).click();
    const expectedTotal = formatPrice(
      sumLineTotals([
        { ...first!, quantity: 1 },
        { ...second!, quantity: 2 },
      ]),
    );
    await expect(shopTotal(page)).toHaveText(expectedTotal);
    await expect(checkoutButton(page)).toBeEnabled();

    await checkoutButton(page).click();
    await expect(page).toHaveURL('/purchase');
    const fromDesign = page.getByRole('list', { name: 'From this design' });
    await expect(fromDesign.getByRole('listitem')).toHaveCount(2);
    await expect(fromDesign.getByText(first!.name)).toBeVisible();
    await expect(fromDesign.getByText(second!.name)).toBeVisible();
    await expect(fromDesign.getByText(third!.name)).toHaveCount(0);
    await expect(page.getByLabel(/^Total \$/)).toHaveText(expectedTotal);
  });

  test('see in my space: own photos, a space photo, the render, and a remix published with credit', async ({
    page,
    navigate,
    signUp,
  }) => {
    await signUp(page);
    await navigate('/');
    const original = await designOfAnotherCreator(page);
    const [first, second] = original.selectedProducts;
    const title = `My remix ${uniqueSuffix()}`;

    await navigate(`/shop-design/${original.id}`);
    await page.getByRole('button', { name: messages.shop.seeInSpace }).click();

    // stage 1: every product starts checked; with none chosen there is nothing to continue with
    const checkboxes = page.getByRole('list', { name: 'Products to place' }).getByRole('checkbox');
    await expect(checkboxes).toHaveCount(original.selectedProducts.length);
    for (const box of await checkboxes.all()) {
      await expect(box).toBeChecked();
      await box.uncheck();
    }
    await expect(continueButton(page)).toBeDisabled();
    await expect(page.getByText(ownItemsNote)).toBeVisible();

    // two own products, uploaded side by side; they count as products
    await page.getByLabel(messages.shop.addOwn).setInputFiles([
      { name: 'green-armchair.png', mimeType: 'image/png', buffer: await makeItemPhoto('#4f7a5a') },
      { name: 'blue-side-table.png', mimeType: 'image/png', buffer: await makeItemPhoto('#3f5f8a') },
    ]);
    const ownProducts = page.getByRole('list', { name: 'Uploaded items' }).getByRole('listitem');
    await expect(ownProducts).toHaveCount(2);
    // each with its kind's size, named by its file
    await expect(page.getByRole('combobox', { name: 'Kind of Green armchair' })).toHaveValue('Armchair');
    await expect(page.getByRole('textbox', { name: 'Width of Green armchair in cm' })).toHaveValue('82');
    await expect(continueButton(page)).toBeEnabled();
    await page.getByRole('checkbox', { name: first!.name }).check();
    await continueButton(page).click();

    // stage 2: the create flow's space choice; a space works, the person's own photo replaces it
    await expect(renderButton(page)).toBeDisabled();
    await expect(page.getByRole('list', { name: 'Templates' }).getByRole('button')).toHaveCount(2);
    const roomStyles = page.getByRole('list', { name: 'Spaces' }).getByRole('button');
    await roomStyles.first().click();
    await expect(roomStyles.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(renderButton(page)).toBeEnabled();
    const spaceUpload = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/uploads');
    await page.getByLabel('Upload a photo of your space').setInputFiles({
      name: 'my-room.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeSpacePhoto('interior'),
    });
    const spacePhotoUrl = ((await (await spaceUpload).json()) as { url: string }).url;
    await expect(page.getByRole('img', { name: 'Your uploaded space' })).toHaveAttribute('src', spacePhotoUrl);
    await expect(roomStyles.first()).toHaveAttribute('aria-pressed', 'false');

    // stage 3: the create flow's render job, products by id and name, the own photos with their kind and size
    const generateRequest = page.waitForRequest(
      (request) => request.method() === 'POST' && isGenerateRequest(new URL(request.url())),
    );
    await renderButton(page).click();
    const form = (await generateRequest).postData() ?? '';
    expect(form).toContain(spacePhotoUrl);
    expect(form).toContain(`"id":"${first!.id}"`);
    expect(form).toContain(`"name":${JSON.stringify(first!.name)}`);
    expect(form).not.toContain(`"id":"${second!.id}"`);
    expect(form).toContain('"name":"Green armchair"');
    expect(form).toContain('"category":"Armchair"');
    expect(form).toContain('"sizeCm":{"width":82,"depth":82,"height":80}');
    await expect(renderedImage(page)).toBeVisible({ timeout: 60_000 });
    const generatedUrl = await renderedImage(page).getAttribute('src');
    expect(generatedUrl).toMatch(/^\/media\//);
    expect(generatedUrl).not.toBe(original.afterImageUrl);

    // publish: post-creation gets the image, and the design is sent as a remix of the original
    await page.getByRole('button', { name: messages.shop.publish }).click();
    await expect(page).toHaveURL('/create-design/post-creation');
    await expect(page.getByRole('img', { name: 'Your generated design' })).toHaveAttribute('src', generatedUrl!);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Description' }).fill(`Tried ${first!.name} in my room`);
    const publishResponse = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/designs',
    );
    await page.getByRole('button', { name: /Publish Design/ }).click();
    const published = publishDesignBodySchema.parse((await publishResponse).request().postDataJSON());
    const remix = designSchema.parse(await (await publishResponse).json());
    expect(published).toMatchObject({
      afterImageUrl: generatedUrl,
      originalDesignId: original.id,
      isRegenerated: true,
    });
    // ids and quantities only, and the person's two photos as their own items
    expect(published.selectedProducts).toEqual([{ id: first!.id, quantity: first!.quantity }]);
    expect(published.ownItems.map((item) => item.name).sort()).toEqual(['Blue side table', 'Green armchair']);
    // the remix lists the catalogue's name and price of today, then the own items at 0
    const catalogue = productSchema.parse(await (await page.request.get(`/api/products/${first!.id}`)).json());
    expect(remix.selectedProducts[0]).toEqual({
      id: catalogue.id,
      name: catalogue.name,
      price: catalogue.price,
      brandId: catalogue.brandId,
      imageUrl: catalogue.imageUrl,
      quantity: first!.quantity,
      ownItem: false,
    });
    expect(remix.selectedProducts.slice(1)).toEqual(
      published.ownItems.map((item, i) =>
        expect.objectContaining({
          id: expect.stringMatching(new RegExp(`^uploaded_\\d+_${i}$`)),
          name: item.name,
          price: 0,
          ownItem: true,
        }),
      ),
    );

    // the feed card credits the original creator, linking to their profile; the original counts one more remix
    await expect(page).toHaveURL('/');
    const card = designCard(page, title);
    await expect(card.getByText(messages.feed.inspiredBy)).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole('button', { name: catalogue.name, exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Green armchair (${messages.ownItem.badge})` })).toBeVisible();
    const creatorLink = card.getByRole('link', { name: `@${original.author.username}`, exact: true });
    await expect(creatorLink).toHaveAttribute('href', `/profile/${original.author.id}`);
    expect((await fetchDesign(page.request, original.id)).remixCount).toBe(original.remixCount + 1);
    await creatorLink.click();
    await expect(page).toHaveURL(`/profile/${original.author.id}`);

    // the original, reached through the app (a page load would show the gate): one more remix, linking to the new one
    await page.getByRole('link', { name: original.title, exact: true }).click();
    await expect(page).toHaveURL(`/post/${original.id}`);
    const remixCountText = remixCountLabel(original.remixCount + 1);
    const originalCard = designCard(page, original.title);
    await originalCard.getByRole('link', { name: remixCountText, exact: true }).click();
    await expect(page).toHaveURL(`/post/${original.id}#remixes`);
    const remixes = page.getByRole('region', { name: 'Remixes' });
    await expect(remixes).toBeInViewport();
    await expect(remixes.getByText(remixCountText, { exact: true })).toBeVisible();
    const remixLinks = remixes.getByRole('list', { name: 'Remixes' }).getByRole('link');
    await expect(remixLinks).toHaveCount(Math.min(original.remixCount + 1, 50));
    const newRemix = remixLinks.first();
    await expect(newRemix).toHaveAttribute('href', `/post/${remix.id}`);
    await expect(newRemix).toContainText(title);
    await newRemix.click();
    await expect(page).toHaveURL(`/post/${remix.id}`);
    await expect(designCard(page, title).getByText(messages.feed.inspiredBy)).toBeVisible();
  });

  test("a failed render is said in the render step (never the design's own image), and 'Purchase Products' buys what was chosen", async ({
    page,
    navigate,
    signUp,
  }) => {
    await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, {
      mode: 'interior',
      title: `Render fails ${uniqueSuffix()}`,
      productCount: 2,
    });
    const [first, second] = design.selectedProducts;
    await page.route(`**${GENERATE_PATH}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Engine unavailable' }),
      }),
    );

    await navigate(`/shop-design/${design.id}`);
    await page.getByRole('button', { name: messages.shop.seeInSpace }).click();
    await page.getByRole('checkbox', { name: second!.name }).uncheck();
    await continueButton(page).click();
    await page.getByRole('list', { name: 'Spaces' }).getByRole('button').last().click();
    await renderButton(page).click();

    // decision 0055: the engine's reason in the step's alert, no picture in place of the render
    await expect(
      page
        .getByRole('main')
        .getByRole('alert')
        .filter({ hasText: messages.create.renderServerFailed('Engine unavailable') }),
    ).toBeVisible();
    await expect(renderedImage(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: messages.shop.publish })).toBeDisabled();

    await page.getByRole('button', { name: 'Purchase Products' }).click();
    await expect(page.getByRole('heading', { name: messages.shop.purchaseProducts })).toBeVisible();
    await expect(designProducts(page).getByRole('listitem')).toHaveCount(1);
    await expect(designProducts(page).getByText(first!.name)).toBeVisible();
    await expect(shopTotal(page)).toHaveText(formatPrice(first!.price));
  });

  test('an upload the server refuses shows its reason in a toast', async ({ page, navigate, signUp }) => {
    await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, {
      mode: 'interior',
      title: `Bad upload ${uniqueSuffix()}`,
      productCount: 1,
    });
    await navigate(`/shop-design/${design.id}`);
    await page.getByRole('button', { name: messages.shop.seeInSpace }).click();
    await page.getByLabel(messages.shop.addOwn).setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await expect(page.getByText(/could not be read|Unsupported file type/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Uploaded items' })).toHaveCount(0);
  });
});
