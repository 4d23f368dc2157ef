import { messages } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updatePreferences } from '@/lib/preferences';
import { jsonResponse } from '../../../../test/render';
import { getCreateDraft } from '../stores/create-draft';
import { stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';
import { costError, fileNameToItemName, OWN_ITEM_COST_HINT } from './own-items-editor';

const photo = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

afterEach(() => {
  vi.unstubAllGlobals();
  updatePreferences({ isLandscapeMode: false });
});

describe('own item names and costs', () => {
  it('tidies a file name into an item name', () => {
    expect(fileNameToItemName('old_floor-lamp.JPG', 'Your item 1')).toBe('Old floor lamp');
    expect(fileNameToItemName('  grandma’s   chair (2).webp', 'Your item 1')).toBe('Grandma’s chair (2)');
    expect(fileNameToItemName('___.png', 'Your item 3')).toBe('Your item 3');
  });

  it('takes a blank cost or an amount in dollars, and says what is wrong with anything else', () => {
    for (const fine of ['', ' ', '120', '89.50', '$1,200', '0']) expect(costError(fine)).toBeNull();
    expect(costError('12.345')).toBe('What it cost must be an amount in dollars, like 120 or 89.50.');
    expect(costError('cheap')).toBe('What it cost must be an amount in dollars, like 120 or 89.50.');
    expect(costError('-5')).toBe('What it cost must be an amount in dollars, like 120 or 89.50.');
    expect(costError('2000000')).toBe('What it cost must be at most $1,000,000.00.');
  });
});

describe.each([
  ['interior', false, 'grandmas_lamp.png', 'Grandmas lamp'],
  ['landscape', true, 'stone-bench.png', 'Stone bench'],
] as const)('step 1’s own items (%s)', (_mode, isLandscapeMode, fileName, tidied) => {
  it('are named after the file, can be renamed and given a cost, and show Own item instead of a price', async () => {
    updatePreferences({ isLandscapeMode });
    stubApi({
      'POST /api/uploads': () => jsonResponse(201, { url: '/media/uploads/own.webp', width: 10, height: 10 }),
    });
    renderCreateFlow('start');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Upload your own items'), [photo(fileName)]);
    const item = await within(await screen.findByRole('list', { name: 'Uploaded items' })).findByRole('listitem');
    const name = within(item).getByRole('textbox', { name: 'Name' });
    const cost = within(item).getByRole('textbox', { name: 'What it cost (optional)' });
    expect(name).toHaveValue(tidied);
    expect(cost).toHaveValue('');
    // the person is told before they type it that the cost is shown on the post (decision 0057)
    expect(cost).toHaveAccessibleDescription(OWN_ITEM_COST_HINT);
    expect(item).toHaveTextContent(messages.ownItem.badge);
    expect(item).not.toHaveTextContent('$0.00');
    expect(getCreateDraft().uploadedProductImages[0]).not.toHaveProperty('cost');

    await user.clear(name);
    expect(within(item).getByRole('alert')).toHaveTextContent('Give this item a name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Give this item a name.');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(name, '  My heirloom ');
    expect(within(item).queryByRole('alert')).not.toBeInTheDocument();
    expect(getCreateDraft().uploadedProductImages[0]!.name).toBe('My heirloom');

    await user.type(cost, '12.345');
    expect(cost).toHaveAccessibleDescription(
      `What it cost must be an amount in dollars, like 120 or 89.50. ${OWN_ITEM_COST_HINT}`,
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(cost);
    await user.type(cost, '89.50');
    expect(cost).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(getCreateDraft().uploadedProductImages[0]).toMatchObject({ name: 'My heirloom', cost: 89.5, price: 0 });

    // said, then taken back: no cost at all
    await user.clear(cost);
    expect(getCreateDraft().uploadedProductImages[0]).not.toHaveProperty('cost');
    expect(within(item).getByRole('button', { name: 'Remove My heirloom' })).toBeInTheDocument();
  });
});
