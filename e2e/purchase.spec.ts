import { formatPrice, messages, sumLineTotals } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { fetchProducts, startInMode } from './feed-helpers';
import { dialogHasFocus, expect, test } from './fixtures';

const totalOf = (page: Page) => page.getByLabel(/^Total \$/);

/** Navigates inside the app as shop-design does: to /purchase with the items in the history state. */
async function openPurchaseWithItems(page: Page, items: unknown[]) {
  await page.evaluate((handedOver) => {
    const current = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState(
      { usr: { items: handedOver }, key: 'handover', idx: (current.idx ?? 0) + 1 },
      '',
      '/purchase',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, items);
  await expect(page).toHaveURL('/purchase');
}

test.describe('purchase', () => {
  test('an empty cart shows an empty state with a way back to the feed', async ({ page, navigate }) => {
    await navigate('/purchase');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('button', { name: messages.purchase.complete })).toHaveCount(0);
    await page.getByRole('link', { name: messages.purchase.continueShopping }).click();
    await expect(page).toHaveURL('/');
  });

  test("'Buy Now' brings the product here: prices, quantities, a 2-decimal total, 'Complete Purchase' and 'Back'", async ({
    page,
    navigate,
  }) => {
    await startInMode(page, 'landscape');
    await navigate('/search');
    const [product] = await fetchProducts(page.request, 'landscape');
    await page.getByRole('searchbox', { name: 'Search' }).fill(product!.name);
    await page.getByRole('tab', { name: /^Products \(\d+\)$/ }).click();
    await page
      .getByRole('list', { name: 'Products results' })
      .getByRole('button', { name: new RegExp(`^${product!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .click();
    const popup = page.getByRole('dialog', { name: product!.name });
    await popup.getByRole('button', { name: `Increase quantity of ${product!.name}` }).click();
    await popup.getByRole('button', { name: messages.productPopup.buyNow }).click();

    await expect(page).toHaveURL('/purchase');
    await expect(page.getByText(messages.productPopup.redirecting)).toBeVisible();
    const cart = page.getByRole('list', { name: 'Your cart' });
    await expect(cart.getByText(product!.name)).toBeVisible();
    await expect(cart.getByText(`${formatPrice(product!.price)} each`)).toBeVisible();
    await expect(cart.getByRole('status', { name: `Quantity of ${product!.name}` })).toHaveText('2');
    await expect(totalOf(page)).toHaveText(formatPrice(sumLineTotals([{ price: product!.price, quantity: 2 }])));
    await expect(totalOf(page)).toHaveText(/\.\d{2}$/);

    await cart.getByRole('button', { name: `Decrease quantity of ${product!.name}` }).click();
    await expect(totalOf(page)).toHaveText(formatPrice(product!.price));

    // signed out, placing the order asks for an account first; closing the sheet keeps the cart
    await page.getByRole('button', { name: messages.purchase.complete }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Sign in or sign up to place your order. Your cart stays.')).toBeVisible();
    // Escape goes to the sheet once it has taken the focus (a clean-clone CI run pressed it a moment before)
    await dialogHasFocus(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cart.getByText(product!.name)).toBeVisible();

    await page.getByRole('button', { name: messages.purchase.back }).click();
    await expect(page).toHaveURL(/\/search/);
  });

  test('items handed over from shop-design are listed, the own item marked as not ordered', async ({
    page,
    navigate,
  }) => {
    await navigate('/');
    const [first, second] = await fetchProducts(page.request, 'interior');
    const items = [
      { productId: first!.id, name: first!.name, price: first!.price, imageUrl: first!.imageUrl, quantity: 2 },
      { productId: second!.id, name: second!.name, price: second!.price, imageUrl: second!.imageUrl, quantity: 1 },
      { name: 'My own armchair', price: 0, imageUrl: '/media/missing.webp', quantity: 1 },
    ];
    await openPurchaseWithItems(page, items);

    const fromDesign = page.getByRole('list', { name: 'From this design' });
    await expect(fromDesign.getByRole('listitem')).toHaveCount(3);
    await expect(fromDesign.getByText(first!.name)).toBeVisible();
    // the own item is listed as such, with no price to pay, and the page says it is not part of the order
    const ownLine = fromDesign.getByRole('listitem').filter({ hasText: 'My own armchair' });
    await expect(ownLine).toContainText(messages.ownItem.badge);
    await expect(ownLine).toContainText(messages.ownItem.notForSaleShort);
    await expect(page.getByRole('note')).toHaveText(messages.ownItem.notOrdered);
    await expect(totalOf(page)).toHaveText(formatPrice(sumLineTotals(items)));
    await page.getByRole('link', { name: messages.purchase.continueShopping }).click();
    await expect(page).toHaveURL('/');
  });
});
