import { MODES, formatPrice, messages, type Design } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { expect, test, type AppFixtures } from './fixtures';
import { CART_KEY, designCard, fetchProducts, publishDesign, startInMode, uniqueSuffix } from './feed-helpers';

interface StoredCartLine {
  productId: string;
  name: string;
  price: number;
  quantity: number;
}

const storedCart = async (page: Page): Promise<StoredCartLine[]> =>
  JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), CART_KEY)) ?? '[]') as StoredCartLine[];

/** A fresh design of the mode with a few products, and its card on the feed. */
async function openFeedWithDesign(
  { page, navigate, signUp }: Pick<AppFixtures, 'navigate' | 'signUp'> & { page: Page },
  mode: (typeof MODES)[number],
) {
  await startInMode(page, mode);
  // publishing needs an account (decision 0016)
  await signUp(page);
  await navigate('/');
  const design: Design = await publishDesign(page.request, {
    mode,
    title: `Popup check ${uniqueSuffix()}`,
    productCount: 3,
  });
  const card = designCard(page, design.title);
  await expect(card).toBeVisible();
  return { design, card };
}

for (const mode of MODES) {
  test(`${mode}: a thumbnail opens the product popup; the stepper stops at 1; Add to Cart fills the cart`, async ({
    page,
    navigate,
    signUp,
  }) => {
    const { design, card } = await openFeedWithDesign({ page, navigate, signUp }, mode);
    const product = design.selectedProducts[1]!;
    const catalogueRow = (await fetchProducts(page.request, mode)).find((row) => row.id === product.id)!;

    await card.getByRole('button', { name: product.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: product.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: product.name })).toBeVisible();
    await expect(dialog.getByText(formatPrice(product.price))).toBeVisible();
    if (catalogueRow.description) await expect(dialog.getByText(catalogueRow.description)).toBeVisible();
    await expect(dialog.getByText(messages.productPopup.shippingNote)).toBeVisible();

    const quantity = dialog.getByLabel(`Quantity of ${product.name}`, { exact: true });
    const decrease = dialog.getByRole('button', { name: `Decrease quantity of ${product.name}` });
    const increase = dialog.getByRole('button', { name: `Increase quantity of ${product.name}` });
    await expect(quantity).toHaveText('1');
    await expect(decrease).toBeDisabled();
    await increase.click();
    await increase.click();
    await increase.click();
    await expect(quantity).toHaveText('4');
    await decrease.click();
    await expect(quantity).toHaveText('3');

    const before = await storedCart(page);
    const startedAt = Date.now();
    await dialog.getByRole('button', { name: messages.productPopup.addToCart }).click();
    // the disabled, spinning button during the 800 ms is the component test's: here it may already be gone
    await expect(page.getByText(messages.productPopup.addedTitle)).toBeVisible();
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(700);
    await expect(page.getByText(messages.productPopup.addedBody(3, product.name))).toBeVisible();
    await expect(dialog).toBeHidden();

    const line = (await storedCart(page)).find((entry) => entry.productId === product.id);
    const earlier = before.find((entry) => entry.productId === product.id)?.quantity ?? 0;
    expect(line).toMatchObject({ name: product.name, price: product.price, quantity: earlier + 3 });
  });
}

test('Buy Now says it is redirecting and opens /purchase with the item in the cart', async ({
  page,
  navigate,
  signUp,
}) => {
  const { design, card } = await openFeedWithDesign({ page, navigate, signUp }, 'interior');
  const product = design.selectedProducts[0]!;
  await card.getByRole('button', { name: product.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await dialog.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  await dialog.getByRole('button', { name: messages.productPopup.buyNow }).click();

  await expect(page.getByText(messages.productPopup.redirecting)).toBeVisible();
  await expect(page).toHaveURL('/purchase');
  await expect(dialog).toBeHidden();
  expect((await storedCart(page)).find((entry) => entry.productId === product.id)?.quantity).toBeGreaterThanOrEqual(2);
});

test('the popup traps focus, closes with Escape and starts again at quantity 1', async ({ page, navigate, signUp }) => {
  const { design, card } = await openFeedWithDesign({ page, navigate, signUp }, 'landscape');
  const product = design.selectedProducts[0]!;
  const thumbnail = card.getByRole('button', { name: product.name, exact: true });
  await thumbnail.click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await dialog.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();

  await thumbnail.click();
  await expect(dialog.getByLabel(`Quantity of ${product.name}`, { exact: true })).toHaveText('1');
});

test('a product image that fails to load is hidden', async ({ page, navigate, signUp }) => {
  const { design, card } = await openFeedWithDesign({ page, navigate, signUp }, 'interior');
  const product = design.selectedProducts[2]!;
  // the picture fails in every stored size: the original and its /media/w/<width>/ copies (srcset)
  await page.route(`**/${product.imageUrl.replace(/^\/media\//, '')}`, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await card.getByRole('button', { name: product.name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: product.name });
  await expect(dialog.getByText(messages.productPopup.shippingNote)).toBeVisible();
  await expect(dialog.getByRole('img', { name: product.name })).toHaveCount(0);
});

// With SHOTS_DIR set, the dark popup is photographed (390 × 844), for a person to look at.
const shotsDir = process.env.SHOTS_DIR;

for (const mode of MODES) {
  test(`${mode}, dark: the popup's picture is a rounded picture inset in a dark tile, not dimmed, not a bright square`, async ({
    page,
    navigate,
    signUp,
  }) => {
    await startInMode(page, mode, true);
    await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, { mode, title: `Dark popup ${uniqueSuffix()}`, productCount: 2 });
    const card = designCard(page, design.title);
    const product = design.selectedProducts[0]!;
    await card.getByRole('button', { name: product.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: product.name });
    const picture = dialog.getByRole('img', { name: product.name });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const look = await picture.evaluate((img) => {
      const tile = img.parentElement!;
      const luminance = (color: string) => {
        const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number).map((c) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const inner = img.getBoundingClientRect();
      const outer = tile.getBoundingClientRect();
      return {
        filter: getComputedStyle(img).filter,
        radius: parseFloat(getComputedStyle(img).borderTopLeftRadius),
        tileLuminance: luminance(getComputedStyle(tile).backgroundColor),
        inset: Math.min(
          inner.left - outer.left,
          inner.top - outer.top,
          outer.right - inner.right,
          outer.bottom - inner.bottom,
        ),
      };
    });
    // drawn as it is (a catalogue picture elsewhere in dark mode is dimmed), inside 12 px of a dark tile, rounded
    expect(look.filter).toBe('none');
    expect(look.inset).toBeGreaterThanOrEqual(11.5);
    expect(look.radius).toBeGreaterThan(0);
    expect(look.tileLuminance).toBeLessThan(0.1);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/product-popup-dark-${mode}.png` });
    // the feed's thumbnails of the same pictures stay dimmed
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(
      await card
        .getByRole('button', { name: product.name, exact: true })
        .locator('img')
        .evaluate((img) => getComputedStyle(img).filter),
    ).toContain('brightness');
  });
}
