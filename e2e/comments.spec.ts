import { MODES, messages } from '@dwellscape/shared';
import { dialogHasFocus, expect, test } from './fixtures';
import { designCard, publishDesign, startInMode, uniqueSuffix } from './feed-helpers';

for (const mode of MODES) {
  test(`${mode}: the comments dialog validates, posts, and the card's count follows`, async ({
    page,
    navigate,
    signUp,
  }) => {
    await startInMode(page, mode);
    // publishing and commenting need an account (decision 0016)
    const { displayName } = await signUp(page);
    await navigate('/');
    const design = await publishDesign(page.request, { mode, title: `Comments check ${uniqueSuffix()}` });
    const card = designCard(page, design.title);

    await card.getByRole('button', { name: 'Comments, 0' }).click();
    const dialog = page.getByRole('dialog', { name: 'Comments' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(design.title);
    await expect(dialog.getByText('No comments yet')).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(844 * 0.8 + 1);

    // the comment goes under the account's name: the form asks for none
    const textField = dialog.getByLabel('Comment', { exact: true });
    const submit = dialog.getByRole('button', { name: 'Post comment' });
    await expect(dialog.getByLabel('Your name')).toHaveCount(0);
    await expect(textField).toHaveAccessibleDescription(`Commenting as ${displayName}`);
    await expect(submit).toBeDisabled();

    await dialogHasFocus(dialog);
    await textField.fill('  \n ');
    await submit.click();
    await expect(page.getByText(messages.comments.emptyTitle)).toBeVisible();
    await expect(page.getByText(messages.comments.emptyBody)).toBeVisible();

    const text = `The light in here is perfect ${uniqueSuffix()}`;
    await textField.fill(text);
    await submit.click();
    await expect(page.getByText(messages.comments.successTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.comments.successBody)).toBeVisible();
    const posted = dialog.getByRole('listitem').filter({ hasText: text });
    await expect(posted).toContainText(displayName);
    await expect(posted).toContainText('just now');
    await expect(textField).toHaveValue('');

    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'Comments, 1' })).toBeVisible();

    // the comment is stored: it is there after a reload, oldest first
    const response = await page.request.get(`/api/designs/${design.id}/comments`);
    const { items } = (await response.json()) as { items: { name: string; text: string }[] };
    expect(items).toEqual([expect.objectContaining({ name: displayName, text })]);
  });
}

test('a failing comments load says so', async ({ page, navigate, signUp }) => {
  test.slow();
  await signUp(page);
  await navigate('/');
  const design = await publishDesign(page.request, { mode: 'interior', title: `Comments failure ${uniqueSuffix()}` });
  await page.route(`**/api/designs/${design.id}/comments`, (route) => route.abort());
  await designCard(page, design.title).getByRole('button', { name: 'Comments, 0' }).click();
  // the data cache retries three times (1 s, 2 s, 4 s) before giving up
  await expect(page.getByText(messages.comments.loadFailedTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByRole('dialog', { name: 'Comments' }).getByText(messages.comments.loadFailedBody),
  ).toBeVisible();
});

test('a failing comment post says so and keeps the text', async ({ page, navigate, signUp }) => {
  await signUp(page);
  await navigate('/');
  const design = await publishDesign(page.request, {
    mode: 'interior',
    title: `Comments post failure ${uniqueSuffix()}`,
  });
  await page.route(`**/api/designs/${design.id}/comments`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Service Unavailable' }),
        })
      : route.continue(),
  );
  await designCard(page, design.title).getByRole('button', { name: 'Comments, 0' }).click();
  const dialog = await dialogHasFocus(page.getByRole('dialog', { name: 'Comments' }));
  await dialog.getByLabel('Comment', { exact: true }).fill('Lovely');
  await dialog.getByRole('button', { name: 'Post comment' }).click();
  await expect(page.getByText(messages.comments.submitFailed)).toBeVisible();
  await expect(dialog.getByLabel('Comment', { exact: true })).toHaveValue('Lovely');
});
