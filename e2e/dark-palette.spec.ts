import path from 'node:path';
import { expect, test } from './fixtures';
import { themes, visitEveryScreen } from './screens';

/**
 * Dark mode uses the dark palette on every screen, in both design modes: no part of the page paints a bright block
 * (the light palette leaking in, or an accent as loud as dark landscape's lime Commission card and buttons were).
 * Every visible element with a background colour of its own larger than a fingertip is measured, its colour blended
 * over the page's background as the screen shows it; pictures (photos, renders, avatars) are content and not
 * counted. With SHOTS_DIR set, each screen is photographed too (390 × 844).
 */
const shotsDir = process.env.SHOTS_DIR;
const fileName = (screen: string) => screen.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/**
 * The brightest a block may be: dark interior's teal primary (0.43 relative luminance) and terracotta accent (0.36)
 * are under it; dark landscape's lime accent (0.58) and bright leaf primary (0.49) were over it.
 */
const MAX_BLOCK_LUMINANCE = 0.45;
/** Smaller than this (a 44 × 44 px control, a badge, a switch's thumb, a count bubble) is not a block. */
const MIN_BLOCK_AREA_PX = 44 * 44 + 1;

interface BrightBlock {
  element: string;
  text: string;
  luminance: number;
  width: number;
  height: number;
}

for (const theme of themes.filter((each) => each.isDarkMode)) {
  test(`no bright block on any screen (${theme.name})`, async ({ page, navigate, signUp }) => {
    test.setTimeout(480_000);
    const found: string[] = [];
    await visitEveryScreen({
      page,
      navigate,
      signUp,
      theme,
      check: async (screen) => {
        // a phone keeps no hover: the pointer that last clicked is moved off the screen's controls (onto the header's
        // edge), or the button it rests on is measured in its hover colour
        await page.mouse.move(195, 1);
        // and its colour's transition back from the hover one has ended before anything is measured
        await page.evaluate(() => Promise.all(document.getAnimations().map((each) => each.finished.catch(() => null))));
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${theme.name}-${fileName(screen)}.png`) });
        const blocks = await page.evaluate(
          ({ maxLuminance, minArea }): BrightBlock[] => {
            const canvas = document.createElement('canvas');
            canvas.width = 1;
            canvas.height = 1;
            const context = canvas.getContext('2d', { willReadFrequently: true })!;
            const pageColour = getComputedStyle(document.body).backgroundColor;
            /** The colour as painted over the page's background, in sRGB 0–255 (any CSS colour syntax). */
            const painted = (colour: string) => {
              context.fillStyle = pageColour;
              context.fillRect(0, 0, 1, 1);
              context.fillStyle = colour;
              context.fillRect(0, 0, 1, 1);
              return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
            };
            const luminance = ([r, g, b]: number[]) => {
              const linear = (c: number) => {
                const s = c / 255;
                return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
              };
              return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
            };
            const isPicture = (element: Element) =>
              element instanceof HTMLImageElement ||
              element instanceof HTMLCanvasElement ||
              element instanceof HTMLVideoElement ||
              element.closest('svg') !== null;
            const bright: BrightBlock[] = [];
            for (const element of Array.from(document.body.querySelectorAll('*'))) {
              if (isPicture(element)) continue;
              const style = getComputedStyle(element);
              const colour = style.backgroundColor;
              if (colour === 'transparent' || colour === 'rgba(0, 0, 0, 0)') continue;
              const box = element.getBoundingClientRect();
              const width = Math.min(box.right, innerWidth) - Math.max(box.left, 0);
              const height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
              if (width <= 0 || height <= 0 || width * height < minArea) continue;
              if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
              const value = luminance(painted(colour));
              if (value <= maxLuminance) continue;
              bright.push({
                element: `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 4).join('.')}`,
                text: (element.textContent ?? '').trim().slice(0, 40),
                luminance: Math.round(value * 100) / 100,
                width: Math.round(width),
                height: Math.round(height),
              });
            }
            return bright;
          },
          { maxLuminance: MAX_BLOCK_LUMINANCE, minArea: MIN_BLOCK_AREA_PX },
        );
        for (const block of blocks) {
          found.push(
            `${screen}: ${block.element} '${block.text}' ${block.width}×${block.height} px at luminance ${block.luminance}`,
          );
        }
      },
    });
    expect(found, 'bright blocks in dark mode').toEqual([]);
  });
}
