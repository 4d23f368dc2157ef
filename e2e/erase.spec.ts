import path from 'node:path';
import {
  apiPaths,
  messages,
  recompositeDesignBodySchema,
  recompositeDesignResponseSchema,
  type Mode,
} from '@dwellscape/shared';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  firstPhotoOf,
  openSeeInSpace,
  renderPhotoInCreateFlow,
  renderPhotoInSeeInSpace,
  renderedImage as afterImage,
} from './create-design-flow';
import { designToSeeInSpace, startInMode } from './feed-helpers';
import { expect, test } from './fixtures';

/*
 * Erasing part of the room (decision 0047) in both flows that render a person's photo: brush over part of the
 * picture and tap a piece the photo's geometry found, apply, and the picture changes where brushed and stays as it
 * was far from it; the receipt counts the pieces removed. On the way, every control of the result step can be
 * scrolled clear of the sticky action bar. Screenshots (390 × 844, light and dark) go to SHOTS_DIR when it is set.
 */
const shotsDir = process.env.SHOTS_DIR;

/** 'Erase part of the room' ('… of the space' in a yard). */
const eraseButton = (page: Page) => page.getByRole('button', { name: /^Erase part of the (room|space)$/ });

async function renderInSeeInSpace(page: Page, navigate: (path: string) => Promise<void>, mode: Mode) {
  await navigate('/');
  const design = await designToSeeInSpace(page.request, mode);
  expect(design, `a ${mode} design with two products`).toBeDefined();
  await openSeeInSpace(page, navigate, design!.id);
  await page.getByRole('button', { name: messages.shop.continueToSpace }).click();
  await renderPhotoInSeeInSpace(page, firstPhotoOf(mode).file);
}

/** The picture behind a URL, as RGB at a fixed width, for comparing two renders pixel by pixel. */
async function pixelsOf(request: APIRequestContext, url: string, width: number) {
  const response = await request.get(url);
  expect(response.ok(), `GET ${url}`).toBe(true);
  const { data, info } = await sharp(await response.body())
    .resize({ width })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A control is clear of the sticky bar when, scrolled into view as a keyboard or a finger brings it, the point at
 * its centre belongs to it (not to the bar or the bottom navigation over it).
 */
async function expectClearOfBars(control: Locator, name: string) {
  // a toast covers what is under it for its few seconds (and stands where no control is when it comes): the bars are
  // measured as a person meets the step after it
  await expect(control.page().locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await control.scrollIntoViewIfNeeded();
  const hit = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      isItself: top !== null && (top === element || element.contains(top)),
      found: top ? `${top.tagName.toLowerCase()} “${(top.textContent ?? '').trim().slice(0, 40)}”` : 'nothing',
    };
  });
  expect(hit.isItself, `${name} is under ${hit.found}`).toBe(true);
}

