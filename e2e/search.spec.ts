import { MODES, messages, type Mode } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { CART_KEY, fetchProducts, publishDesign, startInMode, uniqueSuffix } from './feed-helpers';
import { expect, test } from './fixtures';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });
const results = (page: Page, tabName: string) => page.getByRole('list', { name: `${tabName} results` });

async function openSearch(page: Page, navigate: (path: string) => Promise<void>) {
  await navigate('/search');
  await expect(searchBox(page)).toHaveAttribute('placeholder', messages.search.placeholder);
}

for (const mode of MODES) {
  test.describe(`search in ${mode} mode`, () => {
    test.beforeEach(async ({ page }) => startInMode(page, mode));

    test('the tabs show match counts once text is typed; a design opens its post and both buttons open shop-design', async ({
      page,
      navigate,
      signUp,
    }) => {
      // publishing needs an account (decision 0016)
      await signUp(page);
      await openSearch(page, navigate);
      await expect(page.getByRole('tab')).toHaveText(['Designs', 'Products', 'Users']);

      const word = `Lantern${uniqueSuffix()}`;
      const design = await publishDesign(page.request, {
        mode,
        title: `Search check ${word}`,
        caption: `A calm ${word} corner`,
      });
      await searchBox(page).fill(word.toLowerCase());

      await expect(tab(page, 'Designs (1)')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'Products (0)')).toBeVisible();
      await expect(tab(page, 'Users (0)')).toBeVisible();
      const row = results(page, 'Designs').getByRole('listitem');
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('link', { name: messages.feed.shopThisDesign })).toHaveAttribute(
        'href',
        `/shop-design/${design.id}`,
      );
      await row.getByRole('link', { name: messages.search.seeInMySpace }).click();
      await expect(page).toHaveURL(`/shop-design/${design.id}`);

      await page.goBack();
      await expect(searchBox(page)).toHaveValue(word.toLowerCase());
      await results(page, 'Designs')
        .getByRole('link', { name: new RegExp(`Search check ${word}`) })
        .click();
      await expect(page).toHaveURL(`/post/${design.id}`);
      await expect(page.getByRole('heading', { name: `Search check ${word}`, level: 2 })).toBeVisible();
    });

    test(`products come from the ${mode} catalogue; a row opens the popup and 'Add to Cart' fills the cart`, async ({
      page,
      navigate,
    }) => {
      await openSearch(page, navigate);
      const other: Mode = mode === 'interior' ? 'landscape' : 'interior';
      const [own, others] = await Promise.all([fetchProducts(page.request, mode), fetchProducts(page.request, other)]);
      const otherNames = others.map((product) => product.name.toLowerCase());
      // a product whose name no product of the other mode contains
      const product = own.find((each) => !otherNames.some((name) => name.includes(each.name.toLowerCase())))!;
      expect(product, 'a product found only in this mode').toBeDefined();

      await searchBox(page).fill(product.name);
      await tab(page, /^Products \(\d+\)$/).click();
      const row = results(page, 'Products').getByRole('listitem').filter({ hasText: product.name }).first();
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: new RegExp(`^${escapeRegExp(product.name)}`) }).click();
      const popup = page.getByRole('dialog', { name: product.name });
      await expect(popup).toBeVisible();
      await expect(popup.getByText(messages.productPopup.shippingNote)).toBeVisible();
      await popup.getByRole('button', { name: 'Close' }).click();
      await expect(popup).toBeHidden();

      await row.getByRole('button', { name: `${messages.productPopup.addToCart}: ${product.name}` }).click();
      await expect(page.getByText(messages.productPopup.addedTitle)).toBeVisible();
      await expect(page.getByText(messages.productPopup.addedBody(1, product.name))).toBeVisible();
      const cart = await page.evaluate(
        (key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as { productId: string; quantity: number }[],
        CART_KEY,
      );
      expect(cart).toContainEqual(expect.objectContaining({ productId: product.id, quantity: 1 }));

      // the same words in the other mode do not find it
      const otherAnswer = page.waitForResponse((answer) => {
        const url = new URL(answer.url());
        return url.pathname === '/api/search' && url.searchParams.get('mode') === other;
      });
      await page.getByRole('switch', { name: 'Design mode' }).click();
      expect((await otherAnswer).ok()).toBe(true);
      await expect(
        results(page, 'Products').or(page.getByText(`No products found for "${product.name}"`)),
      ).toBeVisible();
      await expect(results(page, 'Products').getByText(product.name, { exact: true })).toHaveCount(0);
    });
  });
}

test.describe('search', () => {
  test('an unknown word says \'No {tab} found for "{query}"\' on every tab', async ({ page, navigate }) => {
    await openSearch(page, navigate);
    const word = `zq${uniqueSuffix()}`;
    await searchBox(page).fill(word);
    await expect(tab(page, 'Designs (0)')).toBeVisible();
    await expect(page.getByText(`No designs found for "${word}"`)).toBeVisible();
    await tab(page, 'Products (0)').click();
    await expect(page.getByText(`No products found for "${word}"`)).toBeVisible();
    await tab(page, 'Users (0)').click();
    await expect(page.getByText(`No users found for "${word}"`)).toBeVisible();
  });

  test("users match by name; 'Follow' turns into 'Following' and the row opens the profile", async ({
    page,
    navigate,
    signUp,
  }) => {
    // following needs an account (decision 0016)
    await signUp(page);
    await openSearch(page, navigate);
    const response = await page.request.get('/api/search', { params: { q: 'a', mode: 'interior' } });
    const someone = (
      (await response.json()) as {
        users: { id: string; displayName: string; username: string; isCurrentUser: boolean }[];
      }
    ).users.find((user) => !user.isCurrentUser)!;

    await searchBox(page).fill(someone.username);
    await tab(page, /^Users \(\d+\)$/).click();
    const row = results(page, 'Users').getByRole('listitem').filter({ hasText: someone.displayName });
    const followed = page.waitForResponse(
      (answer) => answer.url().endsWith(`/api/users/${someone.id}/follow`) && answer.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: `Follow ${someone.displayName}` }).click();
    await expect(row.getByRole('button', { name: `Following ${someone.displayName}` })).toHaveText('Following');
    expect((await followed).ok()).toBe(true);

    await row.getByRole('link', { name: new RegExp(someone.displayName) }).click();
    await expect(page).toHaveURL(`/profile/${someone.id}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(someone.displayName) })).toBeVisible();
    // the profile says so too: the follow is the server's now
    await expect(page.getByRole('button', { name: `Following ${someone.displayName}` })).toBeVisible();
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
