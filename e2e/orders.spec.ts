import { commissionShares, formatCents, messages, orderMessages, toCents } from '@dwellscape/shared';
import type { Browser, Page } from '@playwright/test';
import { publishDesign, uniqueSuffix } from './feed-helpers';
import { BETA_PASSWORD, expect, mainNavigation, passwordField, test } from './fixtures';

/** Another person: a browser context of its own (its own gate session and account), watched for page errors. */
async function anotherBrowser(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Loads a path and unlocks the gate (every load shows it). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await passwordField(page).fill(BETA_PASSWORD);
  await page.getByRole('button', { name: 'Enter App' }).click();
  await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
}

test('B shops A’s remix of C’s design: the order is placed, payment pending; A and C see pending commission on their profiles and in Activity', async ({
  page: pageC,
  browser,
  navigate,
  signUp,
}) => {
  test.setTimeout(150_000);
  // C publishes a design; A remixes it, with two products of the catalogue
  await signUp(pageC);
  await navigate('/');
  const original = await publishDesign(pageC.request, {
    mode: 'interior',
    title: `Original ${uniqueSuffix()}`,
    productCount: 2,
  });
  const a = await anotherBrowser(browser);
  await signUp(a.page);
  const remix = await publishDesign(a.page.request, {
    mode: 'interior',
    title: `Remix ${uniqueSuffix()}`,
    productCount: 2,
    originalDesignId: original.id,
  });
  expect(remix.originalCreatorId).toBe(original.userId);

  // what the ledger must credit: each line's shares at the catalogue's price (A keeps 6%, C gets 2%)
  const expected = { a: 0, c: 0 };
  for (const product of remix.selectedProducts) {
    for (const share of commissionShares({
      lineCents: toCents(product.price) * product.quantity,
      buyerId: 'b',
      creatorId: 'a',
      originalCreatorId: 'c',
      isRemix: true,
    })) {
      expected[share.earnerId as 'a' | 'c'] += share.amountCents;
    }
  }
  expect(expected.a).toBeGreaterThan(0);
  expect(expected.c).toBeGreaterThan(0);

  // B shops the remix and completes the purchase
  const b = await anotherBrowser(browser);
  await signUp(b.page);
  await open(b.page, `/shop-design/${remix.id}`);
  await b.page.getByRole('button', { name: new RegExp(messages.shop.purchaseProducts) }).click();
  await b.page.getByRole('button', { name: messages.shop.checkout }).click();
  await expect(b.page).toHaveURL(/\/purchase$/);
  await b.page.getByRole('button', { name: messages.purchase.complete }).click();
  const placed = b.page.getByRole('dialog', { name: orderMessages.placedTitle });
  await expect(placed).toBeVisible();
  await expect(placed.getByText(orderMessages.paymentPending)).toBeVisible();
  await expect(placed.getByText(messages.purchase.paymentsDisabled)).toBeVisible();
  const total = remix.selectedProducts.reduce((sum, p) => sum + toCents(p.price) * p.quantity, 0);
  await expect(placed.getByText(formatCents(total))).toBeVisible();
  await placed.getByRole('link', { name: 'Your orders' }).click();
  await expect(b.page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
  const orders = b.page.getByRole('list', { name: 'Orders' });
  await expect(orders.getByText('Placed · payment pending')).toHaveCount(1);
  await expect(orders.getByRole('link', { name: remix.title })).toHaveCount(remix.selectedProducts.length);

  // A and C: pending commission on their own profiles, and a commission in Activity
  for (const [person, cents] of [
    [a, expected.a],
    [{ page: pageC }, expected.c],
  ] as const) {
    await open(person.page, '/profile');
    await expect(person.page.getByText(`${formatCents(cents)} pending · $0.00 available`)).toBeVisible();
    await open(person.page, '/activity');
    await expect(person.page.getByText(/You earned a commission: .* bought from/)).toBeVisible();
  }
  // and the Earnings screen lists A's shares, pending
  await open(a.page, '/earnings');
  await expect(a.page.getByLabel(`Pending ${formatCents(expected.a)}`)).toBeVisible();

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});
