import { BETA_PASSWORD, expect, mainNavigation, passwordField, test } from './fixtures';

test.describe('beta gate', () => {
  test('shows the gate first and opens the app after the right password', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dwellscape™' })).toBeVisible();
    await expect(page.getByText('Transform your space with AI-powered design visualization')).toBeVisible();
    await expect(passwordField(page)).toHaveAttribute('placeholder', 'Enter password');
    await expect(page.getByText('Beta Version - Limited Access')).toBeVisible();
    await expect(mainNavigation(page)).toHaveCount(0);

    // the comparison is case-insensitive (SPEC §5)
    await passwordField(page).fill(BETA_PASSWORD.toUpperCase());
    const enter = page.getByRole('button', { name: 'Enter App' });
    await enter.click();
    // through the one-second transition the button stays disabled
    await expect(enter).toBeDisabled();

    await expect(mainNavigation(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dwellscape™' })).toBeVisible();
    await expect(passwordField(page)).toHaveCount(0);

    const cookies = await context.cookies();
    expect(cookies.some((cookie) => cookie.httpOnly && cookie.sameSite === 'Strict')).toBe(true);
  });

  test('a wrong password shows "Invalid password" for about 3 s and keeps the field', async ({ page }) => {
    await page.goto('/');
    await passwordField(page).fill('certainly-wrong');
    await page.getByRole('button', { name: 'Enter App' }).click();

    const error = page.getByText('Invalid password');
    await expect(error).toBeVisible();
    const shownAt = Date.now();
    await expect(passwordField(page)).toHaveValue('certainly-wrong');

    await expect(error).toBeHidden({ timeout: 6_000 });
    // loose bounds: the exact 3 s is checked with fake timers in the component test
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1_500);
    expect(shownFor).toBeLessThan(5_500);
    await expect(passwordField(page)).toHaveValue('certainly-wrong');
    await expect(mainNavigation(page)).toHaveCount(0);
  });

  test('a reload shows the gate again', async ({ page, unlock }) => {
    await page.goto('/activity');
    await unlock();
    await expect(page).toHaveURL(/\/activity$/);

    await page.reload();
    await expect(passwordField(page)).toBeVisible();
    await expect(mainNavigation(page)).toHaveCount(0);
    await unlock();
    await expect(page).toHaveURL(/\/activity$/);
  });

  test('the password is not in any built JavaScript file', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const pending = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
    expect(pending.length).toBeGreaterThan(0);

    const seen = new Set<string>();
    while (pending.length > 0) {
      const asset = pending.pop()!;
      if (seen.has(asset)) continue;
      seen.add(asset);
      const response = await request.get(asset);
      expect(response.ok(), asset).toBe(true);
      const source = await response.text();
      // a hard-coded password would be a string literal of its own
      expect(source, asset).not.toMatch(new RegExp(`(["'\`])${BETA_PASSWORD}\\1`));
      // lazily loaded screens are only named inside other chunks
      for (const match of source.matchAll(/(?:\/assets\/|\.\/)([\w.-]+\.js)/g)) pending.push(`/assets/${match[1]}`);
    }
    expect(seen.size).toBeGreaterThan(3);
  });
});
