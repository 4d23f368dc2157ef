/**
 * `sizes` for the places that show stored images. The content column is 32rem wide at most,
 * with 1rem of padding on each side (app-layout), so a full-width picture is never wider than 30rem. A module of its
 * own, without React: the gate's inline script preloads the feed's first picture with the card's `sizes`.
 */
export const imageSizes = {
  /** the full width of the content column: feed cards, post, shop-design */
  column: '(min-width: 32rem) 30rem, calc(100vw - 2rem)',
  /** one tile of a two-column grid in the content column (0.75rem gap): the profile grid */
  halfColumn: '(min-width: 32rem) 14.625rem, calc(50vw - 1.375rem)',
  /** one tile of a three-column grid in the content column (0.5rem gaps) */
  thirdColumn: '(min-width: 32rem) 9.667rem, calc((100vw - 3rem) / 3)',
  /** a 6rem square: search result tiles */
  tile6rem: '6rem',
  /**
   * Small fixed tiles (product thumbnails, rows of products, remix tiles, notification pictures), named by their
   * widest CSS width. Anything up to 106 CSS px takes the 320 px file even at DPR 3.
   */
  tile4rem: '4rem',
  tile5rem: '5rem',
  tile9rem: '9rem',
  /** a picture across a dialog: 32rem wide at most on a phone, 28rem from 40rem up, 1.25rem padding each side */
  dialog: '(min-width: 40rem) 25.5rem, (min-width: 32rem) 29.5rem, calc(100vw - 2.5rem)',
} as const;
