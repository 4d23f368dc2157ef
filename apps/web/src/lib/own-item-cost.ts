import { formatPrice } from '@dwellscape/shared';

/**
 * What an own item cost its creator, when they said (decision 0057): the same words on the card, the post's item
 * popup and both purchase lists, never where a price stands, so it never reads as something to pay. A module of
 * its own: the feed's card says it without loading the badge's icons.
 */
export const ownItemCost = (cost: number) => `Cost the creator ${formatPrice(cost)}`;
