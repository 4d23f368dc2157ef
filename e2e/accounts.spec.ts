import { readFile } from 'node:fs/promises';
import { accountExportSchema, accountMessages, messages, sessionResponseSchema, type Design } from '@dwellscape/shared';
import type { Locator, Page } from '@playwright/test';
import {
  afterImage,
  continueButton,
  headings,
  makeItemPhoto,
  publishButton,
  reachSpaceStepWithPreset,
  renderButton,
} from './create-design-flow';
import { designCard, fetchWholeFeed, publishDesign, uniqueSuffix } from './feed-helpers';
import {
  BETA_PASSWORD,
  dialogHasFocus,
  expect,
  mainNavigation,
  passwordField,
  test,
  uniquePassword,
  uniqueUsername,
} from './fixtures';

/** Accounts (decision 0016): signing up, in and out, the own profile, and actions that need an account. */

const sheet = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Sign in' }) });
const profileHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function session(page: Page) {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  return sessionResponseSchema.parse(await response.json());
}

/** Fills the sheet's Sign up tab and sends it. */
async function signUpInSheet(dialog: Locator, account: { username: string; displayName: string; password: string }) {
  await dialog.getByRole('tab', { name: 'Sign up' }).click();
  await dialog.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(account.displayName);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
}

async function signInInSheet(dialog: Locator, username: string, password: string) {
  await dialogHasFocus(dialog);
  await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function openSettings(page: Page) {
  await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: messages.profile.settings }).click();
  return page.getByRole('dialog', { name: messages.profile.settings });
}

const newAccount = () => {
  const username = uniqueUsername('acct');
  return { username, displayName: `Noor ${username.slice(-5)}`, password: uniquePassword() };
};

test('sign up from the Profile tab, land on the own profile; the sheet checks the rules first', async ({
  page,
  navigate,
}) => {
  await navigate('/');
  await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'You are browsing as a guest' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();

  const dialog = sheet(page);
  await expect(dialog).toHaveAccessibleName('Join Dwellscape');
  await dialogHasFocus(dialog);
  // the shared rules answer before anything is sent
  await dialog.getByRole('textbox', { name: 'Username' }).fill('No Spaces');
  await dialog.getByLabel('Password', { exact: true }).fill('short');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
    accountMessages.usernameFormat,
  );
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    accountMessages.passwordLength,
  );

  const account = newAccount();
  await dialog.getByRole('textbox', { name: 'Username' }).fill(account.username);
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(account.displayName);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Welcome to Dwellscape, ${account.displayName}!`)).toBeVisible();
  const me = await session(page);
  expect(me).toMatchObject({ signedIn: true, currentUser: { username: account.username } });
  await expect(page).toHaveURL(`/profile/${me.currentUser.id}`);
  await expect(profileHeading(page, account.displayName)).toBeVisible();
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are browsing as a guest' })).toHaveCount(0);
  await expect(page.getByText(messages.profile.createFirst)).toBeVisible();

  // the Profile tab now opens this profile, also after a reload (the session keeps the account)
  await page.goto('/');
  await passwordField(page).fill(BETA_PASSWORD);
  await page.getByRole('button', { name: 'Enter App' }).click();
  await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`/profile/${me.currentUser.id}`);
  await expect(profileHeading(page, account.displayName)).toBeVisible();
});

test('edit profile: a new name and picture show on the profile and on the person’s cards', async ({
  page,
  navigate,
  signUp,
}) => {
  const account = await signUp(page);
  await navigate('/');
  const design = await publishDesign(page.request, { mode: 'interior', title: `Edit check ${uniqueSuffix()}` });

  await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
  await expect(profileHeading(page, account.displayName)).toBeVisible();
  await page.getByRole('button', { name: messages.profile.editProfile }).click();
  const edit = await dialogHasFocus(page.getByRole('dialog', { name: messages.profile.editProfile }));
  const newName = `Renamed ${uniqueSuffix().slice(-5)}`;
  await edit.getByRole('textbox', { name: 'Display name' }).fill(newName);
  await edit.getByRole('textbox', { name: 'Bio' }).fill('Plants and plywood.');
  const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/uploads');
  await edit.getByLabel('Profile photo').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await makeItemPhoto('#c4623a'),
  });
  expect((await uploaded).status()).toBe(201);
  await expect(edit.getByRole('button', { name: 'Save' })).toBeEnabled();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Profile updated')).toBeVisible();

  const { currentUser } = await session(page);
  expect(currentUser).toMatchObject({ displayName: newName, bio: 'Plants and plywood.' });
  expect(currentUser.avatarUrl).toMatch(/^\/media\//);
  await expect(profileHeading(page, newName)).toBeVisible();
  await expect(page.getByText('Plants and plywood.')).toBeVisible();
  const avatar = page.getByRole('region', { name: 'Profile' }).locator('img').first();
  await expect(avatar).toHaveAttribute('src', currentUser.avatarUrl);

  // the card of their design on the feed reads the same, without a reload
  await mainNavigation(page).getByRole('link', { name: 'Home' }).click();
  const author = designCard(page, design.title).getByRole('link', { name: new RegExp(newName) });
  await expect(author).toBeVisible();
  await expect(author.locator('img')).toHaveAttribute('src', currentUser.avatarUrl);
});

test('sign out and back in; a wrong password says so', async ({ page, navigate, signUp }) => {
  const account = await signUp(page);
  await navigate('/');
  const settings = await openSettings(page);
  await expect(settings.getByText(`Signed in as @${account.username}`)).toBeVisible();
  await settings.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('Signed out', { exact: true })).toBeVisible();
  await expect(settings).toBeHidden();
  expect((await session(page)).signedIn).toBe(false);

  // signed out, the Profile tab shows the first sample user with the call to sign in
  await mainNavigation(page).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'You are browsing as a guest' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const dialog = sheet(page);
  await signInInSheet(dialog, account.username, `${account.password}x`);
  await expect(dialog.getByRole('alert')).toHaveText(accountMessages.invalidCredentials);
  // a wrong password is not a lost gate session: the sheet stays, and no gate comes back
  await expect(dialog).toBeVisible();
  await expect(passwordField(page)).toHaveCount(0);

  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Signed in as @${account.username}`)).toBeVisible();
  await expect(page).toHaveURL(`/profile/${account.user.id}`);
  await expect(profileHeading(page, account.displayName)).toBeVisible();
});

