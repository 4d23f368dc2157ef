import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { afterImage, renderInCreateFlow, useDesignMode } from './create-design-flow';
import { themes, visitEveryScreen } from './screens';

/**
 * Every interactive element is at least 44 × 44 CSS px to the finger (WCAG 2.5.5; a phone's thumb): its hit area,
 * measured as the browser hit-tests it, so padding or a pseudo-element around a small-looking control counts, and a
 * control covered by something else does not. A visually hidden input counts with its label's area.
 *
 * The one exception (WCAG 2.5.8's "inline"): a link inside a sentence, whose size the line of text sets. It is
 * listed in the test's annotations, not failed.
 */
const MINIMUM = 44;

interface Measured {
  target: string;
  width: number;
  height: number;
  /** Why it is exempt; null when the minimum applies. */
  exemption: string | null;
}

/** Measures, in the page, the hit area of every interactive element the person can reach now. */
async function measureTargets(page: Page): Promise<Measured[]> {
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  await page.waitForTimeout(100);
  return page.evaluate(() => {
    const interactive = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="slider"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    // with a modal dialog open, only it can be reached
    const dialogs = Array.from(
      document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], dialog[open]'),
    );
    const root = dialogs.filter((dialog) => dialog.checkVisibility()).at(-1) ?? document.body;
    const reach = 60;

    const describe = (element: HTMLElement) => {
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const labelledBy = element
        .getAttribute('aria-labelledby')
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      const name =
        element.getAttribute('aria-label') ??
        labelledBy ??
        (element instanceof HTMLInputElement
          ? Array.from(element.labels ?? [])
              .map((label) => label.textContent)
              .join(' ')
          : '') ??
        '';
      const text = (
        name ||
        element.textContent ||
        element.getAttribute('title') ||
        element.getAttribute('placeholder') ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60);
      return `${role} "${text}"`;
    };

    const inlineInSentence = (element: HTMLElement) =>
      element.tagName === 'A' &&
      getComputedStyle(element).display === 'inline' &&
      Array.from(element.parentElement?.childNodes ?? []).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );

    const results: Array<{ target: string; width: number; height: number; exemption: string | null }> = [];
    const seen = new Set<Element>();
    for (const element of Array.from(root.querySelectorAll<HTMLElement>(interactive))) {
      if (seen.has(element)) continue;
      seen.add(element);
      if (element.closest('[inert], [aria-hidden="true"]')) continue;
      if ((element as HTMLButtonElement).disabled) continue;
      const labels =
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
          ? Array.from(element.labels ?? [])
          : [];
      const areas: HTMLElement[] = [element, ...labels].filter(
        (area) => area.checkVisibility({ visibilityProperty: true }) && area.getClientRects().length > 0,
      );
      if (areas.length === 0) continue;
      // a control that appears only on focus (a skip link) is not a target until then
      const ownBox = element.getBoundingClientRect();
      if (labels.length === 0 && ownBox.width <= 1 && ownBox.height <= 1) continue;
      const accepts = (x: number, y: number) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && areas.some((area) => area.contains(hit));
      };
      let best = { width: 0, height: 0 };
      for (const area of areas) {
        area.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        const box = area.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        if (!accepts(x, y)) continue;
        const extent = (dx: number, dy: number) => {
          let steps = 0;
          while (steps < reach && accepts(x + dx * (steps + 1), y + dy * (steps + 1))) steps += 1;
          return steps;
        };
        const width = extent(-1, 0) + extent(1, 0) + 1;
        const height = extent(0, -1) + extent(0, 1) + 1;
        if (Math.min(width, height) > Math.min(best.width, best.height)) best = { width, height };
      }
      results.push({
        target: describe(element),
        ...best,
        exemption: inlineInSentence(element) ? 'an inline link inside a sentence (WCAG 2.5.8)' : null,
      });
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return results;
  });
}

for (const theme of themes.filter((each) => !each.isDarkMode)) {
  test(`every interactive element of every screen is at least 44×44 (${theme.name})`, async ({
    page,
    navigate,
    signUp,
  }) => {
    test.setTimeout(480_000);
    const tooSmall: string[] = [];
    const exempt = new Set<string>();
    await visitEveryScreen({
      page,
      navigate,
      signUp,
      theme,
      check: async (screen) => {
        // a toast covers what is under it for its few seconds: measured as a person meets the screen after it
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
        for (const measured of await measureTargets(page)) {
          if (measured.width >= MINIMUM && measured.height >= MINIMUM) continue;
          const line = `${screen}: ${measured.target} is ${measured.width}×${measured.height}`;
          if (measured.exemption) exempt.add(`${line} — ${measured.exemption}`);
          else tooSmall.push(line);
        }
      },
    });
    for (const line of exempt) test.info().annotations.push({ type: 'exempt', description: line });
    expect(tooSmall, `elements under ${MINIMUM}×${MINIMUM} CSS px`).toEqual([]);
  });
}

// With SHOTS_DIR set, the adjuster with its far, small product is photographed (390 × 844).
const shotsDir = process.env.SHOTS_DIR;

test('the adjuster: a product drawn small far back still takes a 44×44 tap, and each handle its own taps', async ({
  page,
  navigate,
}) => {
  test.setTimeout(240_000);
  await useDesignMode(page, 'interior');
  await renderInCreateFlow(page, navigate, 'interior', 'preset', 2);
  await expect(afterImage(page)).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Adjust placement' }).click();
  const handles = page.getByRole('button', { name: /^Move (?!the )/ });
  await expect(handles.first()).toBeVisible({ timeout: 20_000 });
  const count = await handles.count();
  expect(count).toBeGreaterThan(0);

  // the last product made as small as the slider goes and sent to the back of the floor
  const far = handles.nth(count - 1);
  await far.focus();
  await page.getByRole('slider', { name: /^Size of / }).fill('50');
  await far.focus();
  for (let step = 0; step < 25; step++) await page.keyboard.press('ArrowUp');
  const drawn = (await far.boundingBox())!;
  expect(Math.min(drawn.width, drawn.height), 'the far product is drawn smaller than a finger').toBeLessThan(44);
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/adjuster-far-product.png` });

  const names = await handles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  const measured = (await measureTargets(page)).filter((each) => names.some((name) => each.target.includes(name)));
  expect(measured).toHaveLength(count);
  for (const each of measured) {
    expect(Math.min(each.width, each.height), `${each.target} is ${each.width}×${each.height}`).toBeGreaterThanOrEqual(
      MINIMUM,
    );
  }
  // a tap at each product's middle chooses that product, never its neighbour
  for (let n = 0; n < count; n++) {
    const handle = handles.nth(n);
    const box = (await handle.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
  }
});
