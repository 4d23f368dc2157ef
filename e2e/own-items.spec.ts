import path from 'node:path';
import {
  designSchema,
  formatPrice,
  messages,
  orderMessages,
  placeOrderBodySchema,
  uploadResponseSchema,
  type Mode,
} from '@dwellscape/shared';
import type { APIRequestContext } from '@playwright/test';
import { makeItemPhoto, PREFERENCES_KEY } from './create-design-flow';
import { designCard, fetchProducts, uploadPhoto, uniqueSuffix } from './feed-helpers';
import { expect, test } from './fixtures';

// decision 0023: a design's own item (the creator's photo, docs/product.md's uploaded item) is marked as theirs in every view, and
// the purchase views say it is not ordered. With SHOTS_DIR set, each view is photographed (390 × 844).
const shotsDir = process.env.SHOTS_DIR;
const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
  { name: 'light-landscape', isDarkMode: false, isLandscapeMode: true },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
];

/** Publishes, as the signed-in account, a design of two catalogue products and one photo of the person's own. */
async function publishWithOwnItem(request: APIRequestContext, mode: Mode, title: string) {
  const afterImageUrl = await uploadPhoto(request, mode === 'landscape' ? '#79a857' : '#8a6a4e');
  const photo = await request.post('/api/uploads', {
    multipart: { file: { name: 'lamp.png', mimeType: 'image/png', buffer: await makeItemPhoto('#c8963e') } },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  const products = (await fetchProducts(request, mode)).slice(0, 2);
  const response = await request.post('/api/designs', {
    data: {
      title,
      afterImageUrl,
      mode,
      selectedProducts: products.map((product) => ({ id: product.id, quantity: 1 })),
      ownItems: [{ url: uploadResponseSchema.parse(await photo.json()).url, name: 'Grandma’s lamp' }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { design: designSchema.parse(await response.json()), products };
}

test.describe('own items', () => {
  for (const theme of themes) {
    test(`are marked in the post, the popup, shop-design and the purchase (${theme.name})`, async ({
      page,
      navigate,
      signUp,
    }) => {
      test.setTimeout(90_000);
      const { name, ...preferences } = theme;
      const mode: Mode = preferences.isLandscapeMode ? 'landscape' : 'interior';
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        PREFERENCES_KEY,
        JSON.stringify(preferences),
      ] as const);
      const shot = async (screen: string) => {
        if (!shotsDir) return;
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(shotsDir, `own-items-${screen}-${name}.png`) });
      };
      await signUp(page);
      const title = `Heirloom ${uniqueSuffix()}`;
      const { design, products } = await publishWithOwnItem(page.request, mode, title);
      // the server's snapshot: the catalogue's names and prices, then the own item at 0
      expect(design.selectedProducts.map(({ name: n, price, ownItem }) => ({ n, price, ownItem }))).toEqual([
        ...products.map((product) => ({ n: product.name, price: product.price, ownItem: false })),
        { n: 'Grandma’s lamp', price: 0, ownItem: true },
      ]);

      // the post: the own item's tile is marked, and its popup says it is the creator's and not sold
      await navigate(`/post/${design.id}`);
      const card = designCard(page, title);
      const ownTile = card.getByRole('button', { name: `Grandma’s lamp (${messages.ownItem.badge})` });
      await expect(ownTile).toBeVisible();
      await expect(card.getByRole('button', { name: products[0]!.name, exact: true })).toBeVisible();
      await shot('post');
      await ownTile.click();
      const popup = page.getByRole('dialog', { name: 'Grandma’s lamp' });
      await expect(popup.getByText(messages.ownItem.badge, { exact: true })).toBeVisible();
      await expect(popup.getByText(messages.ownItem.notForSale)).toBeVisible();
      await expect(popup.getByRole('button', { name: messages.productPopup.buyNow })).toHaveCount(0);
      await shot('popup');
      await popup.getByRole('button', { name: 'Close' }).click();

      // shop-design counts the own item apart; its purchase view marks it and says it is not ordered
      await card.getByRole('link', { name: messages.feed.shopThisDesign }).click();
      await expect(page.getByText(/2 products · 1 own item/)).toBeVisible();
      await shot('shop-design');
      await page.getByRole('button', { name: messages.shop.purchaseProducts }).click();
      const lines = page.getByRole('list', { name: 'Products in this design' });
      const lampLine = lines.getByRole('listitem').filter({ hasText: 'Grandma’s lamp' });
      await expect(lampLine).toContainText(messages.ownItem.badge);
      await expect(lampLine).toContainText(messages.ownItem.notForSaleShort);
      await expect(page.getByRole('note')).toHaveText(messages.ownItem.notOrdered);
      const catalogueTotal = products.reduce((sum, product) => sum + product.price, 0);
      await expect(page.getByLabel(/^Total \$/)).toHaveText(formatPrice(catalogueTotal));
      await shot('shop-purchase');

      // /purchase lists it, says so again, and the order takes the catalogue products only
      await page.getByRole('button', { name: messages.shop.checkout }).click();
      await expect(page).toHaveURL('/purchase');
      const fromDesign = page.getByRole('list', { name: 'From this design' });
      await expect(fromDesign.getByRole('listitem').filter({ hasText: 'Grandma’s lamp' })).toContainText(
        messages.ownItem.badge,
      );
      await expect(page.getByRole('note')).toHaveText(messages.ownItem.notOrdered);
      await shot('purchase');
      const orderRequest = page.waitForRequest(
        (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders',
      );
      await page.getByRole('button', { name: messages.purchase.complete }).click();
      const order = placeOrderBodySchema.parse((await orderRequest).postDataJSON());
      expect(order.lines.map((line) => line.productId)).toEqual(products.map((product) => product.id));
      await expect(page.getByRole('dialog', { name: orderMessages.placedTitle })).toBeVisible();
    });
  }
});