test('a comment typed while signed out is posted once the person signs up in the sheet', async ({ page, navigate }) => {
  await navigate('/');
  const design = (await fetchWholeFeed(page.request, 'interior'))[0]!;
  await navigate(`/post/${design.id}`);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  const text = `Where is that lamp from? ${uniqueSuffix()}`;
  await box.fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();

  const dialog = sheet(page);
  await expect(dialog).toHaveAccessibleDescription('Sign in or sign up to post your comment. What you wrote stays.');
  const account = newAccount();
  await signUpInSheet(dialog, account);

  await expect(dialog).toBeHidden();
  const comments = page.getByRole('list', { name: 'Comments' });
  const added = comments.getByRole('listitem').filter({ hasText: text });
  await expect(added).toContainText(account.displayName);
  await expect(box).toHaveValue('');
  await expect(page.getByText(messages.comments.successBody)).toBeVisible();
  // posted once, as the new account
  const stored = (await (await page.request.get(`/api/designs/${design.id}/comments`)).json()) as {
    items: { text: string; name: string }[];
  };
  expect(stored.items.filter((comment) => comment.text === text)).toEqual([
    expect.objectContaining({ name: account.displayName }),
  ]);
});

test('a create-flow publish asks to sign in, then publishes the same draft', async ({ page, navigate, signUp }) => {
  test.setTimeout(120_000);
  // an account to sign in to, made in another browser
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const account = await signUp(await context.newPage());
  await context.close();

  await navigate('/create-design/start');
  await reachSpaceStepWithPreset(page);
  await renderButton(page).click();
  await expect(afterImage(page)).toBeVisible({ timeout: 30_000 });
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: headings.post })).toBeVisible();
  const title = `Signed in on the way ${uniqueSuffix()}`;
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).fill('Warm wood and morning light.');
  const generated = await page.getByRole('img', { name: title }).getAttribute('src');

  const publishes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/designs')
      publishes.push(request.postData() ?? '');
  });
  await publishButton(page).click();
  const dialog = sheet(page);
  await expect(dialog).toHaveAccessibleDescription(
    'Sign in or sign up to publish your design. It stays just as it is.',
  );
  // the draft is still there behind the sheet
  await expect(page.getByRole('textbox', { name: 'Title', includeHidden: true })).toHaveValue(title);
  await signInInSheet(dialog, account.username, account.password);

  await expect(page.getByText(messages.create.publishSuccess)).toBeVisible();
  await expect(page).toHaveURL('/');
  const card = designCard(page, title);
  await expect(card).toBeVisible();
  await expect(card.getByText('Warm wood and morning light.')).toBeVisible();
  await expect(card.getByRole('link', { name: new RegExp(account.displayName) })).toBeVisible();
  // one publish, of the draft as it was typed: asked first, so nothing was refused on the way
  expect(publishes).toHaveLength(1);
  expect(JSON.parse(publishes[0]!)).toMatchObject({ title, afterImageUrl: generated });
});

test('download my data gives a JSON file of the account', async ({ page, navigate, signUp }) => {
  const account = await signUp(page);
  await navigate('/');
  const design = await publishDesign(page.request, { mode: 'interior', title: `Export check ${uniqueSuffix()}` });
  const settings = await openSettings(page);
  const download = page.waitForEvent('download');
  await settings.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`dwellscape-${account.username}.json`);
  const data = accountExportSchema.parse(JSON.parse(await readFile((await file.path())!, 'utf8')));
  expect(data.profile).toMatchObject({ username: account.username, displayName: account.displayName });
  expect(data.designs.map((each: Design) => each.id)).toEqual([design.id]);
});

test('delete account: asks for the username, signs out, and the feed no longer shows the designs', async ({
  page,
  navigate,
  signUp,
}) => {
  const account = await signUp(page);
  await navigate('/');
  const design = await publishDesign(page.request, { mode: 'interior', title: `Delete check ${uniqueSuffix()}` });
  await expect(designCard(page, design.title)).toBeVisible();

  const settings = await openSettings(page);
  await settings.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  const remove = confirm.getByRole('button', { name: 'Delete account' });
  await expect(remove).toBeDisabled();
  // the field has the focus once the dialog has opened: typing before then could land in the dialog behind it
  const field = confirm.getByRole('textbox', { name: `Type ${account.username} to confirm` });
  await expect(field).toBeFocused();
  await field.fill(account.username);
  await remove.click();

  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(designCard(page, design.title)).toHaveCount(0);
  expect((await session(page)).signedIn).toBe(false);
  expect((await fetchWholeFeed(page.request, 'interior')).some((each) => each.id === design.id)).toBe(false);
  // and the account is gone: signing in to it fails
  const signIn = await page.request.post('/api/auth/sign-in', {
    data: { username: account.username, password: account.password },
  });
  expect(signIn.status()).toBe(401);
});
