import { MODES, messages } from '@dwellscape/shared';
import type { Locator, Page } from '@playwright/test';
import { dialogHasFocus, expect, test } from './fixtures';
import { designCard, publishDesign, startInMode, uniqueSuffix } from './feed-helpers';
import { afterImage, headings, publishButton, renderInCreateFlow } from './create-design-flow';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The controls a toast must leave free (components/ui/toaster.tsx): every button, link and field the person can
 * reach (drawn on top where it stands, not under the header or the navigation), or inside the open dialog while one
 * is open (the page behind it is dimmed). The toast's own buttons ('View Cart', its close) are part of it.
 */
async function controlsInReach(page: Page): Promise<{ name: string; box: Box }[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"][data-state="open"]');
    const scope = dialog ?? document.body;
    // and the lines a toast tells of (a render's receipt): marked data-toast-keep-clear
    const selector =
      'button, a[href], input, select, textarea, [role="button"], [role="link"], [role="switch"], [data-toast-keep-clear]';
    return Array.from(scope.querySelectorAll<HTMLElement>(selector)).flatMap((element) => {
      if (element.closest('[data-sonner-toaster]')) return [];
      const rect = element.getBoundingClientRect();
      const visible =
        rect.width > 0 &&
        rect.height > 0 &&
        rect.bottom > 0 &&
        rect.top < window.innerHeight &&
        element.checkVisibility();
      if (!visible) return [];
      // wholly under a bar (or the toast itself) it is out of reach until the page scrolls; half under the bar at
      // the bottom, its top still shows and takes taps
      const x = rect.left + rect.width / 2;
      const inset = Math.min(4, rect.height / 2);
      // a line read, not tapped (a product's name over the picture takes no pointer) shows where no bar pinned
      // over it (fixed or sticky) hides it
      const isRead = element.matches('[data-toast-keep-clear]');
      const underBar = (drawn: Element) => {
        for (let node: Element | null = drawn; node && node !== document.body; node = node.parentElement) {
          const { position } = getComputedStyle(node);
          if (position === 'fixed' || position === 'sticky') return !node.contains(element);
        }
        return false;
      };
      const shows = [rect.top + rect.height / 2, rect.top + inset, rect.bottom - inset].some((y) => {
        if (y < 0 || y >= window.innerHeight) return false;
        const drawn = document.elementsFromPoint(x, y).find((each) => !each.closest('[data-sonner-toaster]'));
        if (drawn === undefined) return false;
        return element === drawn || element.contains(drawn) || (isRead && !underBar(drawn));
      });
      if (!shows) return [];
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
      return [{ name: name.slice(0, 60), box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height } }];
    });
  });
}

/** Waits for the toast to settle where it stays, then checks its box against every control's. */
async function expectToastCoversNoControl(page: Page, toast: Locator) {
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  let box: Box | null = null;
  // it slides in: read its box until two readings agree
  await expect
    .poll(async () => {
      const previous = box;
      box = await toast.boundingBox();
      return previous !== null && box !== null && JSON.stringify(previous) === JSON.stringify(box);
    })
    .toBe(true);
  const covered = (await controlsInReach(page)).filter((control) => overlaps(control.box, box!));
  expect(covered.map((control) => control.name)).toEqual([]);
}

// With SHOTS_DIR set, the render step with its toast is photographed (390 × 844).
const shotsDir = process.env.SHOTS_DIR;

const toastOf = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ has: page.getByText(text, { exact: true }) });

