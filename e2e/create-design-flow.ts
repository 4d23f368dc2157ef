import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  listOf,
  messages,
  productSchema,
  renderJobSchema,
  templateSchema,
  type Mode,
  type Product,
  type RenderJob,
  type Template,
} from '@dwellscape/shared';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import sharp from 'sharp';

/** Shared steps of the create-design specs: each drives the flow as a person would. */

/** Where the create flow asks for a render: it queues a render job (decision 0017). */
export const GENERATE_PATH = '/api/render-jobs';
export const PREFERENCES_KEY = 'dwellscape-theme';

export const headings = {
  start: 'What are you designing with today?',
  questions: 'Define the Vibe',
  space: 'Choose Your Space',
  render: 'See Your Vision!',
  post: 'Share Your Creation',
} as const;

/** Puts the app in a design mode before its first load (the preferences are read at load). */
export async function useDesignMode(page: Page, mode: Mode) {
  await page.addInitScript(
    ([key, isLandscapeMode]) => {
      if (!window.localStorage.getItem(key)) {
        window.localStorage.setItem(key, JSON.stringify({ isDarkMode: false, isLandscapeMode }));
      }
    },
    [PREFERENCES_KEY, mode === 'landscape'] as const,
  );
}

/** A unique suffix, so specs sharing one server never read each other's designs. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A real photo of a room or a yard, drawn by sharp: walls and floor (or sky and lawn), a window, a rug. */
export async function makeSpacePhoto(mode: Mode): Promise<Buffer> {
  const svg =
    mode === 'landscape'
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
          <rect width="1200" height="900" fill="#b9dcf2"/><rect y="480" width="1200" height="420" fill="#79a857"/>
          <rect x="90" y="230" width="420" height="290" fill="#c8b29a"/><polygon points="60,240 300,100 540,240" fill="#7b5a44"/>
          <rect x="240" y="380" width="90" height="140" fill="#5b4535"/><circle cx="980" cy="140" r="70" fill="#fff3b0"/>
        </svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
          <rect width="1200" height="900" fill="#ddd3c5"/><rect y="600" width="1200" height="300" fill="#8a6a4e"/>
          <rect x="760" y="120" width="300" height="330" fill="#cfe6fa" stroke="#ffffff" stroke-width="18"/>
          <ellipse cx="520" cy="760" rx="330" ry="80" fill="#b55d3d"/>
        </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** A product photo of the person's own item. */
export async function makeItemPhoto(color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#f3eee6"/><rect x="150" y="200" width="300" height="220" rx="24" fill="${color}"/>
    <rect x="180" y="420" width="26" height="110" fill="${color}"/><rect x="394" y="420" width="26" height="110" fill="${color}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Counts the render calls the page makes (docs/product.md §4: exactly one per entry of the render step). */
export function countGenerateCalls(page: Page): () => Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === GENERATE_PATH) calls.push(request);
  });
  return () => calls;
}

export async function templatesOf(page: Page, mode: Mode): Promise<Template[]> {
  const response = await page.request.get(`/api/templates?mode=${mode}`);
  expect(response.ok()).toBe(true);
  return listOf(templateSchema).parse(await response.json()).items;
}

export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
export const productTiles = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('button');

/** A product's tile, found by its name line exactly, so "Oak Chair" never finds "Oak Chair Cushion". */
export const productTile = (page: Page, name: string) =>
  productTiles(page)
    .filter({ has: page.getByText(name, { exact: true }) })
    .first();

export async function productsOf(page: Page, mode: Mode): Promise<Product[]> {
  const response = await page.request.get(`/api/products?mode=${mode}`);
  expect(response.ok()).toBe(true);
  return listOf(productSchema).parse(await response.json()).items;
}

/** Step 1: picks the first `count` products of the catalogue (as the grid lists them) and returns them. */
export async function pickProducts(page: Page, mode: Mode, count: number): Promise<Product[]> {
  await expect(page.getByRole('heading', { name: headings.start })).toBeVisible();
  const picked = (await productsOf(page, mode)).slice(0, count);
  expect(picked).toHaveLength(count);
  for (const product of picked) {
    const tile = productTile(page, product.name);
    await tile.click();
    await expect(tile).toHaveAttribute('aria-pressed', 'true');
  }
  return picked;
}

/** Step 2: answers every question with its first option (buttons) or second entry (select). */
export async function answerAllQuestions(page: Page) {
  await expect(page.getByRole('heading', { name: headings.questions })).toBeVisible();
  await expect(page.getByRole('radiogroup').or(page.getByRole('combobox')).first()).toBeVisible();
  for (const group of await page.getByRole('radiogroup').all()) await group.getByRole('radio').first().click();
  for (const select of await page.getByRole('combobox').all()) await select.selectOption({ index: 1 });
}

/** Step 3 with a preset: the first entry of the Spaces list. */
export async function choosePresetSpace(page: Page) {
  await expect(page.getByRole('heading', { name: headings.space })).toBeVisible();
  const preset = page.getByRole('list', { name: 'Spaces' }).getByRole('button').first();
  await preset.click();
  await expect(preset).toHaveAttribute('aria-pressed', 'true');
}

