import { commentSchema, listOf, messages } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { fetchDesign, fetchWholeFeed, publishDesign, uniqueSuffix } from './feed-helpers';
import { expect, test } from './fixtures';

const commentBox = (page: Page) => page.getByRole('textbox', { name: 'Add a comment' });
const postButton = (page: Page) => page.getByRole('button', { name: 'Post', exact: true });
const commentList = (page: Page) => page.getByRole('list', { name: 'Comments' });

test.describe('post detail', () => {
  test('shows the design and its real comments, oldest first', async ({ page, navigate }) => {
    await navigate('/');
    const designs = await fetchWholeFeed(page.request, 'interior');
    const design = designs.find((each) => each.commentsCount >= 2)!;
    const response = await page.request.get(`/api/designs/${design.id}/comments`);
    const comments = listOf(commentSchema).parse(await response.json()).items;

    await navigate(`/post/${design.id}`);
    await expect(page.getByRole('heading', { level: 2, name: design.title })).toBeVisible();
    await expect(page.getByRole('img', { name: design.title, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: messages.feed.shopThisDesign })).toHaveAttribute(
      'href',
      `/shop-design/${design.id}`,
    );
    const items = commentList(page).getByRole('listitem');
    await expect(items).toHaveCount(comments.length);
    await expect(items.first()).toContainText(comments[0]!.text);
    await expect(items.last()).toContainText(comments.at(-1)!.text);
    await expect(items.first().locator('time')).toHaveAttribute('datetime', comments[0]!.createdAt);
  });

  test("'Add a comment...' posts as the signed-in person; empty and whitespace text are refused", async ({
    page,
    navigate,
    signUp,
  }) => {
    // commenting on a post needs an account (decision 0016)
    const { user: me } = await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, { mode: 'interior', title: `Post check ${uniqueSuffix()}` });
    await navigate(`/post/${design.id}`);

    await expect(commentBox(page)).toHaveAttribute('placeholder', messages.comments.addPlaceholder);
    await expect(page.getByText('No comments yet')).toBeVisible();
    await expect(postButton(page)).toBeDisabled();

    await commentBox(page).fill('   ');
    await postButton(page).click();
    await expect(page.getByText(messages.comments.emptyTitle)).toBeVisible();
    await expect(page.getByText(messages.comments.emptyBody)).toBeVisible();

    const text = `Where is the rug from? ${uniqueSuffix()}`;
    await commentBox(page).fill(text);
    await commentBox(page).press('Enter');
    const added = commentList(page).getByRole('listitem').last();
    await expect(added).toContainText(text);
    await expect(added).toContainText(me.displayName);
    await expect(added).toContainText('just now');
    await expect(commentBox(page)).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Comments, 1' })).toBeVisible();

    // stored: it is still there after a reload, and the server counts it
    await navigate(`/post/${design.id}`);
    await expect(commentList(page).getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
    expect((await fetchDesign(page.request, design.id)).commentsCount).toBe(1);
  });

  test('a comment that fails to post keeps its text and says so', async ({ page, navigate, signUp }) => {
    await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, { mode: 'landscape', title: `Post failure ${uniqueSuffix()}` });
    await page.route(`**/api/designs/${design.id}/comments`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: 'Internal Server Error' } })
        : route.fallback(),
    );
    await navigate(`/post/${design.id}`);
    await commentBox(page).fill('Lovely');
    await postButton(page).click();
    await expect(page.getByText(messages.comments.submitFailed)).toBeVisible();
    await expect(commentBox(page)).toHaveValue('Lovely');
  });

  test("an unknown id says 'Post not found'", async ({ page, navigate }) => {
    await navigate('/post/d-no-such-post');
    await expect(page.getByText(messages.post.notFound)).toBeVisible();
  });
});
