import { messages } from '@dwellscape/shared';
import type { Locator, Page } from '@playwright/test';
import {
  afterImage,
  choosePresetSpace,
  continueButton,
  answerAllQuestions,
  headings,
  nextButton,
  pickProducts,
  publishButton,
  renderButton,
  useDesignMode,
} from './create-design-flow';
import { designCard, publishDesign } from './feed-helpers';
import { dialogHasFocus, expect, mainNavigation, test } from './fixtures';

/**
 * Markup typed by people — as a display name, a comment, a design's title and caption, and fed
 * through the text engine — must reach every screen as inert text: shown literally, never parsed.
 */
const payloads = {
  script: '<script>window.__xss=1</script>',
  'img onerror': '<img src=x onerror="window.__xss=1">',
  'svg onload': '<svg onload="window.__xss=1">',
} as const;

/** Short, so that a payload plus the token still fits the 50-character title. */
const token = () => `x${Math.random().toString(36).slice(2, 9)}`;

interface DomCounts {
  scripts: number;
  imgX: number;
  svgOnload: number;
  inlineHandlers: number;
}

declare global {
  interface Window {
    __xss?: unknown;
    __cspViolations?: string[];
  }
}

/**
 * Watches a page for any sign that a payload ran or was parsed: a dialog, window.__xss, a CSP
 * violation (the policy blocks inline script, so an injected element would report one), and
 * elements the payloads would create, counted against the page as it was before any were shown.
 */
async function watchForInjection(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes `new Function` once (and catches the refusal) to choose its fast path: no payload makes eval
      if (event.blockedURI === 'eval') return;
      window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const countElements = () =>
    page.evaluate((): DomCounts => ({
      scripts: document.querySelectorAll('script').length,
      imgX: document.querySelectorAll('img[src="x"]').length,
      svgOnload: document.querySelectorAll('svg[onload]').length,
      inlineHandlers: document.querySelectorAll('[onerror], [onload]').length,
    }));
  let before: DomCounts | null = null;

  return {
    /** The page as it is before any payload is on screen. */
    async takeBaseline() {
      before = await countElements();
      expect(before).toMatchObject({ imgX: 0, svgOnload: 0, inlineHandlers: 0 });
    },
    /** Nothing ran and nothing was parsed, with `where` naming the screen in a failure. */
    async expectInert(where: string) {
      expect(before, 'takeBaseline() first').not.toBeNull();
      expect(dialogs, `${where}: dialogs`).toEqual([]);
      expect(await page.evaluate(() => window.__xss), `${where}: window.__xss`).toBeUndefined();
      expect(await page.evaluate(() => window.__cspViolations ?? []), `${where}: CSP violations`).toEqual([]);
      expect(await countElements(), `${where}: elements made from a payload`).toEqual(before);
    },
  };
}

/** The text is on screen exactly as typed, as text. */
async function expectLiteral(scope: Locator, text: string) {
  await expect(scope.getByText(text, { exact: true }).first()).toBeVisible();
}

