import path from 'node:path';
import { designSchema, formatPrice, messages, uploadResponseSchema, type Mode } from '@dwellscape/shared';
import type { APIRequestContext } from '@playwright/test';
import { makeItemPhoto, PREFERENCES_KEY } from './create-design-flow';
import { designCard, fetchProducts, uploadPhoto, uniqueSuffix } from './feed-helpers';
import { expect, test } from './fixtures';
import { themes } from './screens';

/**
 * Decision 0057: what an own item cost its creator, when they said, is shown in the same words on the card's tile,
 * the item's popup (the post page), shop-design's purchase list and /purchase, never where a price stands and never
 * in a total; an own item they gave no cost says nothing about one. With SHOTS_DIR set, each view is photographed.
 */
const shotsDir = process.env.SHOTS_DIR;
const COST_NOTE = `Cost the creator ${formatPrice(120)}`;

async function uploadItem(request: APIRequestContext, name: string, color: string) {
  const photo = await request.post('/api/uploads', {
    multipart: { file: { name, mimeType: 'image/png', buffer: await makeItemPhoto(color) } },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  return uploadResponseSchema.parse(await photo.json()).url;
}

/** A design of one catalogue product, an own item that cost $120 and one whose cost the creator kept to themselves. */
async function publishWithCosts(request: APIRequestContext, mode: Mode, title: string) {
  const afterImageUrl = await uploadPhoto(request, mode === 'landscape' ? '#79a857' : '#8a6a4e');
  const [product] = await fetchProducts(request, mode);
  const response = await request.post('/api/designs', {
    data: {
      title,
      afterImageUrl,
      mode,
      selectedProducts: [{ id: product!.id, quantity: 1 }],
      ownItems: [
        { url: await uploadItem(request, 'bench.png', '#6b4f3a'), name: 'Old bench', cost: 120 },
        { url: await uploadItem(request, 'vase.png', '#3a6b5f'), name: 'Blue vase' },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { design: designSchema.parse(await response.json()), product: product! };
}

for (const theme of themes) {
  test(`an own item's cost is shown the same way on the card, the post and both purchase lists (${theme.name})`, async ({
    page,
    navigate,
    signUp,
  }) => {
    test.setTimeout(90_000);
    const mode: Mode = theme.isLandscapeMode ? 'landscape' : 'interior';
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      PREFERENCES_KEY,
      JSON.stringify({ isDarkMode: theme.isDarkMode, isLandscapeMode: theme.isLandscapeMode }),
    ] as const);
    const shot = async (screen: string) => {
      if (!shotsDir) return;
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(shotsDir, `own-item-cost-${screen}-${theme.name}.png`) });
    };
    await signUp(page);
    const title = `Costs ${uniqueSuffix()}`;
    const { design, product } = await publishWithCosts(page.request, mode, title);
    expect(design.selectedProducts.find((each) => each.name === 'Old bench')).toMatchObject({ price: 0, cost: 120 });

    // the card on the post page: the tile says it, the popup says it under 'Own item'
    await navigate(`/post/${design.id}`);
    const card = designCard(page, title);
    const bench = card.getByRole('button', {
      name: `Old bench (${messages.ownItem.badge}, ${COST_NOTE.toLowerCase()})`,
    });
    await expect(bench).toBeVisible();
    await expect(card.getByRole('button', { name: `Blue vase (${messages.ownItem.badge})` })).toBeVisible();
    await bench.click();
    const popup = page.getByRole('dialog', { name: 'Old bench' });
    await expect(popup.getByText(COST_NOTE, { exact: true })).toBeVisible();
    await expect(popup.getByText(messages.ownItem.notForSale)).toBeVisible();
    await expect(popup.getByRole('button', { name: messages.productPopup.addToCart })).toHaveCount(0);
    await shot('popup');
    await popup.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('button', { name: `Blue vase (${messages.ownItem.badge})` }).click();
    const vase = page.getByRole('dialog', { name: 'Blue vase' });
    await expect(vase.getByText(messages.ownItem.notForSale)).toBeVisible();
    await expect(vase).not.toContainText('Cost the creator');
    await vase.getByRole('button', { name: 'Close' }).click();

    // shop-design's purchase list: beside 'Not sold here', never a line price, and the total leaves it out
    await card.getByRole('link', { name: messages.feed.shopThisDesign }).click();
    await page.getByRole('button', { name: messages.shop.purchaseProducts }).click();
    const lines = page.getByRole('list', { name: 'Products in this design' }).getByRole('listitem');
    const benchLine = lines.filter({ hasText: 'Old bench' });
    await expect(benchLine).toContainText(`${messages.ownItem.notForSaleShort} · ${COST_NOTE}`);
    await expect(benchLine.getByLabel(/quantity of/i)).toHaveCount(0);
    await expect(lines.filter({ hasText: 'Blue vase' })).not.toContainText('Cost the creator');
    await expect(page.getByLabel(/^Total \$/)).toHaveText(formatPrice(product.price));
    await shot('shop-purchase');

    // /purchase says it the same way, and the total is the catalogue product's alone
    await page.getByRole('button', { name: messages.shop.checkout }).click();
    await expect(page).toHaveURL('/purchase');
    const fromDesign = page.getByRole('list', { name: 'From this design' }).getByRole('listitem');
    await expect(fromDesign.filter({ hasText: 'Old bench' })).toContainText(COST_NOTE);
    await expect(fromDesign.filter({ hasText: 'Blue vase' })).not.toContainText('Cost the creator');
    await expect(page.getByText(formatPrice(120), { exact: true })).toHaveCount(0);
    await shot('purchase');
  });
}
