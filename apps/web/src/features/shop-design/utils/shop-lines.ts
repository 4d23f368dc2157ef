import {
  NOTES_MAX_LENGTH,
  type ShownDesign,
  type DesignProduct,
  type Mode,
  type SelectedProduct,
} from '@dwellscape/shared';

/** A photo of the person's own product, stored on the server; it has no price (SPEC §2: shown at 0). */
export interface OwnProduct {
  url: string;
  name: string;
}

/**
 * One line of the purchase view: a catalogue product of the design, or an own item at price 0 (the creator's, or one
 * the person added here), which is shown but never ordered.
 */
export interface ShopLine {
  key: string;
  /** The catalogue product; null for an own item. */
  productId: string | null;
  name: string;
  price: number;
  imageUrl: string;
  quantity: number;
  /** An own item (decision 0023): `creator` on the design, `yours` added in see-in-space. */
  ownItem: 'creator' | 'yours' | null;
}

export const productLine = (product: DesignProduct): ShopLine =>
  product.ownItem
    ? {
        key: `own:${product.id}`,
        productId: null,
        name: product.name,
        price: 0,
        imageUrl: product.imageUrl,
        quantity: product.quantity,
        ownItem: 'creator',
      }
    : {
        key: `product:${product.id}`,
        productId: product.id,
        name: product.name,
        price: product.price,
        imageUrl: product.imageUrl,
        quantity: product.quantity,
        ownItem: null,
      };

export const ownProductLine = (own: OwnProduct): ShopLine => ({
  key: `own:${own.url}`,
  productId: null,
  name: own.name,
  price: 0,
  imageUrl: own.url,
  quantity: 1,
  ownItem: 'yours',
});

/**
 * What /purchase reads from `location.state.items`; lines set to 0 are not bought. Each product
 * remembers the design it is shopped from, whose creator earns the commission.
 */
export function toPurchaseState(lines: readonly ShopLine[], designId: string) {
  return {
    items: lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({
        ...(line.productId ? { productId: line.productId, designId } : {}),
        name: line.name,
        price: line.price,
        imageUrl: line.imageUrl,
        quantity: line.quantity,
      })),
  };
}

/** A readable name for an uploaded photo: its file name without the extension. */
export function ownProductName(fileName: string): string {
  const base = fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  return (base || 'Your own item').slice(0, 200);
}

/** The render prompt names the products to place, so the engine knows what the photos show. */
export function renderPromptFor(mode: Mode, products: readonly SelectedProduct[], own: readonly OwnProduct[]): string {
  const place = mode === 'landscape' ? 'this outdoor space' : 'this room';
  const names = [...products.map((product) => product.name), ...own.map((item) => item.name)];
  return `Place these products naturally in ${place}, keeping its layout and light: ${names.join(', ')}.`.slice(
    0,
    NOTES_MAX_LENGTH,
  );
}

/** The engine accepts up to 20 extra photos: the chosen products' images, then the person's own. */
export const MAX_ADDITIONAL_PHOTOS = 20;

export function additionalPhotosFor(products: readonly SelectedProduct[], own: readonly OwnProduct[]): string[] {
  const urls = [...products.map((product) => product.imageUrl), ...own.map((item) => item.url)];
  return [...new Set(urls)].filter((url) => url.startsWith('/media/')).slice(0, MAX_ADDITIONAL_PHOTOS);
}

/**
 * The navigation state post-creation accepts for a remix: the new image, the catalogue products,
 * the person's own items, and the original post so the server credits its creator.
 */
export function remixHandoff(
  design: ShownDesign,
  generatedImage: string,
  spaceImage: string,
  products: readonly DesignProduct[],
  own: readonly OwnProduct[] = [],
) {
  return {
    generatedImage,
    beforeImage: spaceImage,
    selectedProducts: products.filter((product) => !product.ownItem),
    ownItems: own.map((item) => ({ url: item.url, name: item.name })),
    originalPostId: design.id,
    originalCreatorId: design.userId,
    isRegenerated: true,
    mode: design.mode,
    spaceType: design.spaceType,
    userAnswers: design.userAnswers,
  };
}
