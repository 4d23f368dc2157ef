import { messages, POST_CREATION_POLL_TIMEOUT_MS } from '@dwellscape/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updatePreferences } from '@/lib/preferences';
import { jsonResponse } from '../../../../test/render';
import { GENERATED_DESIGN_KEY, getCreateDraft, updateCreateDraft, type DesignSession } from '../stores/create-draft';
import { stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';

const session: DesignSession = {
  id: 'session-1',
  mode: 'interior',
  spaceType: 'Living Room',
  beforeImageUrl: '/media/seed/s1.webp',
  selectedProducts: [
    { id: 'sofa', name: 'Linen Sofa', price: 899, brandId: 'nordic', imageUrl: '/media/seed/sofa.webp', quantity: 1 },
  ],
  uploadedProductImages: [
    { id: 'uploaded_1_0', url: '/media/uploads/ab/lamp.webp', name: 'Grandma lamp', price: 0, cost: 45 },
  ],
  userAnswers: { vibe: 'Cozy' },
  startedAt: 1,
};

/** What the server's catalogue says: the snapshot it stores carries these, not the client's. */
const catalogue: Record<string, { name: string; price: number; brandId: string; imageUrl: string }> = {
  sofa: { name: 'Linen Sofa', price: 899, brandId: 'nordic', imageUrl: '/media/seed/sofa.webp' },
};
const afterImage = '/media/renders/after.webp';
const publishButton = () => screen.getByRole('button', { name: /Publish Design/ });

function startedRender() {
  updateCreateDraft({
    designSession: session,
    selectedProducts: [{ ...session.selectedProducts[0]!, mode: 'interior' }],
  });
}

interface PublishedBody extends Record<string, unknown> {
  selectedProducts?: { id: string; quantity: number }[];
  ownItems?: { url: string; name: string }[];
}

/** The design as the server answers a publish: the snapshot built from its catalogue. */
const publishedDesign = ({ ownItems = [], ...body }: PublishedBody) => ({
  ...body,
  selectedProducts: [
    ...(body.selectedProducts ?? []).map((choice) => ({ ...catalogue[choice.id]!, ...choice, ownItem: false })),
    ...ownItems.map((item, i) => ({
      id: `uploaded_1_${i}`,
      name: item.name,
      price: 0,
      brandId: '',
      imageUrl: item.url,
      quantity: 1,
      ownItem: true,
    })),
  ],
  id: 'new-design',
  isPublic: true,
  createdAt: new Date().toISOString(),
  likesCount: 0,
  commentsCount: 0,
  userId: 'u1',
  author: { id: 'u1', username: 'maya', displayName: 'Maya', avatarUrl: '/media/seed/u1.webp', isVerified: true },
  originalDesignId: body.originalDesignId ?? null,
  originalCreatorId: null,
  originalCreator: null,
  originalCreatorDeleted: false,
  isRegenerated: body.isRegenerated ?? false,
  videoUrl: null,
  remixCount: 0,
  likedByViewer: false,
  savedByViewer: false,
  receipt: null,
});

afterEach(() => {
  updatePreferences({ isLandscapeMode: false });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('post-creation', () => {
  it('takes the image from navigation state, limits the title to 50 with a counter, and publishes the design', async () => {
    startedRender();
    const api = stubApi({
      'POST /api/designs': ({ init }) => jsonResponse(201, publishedDesign(JSON.parse(String(init?.body)))),
    });
    const { router } = renderCreateFlow('post-creation', {
      state: { generatedImage: afterImage, designSessionId: session.id },
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('img', { name: 'Your generated design' })).toHaveAttribute('src', afterImage);
    const strip = within(screen.getByRole('list', { name: 'Products in this design' }));
    expect(strip.getByText('Linen Sofa')).toBeInTheDocument();
    expect(strip.getByText('Grandma lamp').closest('li')).toHaveTextContent(messages.ownItem.yours);
    expect(strip.getByText('Linen Sofa').closest('li')).not.toHaveTextContent(messages.ownItem.yours);
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(screen.getByText('0/50')).toBeInTheDocument();
    expect(publishButton()).toBeEnabled();

    await user.click(publishButton());
    expect(await screen.findByText(messages.create.missingInformation)).toBeInTheDocument();
    expect(api.callsTo('POST /api/designs')).toHaveLength(0);

    await user.type(title, 'A'.repeat(60));
    expect(title).toHaveValue('A'.repeat(50));
    expect(screen.getByText('50/50')).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Sunday loft');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Soft linen and warm light.');
    await user.click(publishButton());

    expect(await screen.findByText(messages.create.publishSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = api.callsTo('POST /api/designs')[0]!.body;
    expect(body).toEqual({
      title: 'Sunday loft',
      caption: 'Soft linen and warm light.',
      beforeImageUrl: '/media/seed/s1.webp',
      afterImageUrl: afterImage,
      // ids and quantities only: the server reads names and prices from its catalogue
      selectedProducts: [{ id: 'sofa', quantity: 1 }],
      // what the person said it cost them travels along; it is never a price
      ownItems: [{ url: '/media/uploads/ab/lamp.webp', name: 'Grandma lamp', cost: 45 }],
      userAnswers: { vibe: 'Cozy' },
      spaceType: 'Living Room',
      mode: 'interior',
    });
    await waitFor(() => expect(getCreateDraft().designSession).toBeNull());
    expect(sessionStorage.getItem('selectedProducts')).toBeNull();
  }, 20_000);

  it.each([
    ['interior', false],
    ['landscape', true],
  ] as const)(
    'publishing without a title (%s) toasts, marks the title field with its error and moves focus there',
    async (mode, isLandscapeMode) => {
      updatePreferences({ isLandscapeMode });
      updateCreateDraft({
        designSession: { ...session, mode },
        selectedProducts: [{ ...session.selectedProducts[0]!, mode }],
      });
      const api = stubApi({});
      renderCreateFlow('post-creation', { state: { generatedImage: afterImage, designSessionId: session.id } });
      const user = userEvent.setup();
      const title = await screen.findByRole('textbox', { name: 'Title' });
      expect(title).not.toHaveAttribute('aria-invalid');

      await user.type(title, '   ');
      await user.click(publishButton());
      expect(await screen.findByText(messages.create.missingInformation)).toBeInTheDocument();
      expect(title).toHaveAttribute('aria-invalid', 'true');
      expect(title).toHaveAccessibleDescription(expect.stringContaining(messages.create.titleRequired));
      expect(title).toHaveFocus();
      expect(api.callsTo('POST /api/designs')).toHaveLength(0);

      await user.type(title, 'Sunday loft');
      expect(title).not.toHaveAttribute('aria-invalid');
      expect(screen.queryByText(messages.create.titleRequired)).not.toBeInTheDocument();
    },
    20_000,
  );

  it('takes the image from the client store for the session when navigation state has none', async () => {
    startedRender();
    localStorage.setItem(
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: session.id, imageUrl: afterImage, timestamp: 2 }),
    );
    stubApi();
    renderCreateFlow('post-creation');
    expect(await screen.findByRole('img', { name: 'Your generated design' })).toHaveAttribute('src', afterImage);
  });

  it('ignores a stored image of another session', async () => {
    startedRender();
    localStorage.setItem(
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: 'older', imageUrl: '/media/renders/old.webp', timestamp: 2 }),
    );
    stubApi();
    renderCreateFlow('post-creation');
    expect(await screen.findByText('Your design is still being generated…')).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
  });

  it('polls every second for the image and gives up after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startedRender();
    stubApi();
    renderCreateFlow('post-creation');
    expect(await screen.findByText('Your design is still being generated…')).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();

    await act(async () => vi.advanceTimersByTime(POST_CREATION_POLL_TIMEOUT_MS - 1000));
    expect(screen.queryByText('Your design has not arrived.')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Your design has not arrived.')).toBeInTheDocument();
    expect(publishButton()).toBeDisabled();
  });

  it('finds an image written behind its back on the next poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startedRender();
    stubApi();
    renderCreateFlow('post-creation');
    await screen.findByText('Your design is still being generated…');

    // written straight into storage, as no event of this tab reports
    localStorage.setItem(
      GENERATED_DESIGN_KEY,
      JSON.stringify({ designSessionId: session.id, imageUrl: afterImage, timestamp: 3 }),
    );
    expect(screen.queryByRole('img', { name: 'Your generated design' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('img', { name: 'Your generated design' })).toHaveAttribute('src', afterImage);
    expect(publishButton()).toBeEnabled();
  });

  it('reacts at once to a storage event from another tab', async () => {
    vi.useFakeTimers();
    startedRender();
    stubApi();
    renderCreateFlow('post-creation');
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Your design is still being generated…')).toBeInTheDocument();

    const value = JSON.stringify({ designSessionId: session.id, imageUrl: afterImage, timestamp: 4 });
    localStorage.setItem(GENERATED_DESIGN_KEY, value);
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: GENERATED_DESIGN_KEY, newValue: value, storageArea: localStorage }),
      );
    });
    expect(screen.getByRole('img', { name: 'Your generated design' })).toHaveAttribute('src', afterImage);
  });

  describe("'Generate Text AI'", () => {
    it('asks for a description first', async () => {
      startedRender();
      const api = stubApi();
      renderCreateFlow('post-creation', { state: { generatedImage: afterImage, designSessionId: session.id } });
      await userEvent.click(await screen.findByRole('button', { name: 'Generate Text AI' }));
      expect(await screen.findByText(messages.create.missingDescription)).toBeInTheDocument();
      expect(api.callsTo('POST /api/ai/improve-caption')).toHaveLength(0);
    });

    it('replaces the description with the improved one', async () => {
      startedRender();
      const api = stubApi({
        'POST /api/ai/improve-caption': () => jsonResponse(200, { improvedCaption: 'A sunlit loft in soft linen.' }),
      });
      renderCreateFlow('post-creation', { state: { generatedImage: afterImage, designSessionId: session.id } });
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'my loft');
      await user.click(screen.getByRole('button', { name: 'Generate Text AI' }));
      expect(await screen.findByText(messages.create.captionImprovedTitle)).toBeInTheDocument();
      expect(screen.getByText(messages.create.captionImprovedBody)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('A sunlit loft in soft linen.');
      expect(api.callsTo('POST /api/ai/improve-caption')[0]!.body).toEqual({
        caption: 'my loft',
        spaceType: 'interior',
      });
    });

    it('says so when improving fails', async () => {
      startedRender();
      stubApi({ 'POST /api/ai/improve-caption': () => jsonResponse(503, { error: 'engine down' }) });
      renderCreateFlow('post-creation', { state: { generatedImage: afterImage, designSessionId: session.id } });
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'my loft');
      await user.click(screen.getByRole('button', { name: 'Generate Text AI' }));
      expect(await screen.findByText(messages.create.captionFailed)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('my loft');
    });
  });

  it.each([
    [
      'the server refuses to save it',
      () => jsonResponse(500, { error: 'Internal Server Error' }),
      messages.create.publishFailed,
    ],
    [
      'something else goes wrong',
      () => Promise.reject(new TypeError('Failed to fetch')),
      messages.create.publishUnexpected,
    ],
  ])('keeps the person on the step when %s', async (_case, respond, message) => {
    startedRender();
    stubApi({ 'POST /api/designs': respond });
    const { router } = renderCreateFlow('post-creation', {
      state: { generatedImage: afterImage, designSessionId: session.id },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Sunday loft');
    await user.click(publishButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-design/post-creation');
    expect(publishButton()).toBeEnabled();
    expect(getCreateDraft().designSession?.id).toBe(session.id);
  });

  it('publishes a remix handed over by shop-design with its credit', async () => {
    const api = stubApi({
      'POST /api/designs': ({ init }) => jsonResponse(201, publishedDesign(JSON.parse(String(init?.body)))),
    });
    renderCreateFlow('post-creation', {
      state: {
        generatedImage: afterImage,
        beforeImage: '/media/uploads/ab/mine.webp',
        selectedProducts: [
          { ...session.selectedProducts[0]!, ownItem: false },
          // the original creator's own item: theirs, not a product this person can list
          {
            id: 'uploaded_9_0',
            name: 'Their vase',
            price: 0,
            brandId: '',
            imageUrl: '/media/uploads/cd/vase.webp',
            quantity: 1,
            ownItem: true,
          },
        ],
        ownItems: [{ url: '/media/uploads/ab/rug.webp', name: 'My rug' }],
        originalPostId: 'design-7',
        originalCreatorId: 'u2',
        isRegenerated: true,
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'My take');
    await user.click(publishButton());
    await screen.findByText(messages.create.publishSuccess);
    expect(api.callsTo('POST /api/designs')[0]!.body).toMatchObject({
      afterImageUrl: afterImage,
      beforeImageUrl: '/media/uploads/ab/mine.webp',
      selectedProducts: [{ id: 'sofa', quantity: 1 }],
      ownItems: [{ url: '/media/uploads/ab/rug.webp', name: 'My rug' }],
      originalDesignId: 'design-7',
      isRegenerated: true,
      mode: 'interior',
    });
  });
});