for (const mode of MODES) {
  test.describe(`${mode}: toasts cover no control`, () => {
    test('on the feed, over the comments dialog', async ({ page, navigate, signUp }) => {
      await startInMode(page, mode);
      await signUp(page);
      await navigate('/');
      const design = await publishDesign(page.request, { mode, title: `Toast place ${uniqueSuffix()}` });
      const card = designCard(page, design.title);
      await card.getByRole('button', { name: 'Comments, 0' }).click();
      const dialog = await dialogHasFocus(page.getByRole('dialog', { name: 'Comments' }));
      await dialog.getByLabel('Comment', { exact: true }).fill(`Lovely ${uniqueSuffix()}`);
      await dialog.getByRole('button', { name: 'Post comment' }).click();
      await expectToastCoversNoControl(page, toastOf(page, messages.comments.successTitle));
    });

    test('on a design’s page', async ({ page, navigate, signUp }) => {
      await startInMode(page, mode);
      await signUp(page);
      const design = await publishDesign(page.request, { mode, title: `Toast post ${uniqueSuffix()}` });
      await navigate(`/post/${design.id}`);
      await page.getByRole('textbox', { name: 'Add a comment' }).fill(`Lovely ${uniqueSuffix()}`);
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expectToastCoversNoControl(page, toastOf(page, messages.comments.successTitle));
    });

    test('on the render step, over neither a control nor the receipt’s lines', async ({ page, navigate }) => {
      test.setTimeout(180_000);
      await startInMode(page, mode);
      await renderInCreateFlow(page, navigate, mode, 'preset');
      await expect(afterImage(page)).toBeVisible({ timeout: 120_000 });
      // the receipt's lines (the adjuster, while open, marks its own)
      const receipt = page.locator('[data-toast-keep-clear]').filter({ hasText: /kept \d+%/ });
      await expect(receipt).toBeVisible();
      await expectToastCoversNoControl(page, toastOf(page, messages.create.renderSuccess));
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });

      // an adjustment applied: its toast stands clear of the receipt of the picture drawn again
      await page.getByRole('button', { name: 'Adjust placement' }).click();
      await page
        .getByRole('button', { name: /^Move (?!the )/ })
        .first()
        .focus();
      await page.keyboard.press('ArrowLeft');
      await page.getByRole('button', { name: 'Apply changes' }).click();
      await expect(receipt).toBeVisible({ timeout: 30_000 });
      await expectToastCoversNoControl(page, toastOf(page, 'Your changes are in the design.'));
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/toast-render-step-${mode}.png` });
    });

    // light for the interior, dark for the outdoors (both of each with SHOTS_DIR, photographed)
    for (const isDarkMode of shotsDir ? [false, true] : [mode === 'landscape']) {
      const theme = isDarkMode ? 'dark' : 'light';
      test(`on the render step, gone as the adjuster opens while the toast shows (${theme})`, async ({
        page,
        navigate,
      }) => {
        test.setTimeout(180_000);
        await startInMode(page, mode, isDarkMode);
        await renderInCreateFlow(page, navigate, mode, 'preset');
        await expect(afterImage(page)).toBeVisible({ timeout: 120_000 });
        const toast = toastOf(page, messages.create.renderSuccess);
        await expect(toast).toBeVisible();
        // as a person does: straight on to adjusting, the 'generated' toast still up over the step
        await page.getByRole('button', { name: 'Adjust placement' }).click();
        const hint = page.getByText('Drag a product to move it, pinch or use the slider to resize it.');
        await expect(hint).toBeVisible();
        // the toast told of the result screen: it goes as the adjuster opens, over nothing of its picture or controls
        await expect(toast).toHaveCount(0);
        if (shotsDir) await page.screenshot({ path: `${shotsDir}/toast-adjuster-${mode}-${theme}.png` });
      });
    }

    test('on the post step, over neither a control nor the products it features', async ({ page, navigate }) => {
      test.setTimeout(180_000);
      await startInMode(page, mode);
      await renderInCreateFlow(page, navigate, mode, 'preset');
      await expect(afterImage(page)).toBeVisible({ timeout: 120_000 });
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      await page.getByRole('button', { name: /Continue/ }).click();
      await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Products in this design' })).toBeVisible();
      // no title: docs/product.md §8's toast, while the step shows the products it will publish
      await publishButton(page).click();
      await expectToastCoversNoControl(
        page,
        page.locator('[data-sonner-toast]').filter({ hasText: messages.create.missingInformation }),
      );
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/toast-post-step-${mode}.png` });
    });

    test('in the create flow, above the step’s actions', async ({ page, navigate }) => {
      await startInMode(page, mode);
      await navigate('/create-design/start');
      await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
      // as a person does: down to the upload button under the catalogue, then a file that is no picture, which
      // the server refuses and the step toasts its reason
      await page.getByText('Upload your own items', { exact: true }).scrollIntoViewIfNeeded();
      await page.getByLabel('Upload your own items').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await expectToastCoversNoControl(page, page.locator('[data-sonner-toast]').filter({ hasText: 'notes.txt' }));
    });
  });
}
