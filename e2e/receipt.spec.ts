import path from 'node:path';
import { designSchema, MODES } from '@dwellscape/shared';
import { expect, test } from './fixtures';
import {
  afterImage,
  answerAllQuestions,
  choosePresetSpace,
  continueButton,
  nextButton,
  pickProducts,
  PREFERENCES_KEY,
  publishButton,
  renderButton,
  uniqueSuffix,
} from './create-design-flow';
import { publishDesign, startInMode } from './feed-helpers';

// With SHOTS_DIR set, every theme is rendered and photographed (390 × 844); otherwise one light interior and one
// dark landscape run check the receipt in both modes and both colour schemes.
const shotsDir = process.env.SHOTS_DIR;
const themes = [
  { name: 'light-interior', isDarkMode: false, isLandscapeMode: false },
  { name: 'dark-landscape', isDarkMode: true, isLandscapeMode: true },
  ...(shotsDir
    ? [
        { name: 'dark-interior', isDarkMode: true, isLandscapeMode: false },
        { name: 'light-landscape', isDarkMode: false, isLandscapeMode: true },
      ]
    : []),
];

test.describe('the fidelity receipt', () => {
  for (const theme of themes) {
    test(`shows on the render result and on the post (${theme.name})`, async ({ page, navigate, signUp }) => {
      test.setTimeout(120_000);
      const { name, ...preferences } = theme;
      const mode = preferences.isLandscapeMode ? 'landscape' : 'interior';
      const room = mode === 'landscape' ? 'Space' : 'Room';
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        PREFERENCES_KEY,
        JSON.stringify(preferences),
      ] as const);
      const shot = (screen: string) =>
        shotsDir ? page.screenshot({ path: path.join(shotsDir, `receipt-${screen}-${name}.png`) }) : null;
      await signUp(page);
      await navigate('/create-design/start');

      await pickProducts(page, mode, 2);
      await nextButton(page).click();
      await answerAllQuestions(page);
      await nextButton(page).click();
      await choosePresetSpace(page);
      await renderButton(page).click();

      await expect(afterImage(page)).toBeVisible({ timeout: 60_000 });
      // the local engine draws both products; a preset space keeps most of its lines through the regrade
      const line = page.getByText(new RegExp(`^${room} kept (\\d+)% · 2 of 2 products$`));
      await expect(line).toBeVisible();
      const kept = Number(/kept (\d+)%/.exec((await line.textContent()) ?? '')![1]);
      expect(kept).toBeGreaterThanOrEqual(50);
      expect(kept).toBeLessThanOrEqual(100);
      await page.waitForTimeout(600);
      await shot('result');

      await continueButton(page).click();
      await page.getByRole('textbox', { name: 'Title' }).fill(`Receipt ${uniqueSuffix()}`);
      const published = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/designs',
      );
      await publishButton(page).click();
      const design = designSchema.parse(await (await published).json());
      expect(design.receipt).toMatchObject({ productsPresent: 2, productsChosen: 2 });
      await expect(page).toHaveURL('/');

      await navigate(`/post/${design.id}`);
      await expect(page.getByRole('heading', { level: 2, name: design.title })).toBeVisible();
      await expect(page.getByText(`${room} kept ${kept}% · 2 of 2 products`)).toBeVisible();
      await page.waitForTimeout(600);
      await shot('post');
    });
  }
});

test.describe('the fidelity receipt line at 390 px', () => {
  for (const mode of MODES) {
    test(`wraps in lines of even length, no figure alone on the last (${mode})`, async ({ page, navigate, signUp }) => {
      await startInMode(page, mode);
      await signUp(page);
      const design = await publishDesign(page.request, { mode, title: `Receipt wrap ${uniqueSuffix()}` });
      // the receipt of a render that left products out, with reasons long enough to wrap at 390 px
      const receipt = {
        structureKept: 0.94,
        method: 'placed',
        weakEstimate: false,
        productsPresent: 3,
        productsChosen: 5,
        leftOut: ['no free floor for the Mid-Century Walnut Sofa', 'no free floor for the Boucle Lounge Chair'],
      };
      await page.route(`**/api/designs/${design.id}`, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), receipt } });
      });
      await navigate(`/post/${design.id}`);
      const line = page.getByText(/^3 of 5 products: no free floor for .* kept 94%$/);
      await expect(line).toBeVisible();
      // the words on the line's last row, as the browser wrapped them
      const lines = await line.evaluate((element) => {
        const range = document.createRange();
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        const text = walker.nextNode()!;
        const rows = new Map<number, string>();
        for (let at = 0; at < text.textContent!.length; at++) {
          range.setStart(text, at);
          range.setEnd(text, at + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          rows.set(top, (rows.get(top) ?? '') + text.textContent![at]);
        }
        return [...rows.values()].map((row) => row.trim()).filter(Boolean);
      });
      // lines of about even length: unbalanced, the last held a word or two ('Chair · Room kept 94%', or '94%' alone)
      expect(lines.length).toBeGreaterThan(1);
      const longest = Math.max(...lines.map((row) => row.length));
      expect(lines.at(-1)!.length / longest).toBeGreaterThanOrEqual(0.6);
      if (shotsDir) await line.screenshot({ path: path.join(shotsDir, `receipt-wrap-${mode}.png`) });
    });
  }
});
