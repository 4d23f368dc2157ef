import { vi } from 'vitest';

/**
 * Records every srcset set on an image that is not in the document: the pictures a page starts loading before it
 * shows them (a prefetch's `new Image()`). Call it in a beforeEach; vi.restoreAllMocks undoes it.
 */
export function recordDetachedSrcsets(): string[] {
  const srcsets: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'srcset')!;
  vi.spyOn(HTMLImageElement.prototype, 'srcset', 'set').mockImplementation(function (
    this: HTMLImageElement,
    value: string,
  ) {
    if (!this.isConnected) srcsets.push(value);
    descriptor.set!.call(this, value);
  });
  return srcsets;
}
