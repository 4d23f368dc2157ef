import {
  DRAFT_KEYS_CLEARED_ON_LOAD,
  MODES,
  designSchema,
  formatPrice,
  listOf,
  messages,
  publishDesignBodySchema,
  questionSchema,
} from '@dwellscape/shared';
import { BETA_PASSWORD, expect, mainNavigation, passwordField, test } from './fixtures';
import {
  afterImage,
  answerAllQuestions,
  continueButton,
  countGenerateCalls,
  GENERATE_PATH,
  headings,
  makeItemPhoto,
  makeSpacePhoto,
  nextButton,
  pickProducts,
  publishButton,
  renderButton,
  uniqueSuffix,
  useDesignMode,
} from './create-design-flow';

test.describe('create a design, start to feed', () => {
  for (const mode of MODES) {
    test(`the five steps in ${mode} mode with an uploaded photo end with the design first in the feed`, async ({
      page,
      browser,
      navigate,
      signUp,
    }) => {
      test.setTimeout(120_000);
      await useDesignMode(page, mode);
      // publishing needs an account (decision 0016); the sign-in on the way is accounts.spec.ts's
      await signUp(page);
      const generateCalls = countGenerateCalls(page);
      const suffix = uniqueSuffix();
      const title = `${mode === 'landscape' ? 'Shady courtyard' : 'Sunlit loft'} ${suffix}`;

      await navigate('/create-design/start');

      // step 1: two catalogue products of the mode and one own item
      await expect(page.getByText('1/5')).toBeVisible();
      await expect(nextButton(page)).toBeDisabled();
      const picked = await pickProducts(page, mode, 2);
      expect(picked.every((product) => product.mode === mode)).toBe(true);
      await page.getByLabel('Upload your own items').setInputFiles({
        name: 'vintage-armchair.png',
        mimeType: 'image/png',
        buffer: await makeItemPhoto('#4f6d7a'),
      });
      const ownItems = page.getByRole('list', { name: 'Uploaded items' });
      // named after its file, tidied, and shown as an own item rather than with a price (docs/product.md §2.7)
      await expect(ownItems.getByRole('textbox', { name: 'Name' })).toHaveValue('Vintage armchair');
      await expect(ownItems.getByText(messages.ownItem.badge).first()).toBeVisible();
      // its photo shows on its tile (loaded and drawn, not an empty square)
      await expect
        .poll(() =>
          ownItems
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBeGreaterThan(0);
      // one count in one wording, in the picker's bar and by Next (docs/product.md §2.7)
      await expect(page.getByText('3 chosen', { exact: true })).toHaveCount(2);
      await nextButton(page).click();

      // step 2: the mode's quiz
      await expect(page.getByText('2/5')).toBeVisible();
      const questions = listOf(questionSchema).parse(
        await (await page.request.get(`/api/questions?mode=${mode}`)).json(),
      ).items;
      expect(questions.length).toBeGreaterThan(0);
      await answerAllQuestions(page);
      await nextButton(page).click();

      // step 3: a photo of the person's own space, with notes
      await expect(page.getByRole('heading', { name: headings.space })).toBeVisible();
      await expect(page.getByText('3/5')).toBeVisible();
      await page.getByLabel('Upload a photo of your space').setInputFiles({
        name: `my-${mode}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await makeSpacePhoto(mode),
      });
      const spacePhoto = page.getByRole('img', { name: 'Your uploaded space' });
      await expect(spacePhoto).toHaveAttribute('src', /^\/media\//);
      const spacePhotoUrl = await spacePhoto.getAttribute('src');
      await page
        .getByRole('textbox', { name: 'Instructions for your design' })
        .fill('Keep the window where it is, add warm light');
      await renderButton(page).click();

      // step 4: one render of the uploaded photo with the chosen products
      await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
      await expect(page.getByText('4/5')).toBeVisible();
      await expect(afterImage(page)).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Your design has been generated!')).toBeVisible();
      expect(generateCalls()).toHaveLength(1);
      const form = generateCalls()[0]!.postData() ?? '';
      expect(form).toContain(spacePhotoUrl!);
      for (const product of picked) expect(form).toContain(product.id);
      expect(form).toContain('uploaded_');
      const generatedUrl = await afterImage(page).getAttribute('src');
      expect(generatedUrl).toMatch(/^\/media\//);
      await continueButton(page).click();

      // step 5: title, an improved description, publish
      await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
      await expect(page.getByText('5/5')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Your generated design' })).toHaveAttribute('src', generatedUrl!);
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      const description = page.getByRole('textbox', { name: 'Description' });
      await description.fill(`our ${mode} makeover ${suffix}`);
      await page.getByRole('button', { name: 'Generate Text AI' }).click();
      await expect(page.getByText('Description Improved!')).toBeVisible();
      await expect(page.getByText('Your description has been enhanced with AI magic.')).toBeVisible();
      await expect(description).not.toHaveValue(`our ${mode} makeover ${suffix}`);
      const caption = (await description.inputValue()).trim();
      expect(caption.length).toBeGreaterThan(0);

      // another browser watching the feed of this mode sees the design arrive without reloading
      const watcherContext = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width: 390, height: 844 },
      });
      const watcher = await watcherContext.newPage();
      await useDesignMode(watcher, mode);
      await watcher.goto('/');
      await passwordField(watcher).fill(BETA_PASSWORD);
      await watcher.getByRole('button', { name: 'Enter App' }).click();
      await expect(mainNavigation(watcher)).toBeVisible();

      // the strip of what will be published: the catalogue products, then the own item marked as the person's
      const strip = page.getByRole('list', { name: 'Products in this design' });
      for (const product of picked) await expect(strip.getByText(product.name)).toBeVisible();
      await expect(strip.getByRole('listitem').filter({ hasText: 'Vintage armchair' })).toContainText(
        messages.ownItem.yours,
      );

      // a browser that forges names and prices into the request changes nothing: the server reads its catalogue
      await page.route('**/api/designs', async (route) => {
        const request = route.request();
        if (request.method() !== 'POST') return route.continue();
        const sent = request.postDataJSON() as { selectedProducts: Record<string, unknown>[] };
        const forged = sent.selectedProducts.map((line) => ({ ...line, name: 'Free sofa', price: 0.01 }));
        return route.continue({ postData: JSON.stringify({ ...sent, selectedProducts: forged }) });
      });
      const publishResponse = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/designs',
      );
      await publishButton(page).click();
      const response = await publishResponse;
      expect(response.status()).toBe(201);
      const body = publishDesignBodySchema.parse(response.request().postDataJSON());
      expect(body).toMatchObject({
        title,
        caption,
        beforeImageUrl: spacePhotoUrl,
        afterImageUrl: generatedUrl,
        mode,
        spaceType: mode === 'landscape' ? 'outdoor' : 'interior',
      });
      // the client sends ids and quantities, and its own item as the photo it uploaded
      expect(body.selectedProducts).toEqual(picked.map((product) => ({ id: product.id, quantity: 1 })));
      expect(body.ownItems).toEqual([{ url: expect.stringMatching(/^\/media\//), name: 'Vintage armchair' }]);
      expect(Object.keys(body.userAnswers).sort()).toEqual(questions.map((question) => question.id).sort());
      const published = designSchema.parse(await response.json());
      expect(published.selectedProducts).toEqual([
        ...picked.map((product) => ({
          id: product.id,
          name: product.name,
          price: product.price,
          brandId: product.brandId,
          imageUrl: product.imageUrl,
          quantity: 1,
          ownItem: false,
        })),
        {
          id: expect.stringMatching(/^uploaded_\d+_0$/),
          name: 'Vintage armchair',
          price: 0,
          brandId: '',
          imageUrl: body.ownItems[0]!.url,
          quantity: 1,
          ownItem: true,
        },
      ]);
      await page.unroute('**/api/designs');

      await expect(page.getByText('Success! Your design has been published to the community feed.')).toBeVisible();
      await expect(page).toHaveURL('/');

      // the new design is the first of the feed, with its title, caption and product thumbnails
      const firstCard = page.getByRole('list', { name: 'Designs' }).getByRole('listitem').first();
      await expect(firstCard.getByRole('heading', { name: title })).toBeVisible();
      await expect(firstCard.getByText(caption)).toBeVisible();
      for (const product of picked)
        await expect(firstCard.getByRole('button', { name: product.name, exact: true }).first()).toBeVisible();
      // a catalogue product's popup shows the catalogue's name and price
      await firstCard.getByRole('button', { name: picked[0]!.name, exact: true }).first().click();
      const popup = page.getByRole('dialog', { name: picked[0]!.name });
      await expect(popup.getByText(formatPrice(picked[0]!.price), { exact: true })).toBeVisible();
      await popup.getByRole('button', { name: 'Close' }).click();
      // the own item is marked on the card, and its popup says it is the creator's and not sold
      await firstCard.getByRole('button', { name: `Vintage armchair (${messages.ownItem.badge})` }).click();
      const ownPopup = page.getByRole('dialog', { name: 'Vintage armchair' });
      await expect(ownPopup.getByText(messages.ownItem.notForSale)).toBeVisible();
      await expect(ownPopup.getByRole('button', { name: messages.productPopup.addToCart })).toHaveCount(0);
      await ownPopup.getByRole('button', { name: 'Close' }).click();

      await expect(watcher.getByRole('heading', { name: title })).toBeVisible({ timeout: 15_000 });
      await watcherContext.close();

      // the drafts are gone: the next design starts from nothing
      const drafts = await page.evaluate(
        (keys) => keys.map((key) => window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key)),
        [...DRAFT_KEYS_CLEARED_ON_LOAD, 'uploadedProductImages', 'designSession', 'generatedDesignImage'],
      );
      expect(drafts.every((value) => value === null)).toBe(true);
      expect(generateCalls().map((call) => new URL(call.url()).pathname)).toEqual([GENERATE_PATH]);
    });
  }
});
