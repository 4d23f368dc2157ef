import { messages, sessionResponseSchema, userSchema, type User } from '@dwellscape/shared';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expect, mainNavigation, test } from './fixtures';

async function currentUser(page: Page): Promise<User> {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  return sessionResponseSchema.parse(await response.json()).currentUser;
}

async function someoneElse(page: Page): Promise<User> {
  const response = await page.request.get('/api/search', { params: { q: 'e', mode: 'interior' } });
  const users = z.array(userSchema).parse(((await response.json()) as { users: unknown }).users);
  return users.find((user) => !user.isCurrentUser && user.postCount > 0)!;
}

const profileHeading = (page: Page, user: User) =>
  page.getByRole('heading', { level: 1, name: new RegExp(user.displayName) });

test.describe('own profile', () => {
  test("a guest's Profile tab shows the first sample user as someone else's: the person, the counts, the designs", async ({
    page,
    navigate,
  }) => {
    await navigate('/');
    const me = await currentUser(page);
    await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(`/profile/${me.id}`);
    // signed out, that is the first sample user (docs/product.md §2), with a call to sign in
    await expect(page.getByRole('heading', { name: 'You are browsing as a guest' })).toBeVisible();

    await expect(profileHeading(page, me)).toBeVisible();
    if (me.isVerified) await expect(profileHeading(page, me).getByRole('img', { name: 'Verified' })).toBeVisible();
    await expect(page.getByText(`@${me.username}`)).toBeVisible();
    await expect(page.getByText(me.bio)).toBeVisible();
    for (const label of ['Posts', 'Followers', 'Following'])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText(me.followerCount.toLocaleString('en-US'), { exact: true })).toBeVisible();
    // a guest has no own profile: the first sample user's is someone else's, without their commission or settings
    expect(me.isCurrentUser).toBe(false);
    await expect(page.getByText(messages.profile.commission)).toHaveCount(0);
    await expect(page.getByRole('button', { name: messages.profile.settings })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Follow/ })).toBeVisible();
    await expect(page.getByRole('button', { name: messages.profile.message })).toBeVisible();

    await expect(page.getByRole('tab', { name: messages.profile.myDesigns })).toHaveAttribute('aria-selected', 'true');
    const designs = page.getByRole('tabpanel').getByRole('article');
    await expect(designs.first()).toBeVisible();
    const firstImage = designs.first().getByRole('img');
    await expect(firstImage).toHaveAttribute('loading', 'lazy');
    // the earning potential is its creator's to see, not a guest's
    await firstImage.hover();
    await expect(page.getByRole('tooltip', { name: /^Earning potential/ })).toHaveCount(0);

    // someone else's saved designs are theirs
    await page.getByRole('tab', { name: messages.profile.saved }).click();
    await expect(page.getByText('Saved designs are private')).toBeVisible();
  });

  test("'Settings' on the own profile switches dark mode and design mode", async ({ page, navigate, signUp }) => {
    const account = await signUp(page);
    await navigate(`/profile/${account.user.id}`);

    await page.getByRole('button', { name: messages.profile.settings }).click();
    const settings = page.getByRole('dialog', { name: messages.profile.settings });
    await settings.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(page.locator('body')).toHaveClass(/\bdark\b/);
    await settings.getByRole('switch', { name: 'Landscape mode' }).click();
    await expect(page.locator('body')).toHaveClass(/\blandscape-mode\b/);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(page.getByRole('switch', { name: 'Design mode' })).toHaveAttribute('aria-checked', 'true');
  });

  test("without designs it offers 'Create Your First Design'", async ({ page, navigate, signUp }) => {
    // a new account has no designs yet
    const account = await signUp(page);
    await navigate(`/profile/${account.user.id}`);
    await page.getByRole('link', { name: messages.profile.createFirst }).click();
    await expect(page).toHaveURL('/create-design/start');
  });
});

test.describe('other profiles', () => {
  test("offer 'Follow' and 'Message'; designs credit what inspired them", async ({ page, navigate, signUp }) => {
    // following needs an account (decision 0016)
    await signUp(page);
    await navigate('/');
    const other = await someoneElse(page);
    await navigate(`/profile/${other.id}`);

    await expect(profileHeading(page, other)).toBeVisible();
    await expect(page.getByText(messages.profile.commission)).toHaveCount(0);
    await expect(page.getByRole('button', { name: messages.profile.settings })).toHaveCount(0);
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();

    const followers = page
      .getByRole('region', { name: 'Profile' })
      .getByText('Followers', { exact: true })
      .locator('xpath=preceding-sibling::p');
    const followerCount = async () => Number((await followers.textContent())?.replace(/,/g, ''));
    const before = await followerCount();
    await page.getByRole('button', { name: `Follow ${other.displayName}` }).click();
    await expect(page.getByRole('button', { name: `Following ${other.displayName}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // one more (other specs on this server may follow the same sample user at the same time)
    await expect.poll(followerCount).toBeGreaterThan(before);

    await page.getByRole('button', { name: messages.profile.message }).click();
    const soon = page.getByRole('dialog', { name: 'Messages are coming soon' });
    await expect(soon).toBeVisible();
    await soon.getByRole('button', { name: 'Got it' }).click();
    await expect(soon).toBeHidden();
  });

  test("'Inspired by' links to the original creator", async ({ page, navigate }) => {
    await navigate('/');
    const response = await page.request.get('/api/designs', { params: { mode: 'interior', limit: 25 } });
    const remix = (
      (await response.json()) as {
        items: { userId: string; title: string; originalCreator: { id: string; username: string } | null }[];
      }
    ).items.find((design) => design.originalCreator)!;
    await navigate(`/profile/${remix.userId}`);
    const tile = page.getByRole('tabpanel').getByRole('article').filter({ hasText: remix.title });
    await expect(tile.getByText(messages.feed.inspiredBy)).toBeVisible();
    await tile.getByRole('link', { name: `@${remix.originalCreator!.username}` }).click();
    await expect(page).toHaveURL(`/profile/${remix.originalCreator!.id}`);
  });

  test("an unknown id says 'User not found'", async ({ page, navigate }) => {
    await navigate('/profile/u-nobody-here');
    await expect(page.getByText(messages.profile.notFound)).toBeVisible();
    await page.getByRole('link', { name: messages.notFound.link }).click();
    await expect(page).toHaveURL('/');
  });
});
