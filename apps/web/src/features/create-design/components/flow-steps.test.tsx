import { messages } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { getCreateDraft, updateCreateDraft } from '../stores/create-draft';
import { fixtures, stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const nextButton = () => screen.getByRole('button', { name: 'Next' });
const photo = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const [sofa] = fixtures.products;

describe('step 1: start', () => {
  it('shows progress 1/5 and keeps Next disabled until a product is chosen', async () => {
    stubApi();
    const { unmount } = renderCreateFlow('start');
    expect(await screen.findByRole('heading', { name: messages.create.steps[0].heading })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Step 1 of 5');
    expect(screen.getByText('1/5')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    // the sticky actions mark the root, for index.css's scroll padding (no page-wide html:has())
    expect(document.documentElement).toHaveAttribute('data-sticky-actions-shown');

    const user = userEvent.setup();
    const tile = await screen.findByRole('button', { name: /Linen Sofa/ });
    await user.click(tile);
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    expect(nextButton()).toBeEnabled();
    expect(getCreateDraft().selectedProducts.map((product) => product.id)).toEqual(['sofa']);

    await user.click(tile);
    expect(tile).toHaveAttribute('aria-pressed', 'false');
    expect(nextButton()).toBeDisabled();
    unmount();
    expect(document.documentElement).not.toHaveAttribute('data-sticky-actions-shown');
  });

  it('says one count in one wording in the picker and by Next: catalogue products and own items together', async () => {
    stubApi({
      'POST /api/uploads': () => jsonResponse(201, { url: '/media/uploads/item.webp', width: 10, height: 10 }),
    });
    renderCreateFlow('start');
    const user = userEvent.setup();
    expect(await screen.findAllByText('Nothing chosen yet')).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: /Linen Sofa/ }));
    expect(screen.getAllByText('1 chosen')).toHaveLength(2);
    await userEvent.upload(screen.getByLabelText('Upload your own items'), [photo('oak_chair.png')]);
    await screen.findByRole('list', { name: 'Uploaded items' });
    // the picker's bar and the line by Next: the same number, the same word, nowhere 'selected'
    expect(await screen.findAllByText('2 chosen')).toHaveLength(2);
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });

  it('uploads several own items at once, named and priced 0, with uploaded_{timestamp}_{index} ids', async () => {
    let served = 0;
    const api = stubApi({
      'POST /api/uploads': () =>
        jsonResponse(201, { url: `/media/uploads/item-${served++}.webp`, width: 10, height: 10 }),
    });
    renderCreateFlow('start');
    await userEvent.upload(screen.getByLabelText('Upload your own items'), [photo('oak_chair.png'), photo('rug.png')]);

    const list = await screen.findByRole('list', { name: 'Uploaded items' });
    // named after the file, tidied, and marked as the person's own rather than priced
    expect(
      within(list)
        .getAllByRole('textbox', { name: 'Name' })
        .map((field) => (field as HTMLInputElement).value),
    ).toEqual(['Oak chair', 'Rug']);
    expect(within(list).getAllByText(messages.ownItem.badge)).toHaveLength(2);
    expect(list).not.toHaveTextContent('$0.00');
    expect(api.callsTo('POST /api/uploads')).toHaveLength(2);
    const ids = getCreateDraft().uploadedProductImages.map((item) => item.id);
    expect(ids[0]).toMatch(/^uploaded_\d+_0$/);
    expect(ids[1]).toMatch(/^uploaded_\d+_1$/);
    expect(nextButton()).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Rug' }));
    expect(getCreateDraft().uploadedProductImages).toHaveLength(1);
  });

  it('gives each own item its kind’s size in cm, which the person can change, with clear errors for wrong sizes', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /api/uploads': () => jsonResponse(201, { url: '/media/uploads/lamp.webp', width: 10, height: 10 }),
    });
    renderCreateFlow('start');
    await user.upload(screen.getByLabelText('Upload your own items'), [photo('old-floor-lamp.png')]);
    const item = await within(await screen.findByRole('list', { name: 'Uploaded items' })).findByRole('listitem');
    // the file name names a kind: its usual size
    expect(within(item).getByRole('combobox', { name: 'Kind of Old floor lamp' })).toHaveValue('Floor Lamp');
    const field = (name: string) => within(item).getByRole('textbox', { name: `${name} of Old floor lamp in cm` });
    expect([field('Width'), field('Depth'), field('Height')].map((input) => (input as HTMLInputElement).value)).toEqual(
      ['45', '45', '160'],
    );
    expect(getCreateDraft().uploadedProductImages[0]).toMatchObject({
      category: 'Floor Lamp',
      sizeCm: { width: 45, depth: 45, height: 160 },
    });

    await user.clear(field('Width'));
    await user.type(field('Width'), '4.5');
    expect(within(item).getByRole('alert')).toHaveTextContent('Width must be a whole number of centimetres.');
    expect(field('Width')).toHaveAttribute('aria-invalid', 'true');
    expect(nextButton()).toBeDisabled();
    expect(screen.getByText('Fix the fields marked above')).toBeInTheDocument();
    await user.clear(field('Width'));
    expect(within(item).getByRole('alert')).toHaveTextContent('Width is required.');
    await user.type(field('Width'), '50');
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    expect(getCreateDraft().uploadedProductImages[0]!.sizeCm).toEqual({ width: 50, depth: 45, height: 160 });

    // another kind: that kind's size, and no category sent for 'Something else'
    await user.selectOptions(within(item).getByRole('combobox', { name: 'Kind of Old floor lamp' }), 'Rug');
    expect(getCreateDraft().uploadedProductImages[0]).toMatchObject({
      category: 'Rug',
      sizeCm: { width: 230, depth: 160, height: 1 },
    });
    await user.selectOptions(within(item).getByRole('combobox', { name: 'Kind of Old floor lamp' }), 'Something else');
    expect(getCreateDraft().uploadedProductImages[0]).not.toHaveProperty('category');
    expect(getCreateDraft().uploadedProductImages[0]!.sizeCm).toEqual({ width: 60, depth: 60, height: 80 });
  });

  it("shows the server's reason for a refused upload", async () => {
    stubApi({ 'POST /api/uploads': () => jsonResponse(413, { error: messages.upload.tooLarge }) });
    renderCreateFlow('start');
    await userEvent.upload(screen.getByLabelText('Upload your own items'), [photo('huge.png')]);
    expect(await screen.findByText(messages.upload.tooLarge)).toBeInTheDocument();
    expect(getCreateDraft().uploadedProductImages).toEqual([]);
    expect(nextButton()).toBeDisabled();
  });
});

