/**
 * Cards after the first are laid out and painted only near the viewport (content-visibility), sized
 * meanwhile by their last rendered height or a card's usual one. That containment clips painting to the
 * item's box, so the item reaches past the card by as much as the card's shadow does (`--shadow-card`:
 * 12px to the sides, 4px up, 20px down), with negative margins that keep the layout as it was.
 */
export const offscreenCardClass =
  '-mx-3 -mt-1 -mb-5 px-3 pt-1 pb-5 [content-visibility:auto] [contain-intrinsic-size:auto_36rem]';