for (const [kind, payload] of Object.entries(payloads)) {
  test(`${kind} payload: inert as title, caption, display name and comment on every screen`, async ({
    page,
    navigate,
    unlock,
    signUp,
  }) => {
    test.setTimeout(120_000);
    const watch = await watchForInjection(page);
    await useDesignMode(page, 'interior');
    // publishing and commenting need an account (decision 0016); its display name is the payload too
    const account = await signUp(page, { displayName: payload });
    await navigate('/');
    await watch.takeBaseline();

    const tag = token();
    const title = `${payload} ${tag}`;
    const caption = `${payload} caption ${tag}`;
    const design = await publishDesign(page.request, { mode: 'interior', title, caption });
    expect(design.title).toBe(title);

    // the feed: a reload shows the new design first
    await page.reload();
    await unlock();
    const card = designCard(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expectLiteral(card, title);
    await expectLiteral(card, caption);
    await watch.expectInert('feed card');

    // the comments dialog: a comment with the payload as text, under the account's payload name
    await card.getByRole('button', { name: 'Comments, 0' }).click();
    const dialog = await dialogHasFocus(page.getByRole('dialog', { name: 'Comments' }));
    await expect(dialog).toHaveAccessibleDescription(title);
    const commentText = `${payload} comment ${tag}`;
    await dialog.getByLabel('Comment', { exact: true }).fill(commentText);
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByText(messages.comments.successBody)).toBeVisible();
    const posted = dialog.getByRole('listitem').filter({ hasText: commentText });
    await expectLiteral(posted, payload);
    await expectLiteral(posted, commentText);
    await expectLiteral(dialog, title);
    await watch.expectInert('comments dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // the post: its card, the comment list, and a comment added from its own box
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/post/${design.id}`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expectLiteral(page.getByRole('main'), caption);
    const comments = page.getByRole('list', { name: 'Comments' });
    const fromDialog = comments.getByRole('listitem').filter({ hasText: commentText });
    await expectLiteral(fromDialog, payload);
    await expectLiteral(fromDialog, commentText);
    const postText = `${payload} post ${tag}`;
    await page.getByRole('textbox', { name: 'Add a comment' }).fill(postText);
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await expectLiteral(comments, postText);
    await watch.expectInert('post detail');

    // the author's profile: the design's tile
    await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile\//);
    const tile = page.getByRole('tabpanel').getByRole('article').filter({ hasText: tag });
    await expect(tile.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expectLiteral(tile, title);
    await watch.expectInert('profile');

    // search: the result row, then the payload itself echoed by an empty tab
    await mainNavigation(page).getByRole('link', { name: 'Search' }).click();
    const searchBox = page.getByRole('searchbox', { name: 'Search' });
    await searchBox.fill(tag);
    const row = page.getByRole('list', { name: 'Designs results' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expectLiteral(row, title);
    await expectLiteral(row, caption);
    await watch.expectInert('search results');
    // the account, found by its payload name, and then the payload echoed by an empty tab
    await searchBox.fill(payload);
    await page.getByRole('tab', { name: /^Users/ }).click();
    const person = page
      .getByRole('list', { name: 'Users results' })
      .getByRole('listitem')
      .filter({ hasText: `@${account.username}` });
    await expectLiteral(person, payload);
    await watch.expectInert('search users');
    const nobody = `${payload} ${tag}`;
    await searchBox.fill(nobody);
    await expectLiteral(page.getByRole('main'), messages.search.empty('Users', nobody));
    await watch.expectInert('search empty state');
  });
}

test('payloads through the create flow and the text engine stay inert', async ({ page, navigate, signUp }) => {
  test.setTimeout(180_000);
  const watch = await watchForInjection(page);
  await useDesignMode(page, 'interior');
  await signUp(page);
  await navigate('/create-design/start');
  await watch.takeBaseline();

  await pickProducts(page, 'interior', 1);
  await nextButton(page).click();
  await answerAllQuestions(page);
  await nextButton(page).click();
  await choosePresetSpace(page);

  // 'Refine with AI': the text engine's answer is shown as text under 'Refined notes'
  const notes = page.getByRole('textbox', { name: 'Instructions for your design' });
  for (const payload of Object.values(payloads)) {
    await notes.fill(payload);
    const refined = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/ai/improve-design-notes',
    );
    await page.getByRole('button', { name: 'Refine with AI' }).click();
    const { refinedNotes } = (await (await refined).json()) as { refinedNotes: string };
    expect(refinedNotes).toContain(payload);
    await expectLiteral(page.getByRole('main'), refinedNotes);
    await watch.expectInert(`refined notes (${payload})`);
  }

  await renderButton(page).click();
  await expect(page.getByRole('heading', { name: headings.render })).toBeVisible();
  await expect(afterImage(page)).toBeVisible({ timeout: 90_000 });
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();

  // 'Generate Text AI': the improved caption comes back into the description box
  const tag = token();
  const title = `${payloads.script} ${tag}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  const description = page.getByRole('textbox', { name: 'Description' });
  let improvedCaption = '';
  for (const payload of Object.values(payloads)) {
    await description.fill(`${payload} ${tag}`);
    const improved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/ai/improve-caption');
    await page.getByRole('button', { name: 'Generate Text AI' }).click();
    ({ improvedCaption } = (await (await improved).json()) as { improvedCaption: string });
    expect(improvedCaption).toContain(payload);
    await expect(description).toHaveValue(improvedCaption);
    await watch.expectInert(`improved caption (${payload})`);
  }

  // published through the UI: the title and the engine's caption, in the feed and in search
  await publishButton(page).click();
  await expect(page.getByText(messages.create.publishSuccess)).toBeVisible();
  await expect(page).toHaveURL('/');
  const card = designCard(page, title);
  await expect(card.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expectLiteral(card, title);
  await expectLiteral(card, improvedCaption);
  await watch.expectInert('feed card of a design published through the UI');

  await mainNavigation(page).getByRole('link', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  const row = page.getByRole('list', { name: 'Designs results' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expectLiteral(row, title);
  await expect(row).toContainText(payloads['svg onload']);
  await watch.expectInert('search result of a design published through the UI');
});