/** Unlocked app → steps 1–3 done with one product and a preset space, ready to press 'Render My Design'. */
export async function reachSpaceStepWithPreset(page: Page, mode: Mode = 'interior') {
  await pickProducts(page, mode, 1);
  await nextButton(page).click();
  await answerAllQuestions(page);
  await nextButton(page).click();
  await choosePresetSpace(page);
}

export const renderButton = (page: Page) => page.getByRole('button', { name: 'Render My Design' });
export const continueButton = (page: Page) => page.getByRole('button', { name: /Continue/ });
export const publishButton = (page: Page) => page.getByRole('button', { name: /Publish Design/ });
export const afterImage = (page: Page) => page.getByRole('img', { name: /^After:/ });

/** The design session this tab's render step started (kept in sessionStorage by the flow). */
export async function currentDesignSession(page: Page): Promise<{ id: string; beforeImageUrl: string | null }> {
  const session = await page.evaluate(() => JSON.parse(window.sessionStorage.getItem('designSession') ?? 'null'));
  expect(session, 'a design session in sessionStorage').not.toBeNull();
  return session;
}

/** The real photos beside the repository (../shared/photos, listed with their kind in SOURCES.tsv). */
export const photosDir = path.resolve(process.cwd(), '../shared/photos');

/** The first real photo of the mode's kind in SOURCES.tsv: its file name and its path. */
export function firstPhotoOf(mode: Mode): { name: string; file: string } {
  const kind = mode === 'landscape' ? 'landscape' : 'interior';
  const rows = readFileSync(path.join(photosDir, 'SOURCES.tsv'), 'utf8').trim().split('\n').slice(1);
  const row = rows.map((line) => line.split('\t')).find((cells) => cells[1] === kind);
  if (!row?.[0]) throw new Error(`No ${kind} photo listed in ${photosDir}/SOURCES.tsv`);
  return { name: row[0], file: path.join(photosDir, row[0]) };
}

/** The render step's result picture, in either flow. */
export const renderedImage = (page: Page) => page.getByRole('img', { name: 'After: your redesigned space' });

/** Waits until a picture is drawn (loaded and decoded), not only in the page. */
export async function expectPictureDrawn(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** The space step, in either flow: uploads a photo of the space and returns the stored photo's URL once it is shown. */
export async function uploadSpacePhoto(page: Page, file: string): Promise<string> {
  await expect(page.getByRole('heading', { name: headings.space })).toBeVisible();
  const upload = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/uploads');
  await page.getByLabel('Upload a photo of your space').setInputFiles(file);
  const photoUrl = ((await (await upload).json()) as { url: string }).url;
  await expect(page.getByRole('img', { name: 'Your uploaded space' })).toHaveAttribute('src', photoUrl);
  return photoUrl;
}

type Navigate = (path: string) => Promise<void>;

/**
 * The create flow from its start: `products` products (two unless told), every question answered, the space (a photo
 * uploaded, or the first preset of the Spaces list), then 'Render My Design'. Returns the stored photo's URL (null
 * for a preset); the render is under way.
 */
export async function renderInCreateFlow(
  page: Page,
  navigate: Navigate,
  mode: Mode,
  space: { photo: string } | 'preset',
  products = 2,
): Promise<string | null> {
  await navigate('/create-design/start');
  await pickProducts(page, mode, products);
  await nextButton(page).click();
  await answerAllQuestions(page);
  await nextButton(page).click();
  let photoUrl: string | null = null;
  if (space === 'preset') await choosePresetSpace(page);
  else photoUrl = await uploadSpacePhoto(page, space.photo);
  await renderButton(page).click();
  await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
  return photoUrl;
}

/** renderInCreateFlow with a photo of the space and two products: returns the stored photo's URL. */
export async function renderPhotoInCreateFlow(page: Page, navigate: Navigate, mode: Mode, file: string) {
  return (await renderInCreateFlow(page, navigate, mode, { photo: file }))!;
}

/** A design's product page → 'See These Products in My Space', at its first stage (the products to place). */
export async function openSeeInSpace(page: Page, navigate: Navigate, designId: string) {
  await navigate(`/shop-design/${designId}`);
  await page.getByRole('button', { name: messages.shop.seeInSpace }).click();
  await expect(page.getByRole('heading', { name: 'Choose products' })).toBeVisible();
}

/**
 * See-in-my-space's space stage with a photo: uploads it and presses 'Render New Design'. Returns the stored photo's
 * URL and the render job the server queued (its id, to read its placements).
 */
export async function renderPhotoInSeeInSpace(
  page: Page,
  file: string,
): Promise<{ photoUrl: string; job: RenderJob; form: string }> {
  const photoUrl = await uploadSpacePhoto(page, file);
  const queued = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === GENERATE_PATH,
  );
  await page.getByRole('button', { name: messages.shop.renderNew }).click();
  const response = await queued;
  expect(response.status(), await response.text()).toBe(202);
  await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
  return { photoUrl, job: renderJobSchema.parse(await response.json()), form: response.request().postData() ?? '' };
}