describe('step 2: flow-questions', () => {
  it('keeps Next disabled until every question — buttons and select — is answered', async () => {
    updateCreateDraft({ selectedProducts: [{ ...sofa!, mode: 'interior' }] });
    stubApi();
    renderCreateFlow('flow-questions');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Define the Vibe' })).toBeInTheDocument();
    expect(screen.getByText('2/5')).toBeInTheDocument();

    await user.click(await screen.findByRole('radio', { name: 'Cozy' }));
    expect(screen.getByRole('radio', { name: 'Cozy' })).toBeChecked();
    expect(nextButton()).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'How much natural light?' }), 'Little');
    expect(nextButton()).toBeEnabled();
    expect(getCreateDraft().flowAnswers).toEqual({ vibe: 'Cozy', light: 'Little' });
  });
});

describe('step 3: space-selection', () => {
  const reachStep3 = () =>
    updateCreateDraft({
      selectedProducts: [{ ...sofa!, mode: 'interior' }],
      flowAnswers: { vibe: 'Cozy', light: 'Lots' },
    });
  const renderButton = () => screen.getByRole('button', { name: 'Render My Design' });

  it('keeps Render disabled and hides the instructions until a space is chosen', async () => {
    reachStep3();
    stubApi();
    renderCreateFlow('space-selection');
    expect(await screen.findByRole('heading', { name: 'Choose Your Space' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Render My Design' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Instructions for your design' })).not.toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: /City Loft/ }));
    expect(renderButton()).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Instructions for your design' })).toBeInTheDocument();
    expect(getCreateDraft()).toMatchObject({ selectedSpaceId: 'loft', selectedSpaceType: 'Living Room' });
  });

  it('lets a preset replace an upload and an upload replace a preset', async () => {
    reachStep3();
    stubApi({
      'POST /api/uploads': () => jsonResponse(201, { url: '/media/uploads/room.webp', width: 10, height: 10 }),
    });
    renderCreateFlow('space-selection');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Sunny Living Room/ }));
    expect(getCreateDraft().selectedSpaceId).toBe('tpl-living');

    await user.upload(screen.getByLabelText('Upload a photo of your space'), photo('room.png'));
    expect(await screen.findByRole('img', { name: 'Your uploaded space' })).toHaveAttribute(
      'src',
      '/media/uploads/room.webp',
    );
    expect(getCreateDraft()).toMatchObject({ uploadedSpaceImage: '/media/uploads/room.webp', selectedSpaceId: null });
    expect(screen.getByRole('button', { name: /Sunny Living Room/ })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: /City Loft/ }));
    expect(getCreateDraft()).toMatchObject({ uploadedSpaceImage: null, selectedSpaceId: 'loft' });
    expect(screen.queryByRole('img', { name: 'Your uploaded space' })).not.toBeInTheDocument();
  });

  it("offers each preset space 'Furnished' or 'Empty', and an empty one is chosen as itself", async () => {
    reachStep3();
    stubApi();
    renderCreateFlow('space-selection');
    const user = userEvent.setup();
    const spaces = within(await screen.findByRole('region', { name: 'Spaces' }));
    const furnished = await spaces.findByRole('radio', { name: 'Furnished' });
    expect(furnished).toHaveAttribute('aria-checked', 'true');
    const picture = () =>
      spaces
        .getByRole('button', { name: /City Loft/ })
        .querySelector('img')!
        .getAttribute('src');
    // one tile per space: the furnished version first
    expect(spaces.getAllByRole('button', { name: /City Loft/ })).toHaveLength(1);
    expect(picture()).toContain('/media/seed/s1-thumb.webp');

    await user.click(spaces.getByRole('radio', { name: 'Empty' }));
    expect(spaces.getByRole('radio', { name: 'Empty' })).toHaveAttribute('aria-checked', 'true');
    expect(spaces.getAllByRole('button', { name: /City Loft/ })).toHaveLength(1);
    expect(picture()).toContain('/media/seed/s1-empty-thumb.webp');
    await user.click(spaces.getByRole('button', { name: /City Loft/ }));
    expect(getCreateDraft()).toMatchObject({ selectedSpaceId: 'loft-empty', selectedSpaceType: 'Living Room' });
    expect(renderButton()).toBeEnabled();

    // the furnished version is not the chosen one
    await user.click(furnished);
    expect(spaces.getByRole('button', { name: /City Loft/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('refines notes with AI, asking for notes first and saying when it fails', async () => {
    reachStep3();
    updateCreateDraft({ selectedSpaceId: 'loft' });
    let fail = false;
    const api = stubApi({
      'POST /api/ai/improve-design-notes': () =>
        fail
          ? jsonResponse(503, { error: 'down' })
          : jsonResponse(200, { refinedNotes: 'Keep the fireplace; warm the palette.' }),
    });
    renderCreateFlow('space-selection');
    const user = userEvent.setup();
    const refine = await screen.findByRole('button', { name: 'Refine with AI' });

    await user.click(refine);
    expect(await screen.findByText(messages.create.notesBlank)).toBeInTheDocument();
    expect(api.callsTo('POST /api/ai/improve-design-notes')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Instructions for your design' }), 'keep fireplace');
    await user.click(refine);
    expect(await screen.findByText(messages.create.notesRefined)).toBeInTheDocument();
    expect(screen.getByText('Keep the fireplace; warm the palette.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/ai/improve-design-notes')[0]!.body).toEqual({
      notes: 'keep fireplace',
      spaceType: 'interior',
    });

    fail = true;
    await user.click(refine);
    expect(await screen.findByText(messages.create.notesFailed)).toBeInTheDocument();
  });
});