/** Every control of the result step under the picture, in the order a person meets them. */
async function expectResultControlsClear(page: Page) {
  const variations = page.getByRole('button', { name: /^Variation \d+$/ });
  const count = await variations.count();
  for (let i = 0; i < count; i++) await expectClearOfBars(variations.nth(i), `Variation ${i + 1}`);
  await expect(eraseButton(page)).toBeVisible();
  // 'Adjust placement' and 'Fix the floor' are there when the render placed products
  for (const name of [
    'Adjust placement',
    'Fix the floor',
    'Fix the ground',
    'Erase part of the room',
    'Erase part of the space',
    messages.create.createVideo,
  ]) {
    const control = page.getByRole('button', { name, exact: true });
    if ((await control.count()) > 0) await expectClearOfBars(control, name);
  }
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Boxes of the found pieces, in fractions of the picture. */
async function pieceBoxes(page: Page, frame: Box): Promise<Array<Box & { pressed: boolean; index: number }>> {
  const pieces = page.getByRole('button', { name: /^Piece \d+ of the room$/ });
  const boxes = [];
  for (let index = 0; index < (await pieces.count()); index++) {
    const box = (await pieces.nth(index).boundingBox())!;
    const w = frame.right - frame.left;
    const h = frame.bottom - frame.top;
    boxes.push({
      index,
      pressed: (await pieces.nth(index).getAttribute('aria-pressed')) === 'true',
      left: (box.x - frame.left) / w,
      top: (box.y - frame.top) / h,
      right: (box.x + box.width - frame.left) / w,
      bottom: (box.y + box.height - frame.top) / h,
    });
  }
  return boxes;
}

async function eraseAndCheck(page: Page, shot: (name: string) => Promise<unknown>) {
  await expect(afterImage(page)).toBeVisible({ timeout: 150_000 });
  const beforeUrl = (await afterImage(page).getAttribute('src'))!;
  await expectResultControlsClear(page);
  await shot('result');

  await eraseButton(page).click();
  const picture = page.getByRole('img', { name: 'Your redesigned space, to erase from' });
  await expect(picture).toBeVisible();
  const pictureBox = (await picture.boundingBox())!;
  const frame = {
    left: pictureBox.x,
    top: pictureBox.y,
    right: pictureBox.x + pictureBox.width,
    bottom: pictureBox.y + pictureBox.height,
  };

  // tap a piece the photo's geometry found, one not erased yet whose centre is its own (pieces can overlap)
  await expect(page.getByRole('button', { name: 'Tap a piece', pressed: true })).toBeVisible();
  const pieces = await pieceBoxes(page, frame);
  expect(pieces.length, 'pieces found in the photo').toBeGreaterThan(0);
  let tapped: (typeof pieces)[number] | undefined;
  for (const piece of pieces.filter((each) => !each.pressed)) {
    const button = page.getByRole('button', { name: `Piece ${piece.index + 1} of the room` });
    const isOnTop = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === element;
    });
    if (!isOnTop) continue;
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    tapped = piece;
    break;
  }
  expect(tapped, 'a found piece to tap').toBeDefined();
  await shot('erase-pieces');

  // brush a band across the picture where no piece lies (it is compared with what is outside it)
  await page.getByRole('button', { name: 'Brush', exact: true }).click();
  await page.getByRole('slider').fill('8');
  await expect(page.getByText('Brush size: 8%')).toBeVisible();
  // a band over texture (a fill of plain sky is sky again), clear of the pieces to erase: the most varied row band
  const before = await pixelsOf(page.request, beforeUrl, 320);
  const radius = 0.04 * (pictureBox.width / pictureBox.height);
  const varianceOf = (band: Box) => {
    const values: number[] = [];
    for (let y = Math.floor(band.top * before.height); y < band.bottom * before.height; y++) {
      for (let x = Math.floor(band.left * before.width); x < band.right * before.width; x++) {
        const i = (y * before.width + x) * 3;
        values.push(before.data[i]! + before.data[i + 1]! + before.data[i + 2]!);
      }
    }
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    return values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  };
  const band = [0.12, 0.2, 0.28, 0.36, 0.44, 0.52, 0.6]
    .flatMap((y) =>
      [0.1, 0.4].map((left) => ({ left, right: left + 0.4, top: y - radius - 0.02, bottom: y + radius + 0.02, y })),
    )
    .filter((candidate) => pieces.every((piece) => !(piece.pressed || piece === tapped) || !overlaps(candidate, piece)))
    .map((candidate) => ({ ...candidate, variance: varianceOf(candidate) }))
    .sort((a, b) => b.variance - a.variance)[0];
  expect(band, 'a band of the picture clear of the erased pieces').toBeDefined();
  const brush = page.getByRole('application', { name: /^Erase brush/ });
  const at = (x: number, y: number) => ({ x: frame.left + x * pictureBox.width, y: frame.top + y * pictureBox.height });
  const start = at(band!.left, band!.y);
  const end = at(band!.right, band!.y);
  await brush.hover();
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 16 });
  await page.mouse.up();
  await expect(page.getByText(/^1 stroke, \d+ pieces? to erase$/)).toBeAttached();
  await shot('erase-brush');

  // the re-composite says where the products stood before (its body) and stand after (its answer)
  const recomposite = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === apiPaths.recompositeDesign,
    { timeout: 90_000 },
  );
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const answer = await recomposite;
  expect(answer.status(), await answer.text()).toBe(200);
  const asked = recompositeDesignBodySchema.parse(answer.request().postDataJSON());
  const answered = recompositeDesignResponseSchema.parse(await answer.json());
  const { width: renderWidth, height: renderHeight } = answered.renderSize;
  // each product's box, in fractions of the picture, grown by its contact shadow's reach
  const shadow = 0.03;
  const productBoxes = [...asked.placements, ...answered.placements].map(({ box }) => ({
    left: box.x / renderWidth - shadow,
    top: box.y / renderHeight - shadow,
    right: (box.x + box.width) / renderWidth + shadow,
    bottom: (box.y + box.height) / renderHeight + shadow,
  }));
  await expect(afterImage(page)).not.toHaveAttribute('src', beforeUrl, { timeout: 90_000 });
  const afterUrl = (await afterImage(page).getAttribute('src'))!;

  // the receipt: the brushed band and the tapped piece are separate regions, beside any erased before
  const removed = page.getByText(/^\d+ pieces? removed$/);
  await expect(removed).toBeVisible();
  const count = Number((await removed.textContent())!.split(' ')[0]);
  const pressed = pieces.filter((piece) => piece.pressed).length + 1;
  expect(count).toBeGreaterThanOrEqual(2);
  expect(count).toBeLessThanOrEqual(pressed + 1);

  // the picture changed inside the brushed band and stayed where nothing was erased
  const after = await pixelsOf(page.request, afterUrl, 320);
  expect([after.width, after.height]).toEqual([before.width, before.height]);
  const erasedBoxes = pieces.filter((piece) => piece.pressed || piece === tapped);
  const inside = { changed: 0, all: 0 };
  const outside = { changed: 0, all: 0 };
  const coreRadius = 0.025; // of the width: well inside the 8 % brush
  const margin = 0.08;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const fx = x / before.width;
      const fy = y / before.height;
      const i = (y * before.width + x) * 3;
      const difference =
        Math.abs(before.data[i]! - after.data[i]!) +
        Math.abs(before.data[i + 1]! - after.data[i + 1]!) +
        Math.abs(before.data[i + 2]! - after.data[i + 2]!);
      const alongBand = fx >= band!.left + 0.02 && fx <= band!.right - 0.02;
      const fromBand = Math.abs(fy - band!.y) * (before.height / before.width);
      if (alongBand && fromBand < coreRadius) {
        inside.all++;
        if (difference > 24) inside.changed++;
      } else {
        const nearBand = fx > band!.left - margin && fx < band!.right + margin && fromBand < 0.04 + margin;
        const nearPiece = erasedBoxes.some(
          (piece) =>
            fx > piece.left - margin &&
            fx < piece.right + margin &&
            fy > piece.top - margin &&
            fy < piece.bottom + margin,
        );
        // the products are drawn again over the erased room: their own pixels are not the photo's
        const onProduct = productBoxes.some(
          (box) => fx > box.left && fx < box.right && fy > box.top && fy < box.bottom,
        );
        if (nearBand || nearPiece || onProduct) continue;
        outside.all++;
        if (difference > 24) outside.changed++;
      }
    }
  }
  expect(inside.all).toBeGreaterThan(200);
  expect(outside.all).toBeGreaterThan(5_000);
  const insideShare = inside.changed / inside.all;
  const outsideShare = outside.changed / outside.all;
  // a fill from similar texture leaves some pixels within the tolerance: a fifth changed inside against under 3%
  // outside is the brushed band filled from elsewhere (a run on a seeded interior read 29.7% against 0.5%). Outside
  // leaves out the products' boxes (before and after, grown by their shadows): the re-composite after an erase
  // stands them again, and with them counted this photo read 4.3%; without them the four runs read 0.00–0.01%
  // outside against 37–62% inside (decision 0064)
  expect(insideShare, `changed inside the band ${insideShare}, outside ${outsideShare}`).toBeGreaterThan(0.2);
  expect(outsideShare, `changed outside ${outsideShare}`).toBeLessThan(0.03);
  await page.waitForTimeout(400);
  await shot('erased');
}

