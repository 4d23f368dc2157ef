import type { Mode, Product } from '@dwellscape/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updatePreferences } from '@/lib/preferences';
import { jsonResponse } from '../../../../test/render';
import { getCreateDraft } from '../stores/create-draft';
import { stubApi } from '../testing/fake-api';
import { renderCreateFlow } from '../testing/render-create-flow';
import { pickerTexts } from './product-picker';

const product = (mode: Mode, id: string, name: string, brandName: string, category: string): Product => ({
  id,
  name,
  price: 100,
  imageUrl: `/media/seed/${id}.webp`,
  description: '',
  brandId: brandName.toLowerCase().replace(/ /g, '-'),
  brandName,
  category,
  mode,
  isDatabaseProduct: false,
});

/** Two catalogues with their own categories: the chips come from whichever the mode's is. */
const catalogues: Record<Mode, Product[]> = {
  interior: [
    product('interior', 'sofa', 'Linen Sofa', 'Nordic Home', 'Seating'),
    product('interior', 'chair', 'Oak Chair', 'Nordic Home', 'Seating'),
    product('interior', 'lamp', 'Arc Lamp', 'Lumen Works', 'Lighting'),
    product('interior', 'rug', 'Jute Rug', 'Weave & Co', 'Rugs'),
  ],
  landscape: [
    product('landscape', 'fern', 'Boston Fern', 'Green Thumb', 'Plants'),
    product('landscape', 'olive', 'Potted Olive', 'Green Thumb', 'Plants'),
    product('landscape', 'bench', 'Teak Bench', 'Terrace Living', 'Outdoor Furniture'),
    product('landscape', 'lantern', 'Solar Lantern', 'Glow Garden', 'Lighting'),
  ],
};

function stubCatalogue() {
  return stubApi({
    'GET /api/products': ({ url }) =>
      jsonResponse(200, { items: catalogues[url.searchParams.get('mode') as Mode] ?? [] }),
  });
}

const tiles = () => within(screen.getByRole('list', { name: 'Products' })).getAllByRole('button');
const tileNames = () => tiles().map((tile) => tile.textContent);
const chips = () => within(screen.getByRole('group', { name: pickerTexts.categoriesLabel })).getAllByRole('button');

afterEach(() => {
  vi.unstubAllGlobals();
  updatePreferences({ isLandscapeMode: false });
});

describe.each([
  ['interior', false, ['All', 'Lighting', 'Rugs', 'Seating'], 'Seating', 'Green'],
  ['landscape', true, ['All', 'Lighting', 'Outdoor Furniture', 'Plants'], 'Plants', 'Nordic'],
] as const)('step 1’s product picker (%s)', (mode, isLandscapeMode, chipNames, category, otherBrand) => {
  const catalogue = catalogues[mode];
  const inCategory = catalogue.filter((each) => each.category === category);
  const outside = catalogue.find((each) => each.category !== category)!;

  it('offers All and the mode’s own categories from the catalogue, and filters by one', async () => {
    updatePreferences({ isLandscapeMode });
    stubCatalogue();
    renderCreateFlow('start');
    await screen.findByRole('list', { name: 'Products' });
    expect(chips().map((chip) => chip.textContent)).toEqual(chipNames);
    expect(chips()[0]).toHaveAttribute('aria-pressed', 'true');
    expect(tiles()).toHaveLength(catalogue.length);

    await userEvent.click(screen.getByRole('button', { name: category }));
    expect(screen.getByRole('button', { name: category })).toHaveAttribute('aria-pressed', 'true');
    expect(tiles()).toHaveLength(inCategory.length);
    for (const each of inCategory) expect(screen.getByRole('button', { name: new RegExp(each.name) })).toBeVisible();
    expect(screen.queryByRole('button', { name: new RegExp(outside.name) })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(tiles()).toHaveLength(catalogue.length);
  });

  it('searches names and brands, says when nothing matches, and clears the search', async () => {
    updatePreferences({ isLandscapeMode });
    stubCatalogue();
    renderCreateFlow('start');
    await screen.findByRole('list', { name: 'Products' });
    const search = screen.getByRole('searchbox', { name: pickerTexts.searchLabel });
    const user = userEvent.setup();

    // a brand's name, in another case
    await user.type(search, catalogue[0]!.brandName.toUpperCase());
    expect(tileNames().every((name) => name?.includes(catalogue[0]!.brandName))).toBe(true);
    await user.clear(search);
    await user.type(search, catalogue[2]!.name.split(' ')[1]!.toLowerCase());
    expect(tileNames()).toEqual([expect.stringContaining(catalogue[2]!.name)]);

    // the other mode's brand is not in this catalogue
    await user.clear(search);
    await user.type(search, otherBrand);
    expect(screen.getByText(`No products match "${otherBrand}"`)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Products' })).not.toBeInTheDocument();
    const clears = screen.getAllByRole('button', { name: pickerTexts.clearSearch });
    await user.click(clears[clears.length - 1]!);
    expect(search).toHaveValue('');
    expect(tiles()).toHaveLength(catalogue.length);
  });

  it('keeps chosen products chosen while a filter hides them, and the count says so', async () => {
    updatePreferences({ isLandscapeMode });
    stubCatalogue();
    renderCreateFlow('start');
    await screen.findByRole('list', { name: 'Products' });
    const user = userEvent.setup();
    // the picker's bar and the line by Next say the same
    expect(screen.getAllByText(pickerTexts.chosen(0, 0))).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: new RegExp(outside.name) }));
    await user.click(screen.getByRole('button', { name: new RegExp(inCategory[0]!.name) }));
    expect(screen.getAllByText('2 chosen')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: category }));
    expect(screen.getByText('2 chosen · 1 not shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: new RegExp(inCategory[0]!.name) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(getCreateDraft().selectedProducts.map((each) => each.id)).toEqual([outside.id, inCategory[0]!.id]);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.type(screen.getByRole('searchbox', { name: pickerTexts.searchLabel }), 'zzz');
    expect(screen.getByText('2 chosen · 2 not shown')).toBeInTheDocument();
    expect(getCreateDraft().selectedProducts).toHaveLength(2);
  });
});
