import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage, imageSizes } from './responsive-image';

describe('ResponsiveImage', () => {
  it('offers every stored width of a /media/ image with the given sizes, and loads lazily', () => {
    render(
      <ResponsiveImage src="/media/seed/designs/d-1-after.webp" alt="Sunlit reading nook" sizes={imageSizes.column} />,
    );
    const img = screen.getByRole('img', { name: 'Sunlit reading nook' });
    expect(img).toHaveAttribute('src', '/media/seed/designs/d-1-after.webp');
    expect(img).toHaveAttribute(
      'srcset',
      '/media/w/320/seed/designs/d-1-after.webp 320w, /media/w/640/seed/designs/d-1-after.webp 640w, ' +
        '/media/w/960/seed/designs/d-1-after.webp 960w, /media/w/1280/seed/designs/d-1-after.webp 1280w',
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 32rem) 30rem, calc(100vw - 2rem)');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).not.toHaveAttribute('fetchpriority');
  });

  it('fetches the priority image at once and first', () => {
    render(
      <ResponsiveImage src="/media/seed/designs/d-1-after.webp" alt="First card" sizes={imageSizes.column} priority />,
    );
    const img = screen.getByRole('img', { name: 'First card' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    // decoding off the main thread does not hold back the first paint of an image fetched first
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it.each(['data:image/webp;base64,UklGRg==', 'blob:http://localhost/4f1c', 'https://example.com/a.webp'])(
    'shows %s as it is, without srcset or sizes',
    (src) => {
      render(<ResponsiveImage src={src} alt="Your space" sizes={imageSizes.tile6rem} />);
      const img = screen.getByRole('img', { name: 'Your space' });
      expect(img).toHaveAttribute('src', src);
      expect(img).not.toHaveAttribute('srcset');
      expect(img).not.toHaveAttribute('sizes');
    },
  );

  it('passes size and styling through, so the box is known before the image arrives', () => {
    render(
      <ResponsiveImage
        src="/media/uploads/ab/abcd.webp"
        alt=""
        sizes="96px"
        width={1600}
        height={1200}
        className="size-full object-cover"
      />,
    );
    const img = document.querySelector('img')!;
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1200');
    expect(img).toHaveClass('size-full', 'object-cover');
    expect(img).toHaveAttribute('sizes', '96px');
  });
});