const cases = [
  { flow: 'create', mode: 'interior' as const, isDarkMode: false },
  { flow: 'create', mode: 'landscape' as const, isDarkMode: true },
  { flow: 'see in my space', mode: 'interior' as const, isDarkMode: true },
  { flow: 'see in my space', mode: 'landscape' as const, isDarkMode: false },
];

test.describe('erasing part of the room', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { flow, mode, isDarkMode } of cases) {
    const theme = isDarkMode ? 'dark' : 'light';
    test(`${flow}: brush and a tapped piece are erased from a real ${mode} photo (${theme})`, async ({
      page,
      navigate,
      signUp,
    }) => {
      test.setTimeout(300_000);
      await startInMode(page, mode, isDarkMode);
      // each screen in both themes: the body's class is what the preference sets
      const shot = async (screen: string) => {
        if (!shotsDir) return;
        const name = `erase-${flow.replaceAll(' ', '-')}-${mode}-${screen}`;
        for (const dark of [isDarkMode, !isDarkMode]) {
          await page.evaluate((on) => document.body.classList.toggle('dark', on), dark);
          // the theme's colours change over a moment (the body's transition)
          await page.waitForTimeout(400);
          await page.screenshot({ path: path.join(shotsDir, `${name}-${dark ? 'dark' : 'light'}.png`) });
        }
        await page.evaluate((on) => document.body.classList.toggle('dark', on), isDarkMode);
      };
      await signUp(page);
      if (flow === 'create') await renderPhotoInCreateFlow(page, navigate, mode, firstPhotoOf(mode).file);
      else await renderInSeeInSpace(page, navigate, mode);
      await eraseAndCheck(page, shot);
    });
  }
});
