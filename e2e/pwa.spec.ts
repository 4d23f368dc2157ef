import { apiPaths } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { BETA_PASSWORD, expect, mainNavigation, passwordField, test } from './fixtures';

/*
 * Decision 0049: the app installs, and a service worker keeps its shell. Lighthouse 12 no longer has its PWA audits;
 * these are the same checks: Chromium's own installability check (what the 'installable-manifest' audit read), a
 * worker that controls the page and answers for start_url offline ('service-worker'), the theme colour
 * ('themed-omnibox') and a maskable icon ('maskable-icon').
 */

test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Opens the app, passes the gate and waits until the service worker controls the page. */
async function openWithWorker(page: Page) {
  await page.goto('/');
  await passwordField(page).fill(BETA_PASSWORD);
  await page.getByRole('button', { name: 'Enter App' }).click();
  await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
  // registered a few seconds after the gate opens; clientsClaim makes it take this page once it has the shell
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

test.describe('installable app', () => {
  test('has a manifest with the product’s name, standalone display, theme colour and 192, 512 and maskable PNG icons', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');

    const response = await request.get(href!);
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Dwellscape',
      short_name: 'Dwellscape',
      start_url: '/',
      display: 'standalone',
    });
    // the browser's bar and the installed window's title bar in the gate's colour
    expect(manifest.theme_color).toBe(themeColor);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
      const bytes = await png.body();
      // the PNG's own header: its width and height
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)].join('x'), icon.src).toBe(icon.sizes);
    }
  });

  test('Chromium finds it installable once the service worker runs (no installability errors)', async ({ page }) => {
    await openWithWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  });

  test('a second visit starts from the kept shell without the network, and shows nothing before the gate passes', async ({
    page,
    context,
  }) => {
    await openWithWorker(page);
    await context.setOffline(true);
    try {
      // the shell, on any of the app's paths: the gate, as at every load
      await page.goto('/search');
      await expect(passwordField(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Dwellscape™' })).toBeVisible();
      await expect(mainNavigation(page)).toHaveCount(0);
      // the gate is the server's: without it, the app stays shut
      await passwordField(page).fill(BETA_PASSWORD);
      await page.getByRole('button', { name: 'Enter App' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Could not reach the server. Please check your connection and try again.',
      );
      await expect(mainNavigation(page)).toHaveCount(0);
      // the API never comes from the worker's cache
      const health = await page.evaluate(async (path) => {
        try {
          return (await fetch(path)).status;
        } catch {
          return 'network error';
        }
      }, apiPaths.health);
      expect(health).toBe('network error');
    } finally {
      await context.setOffline(false);
    }
    // and with the network back, the same page opens the app
    await page.getByRole('button', { name: 'Enter App' }).click();
    await expect(mainNavigation(page)).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/search$/);
  });
});
