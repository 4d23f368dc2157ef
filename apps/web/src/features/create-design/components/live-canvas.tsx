import type { PlaneBox, RenderLayers } from '@dwellscape/shared';
import { useEffect, useRef, useState } from 'react';
import { createLiveRenderer, layerOrderOf, type LiveItem, type LiveRenderer } from '../utils/live-scene';

export interface LiveProduct {
  productId: string;
  /** The box the render drew it in and the box it has now, in render pixels. */
  from: PlaneBox;
  to: PlaneBox;
  pose?: string;
  /** A receding product's warp (its drawn view's): its layer is redrawn column by column as Apply will draw it. */
  recede?: { vanishingX: number; horizonY: number };
}

interface LiveCanvasProps {
  layers: RenderLayers;
  products: readonly LiveProduct[];
  renderWidth: number;
  renderHeight: number;
  /** Told once every picture has loaded (true) or one could not be (false): the frame shows the render meanwhile. */
  onReady?: (ready: boolean) => void;
}

type Loaded = { status: 'loading' } | { status: 'ready'; images: Map<string, HTMLImageElement> } | { status: 'failed' };

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`${url} could not be loaded`));
    image.src = url;
  });
}

/**
 * The render drawn live while a person adjusts it (decision 0046): the picture without its products, and each
 * product's own layer where it is now, redrawn on the next frame after every change. It lies over the picture and
 * lets the pointer through to the frames above it.
 */
export function LiveCanvas({ layers, products, renderWidth, renderHeight, onReady }: LiveCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  // the renderer of this canvas at this size and these pictures: it repaints only what moved
  const rendererRef = useRef<{ renderer: LiveRenderer; key: string } | null>(null);
  const urls = [layers.base, ...layers.products.map((p) => p.url)].join('\n');

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    const list = urls.split('\n');
    Promise.all(list.map(loadImage)).then(
      (images) => live && setLoaded({ status: 'ready', images: new Map(list.map((url, n) => [url, images[n]!])) }),
      (error: unknown) => {
        console.warn('The pictures to adjust live could not be loaded', error);
        if (live) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [urls]);

  useEffect(() => {
    if (loaded.status !== 'loading') onReady?.(loaded.status === 'ready');
  }, [loaded.status, onReady]);

  useEffect(() => {
    if (loaded.status !== 'ready') return;
    const frame = requestAnimationFrame(() => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext('2d');
      if (!canvas || !context) return;
      // as sharp as the screen shows it, never more pixels than the render has
      const shown = canvas.clientWidth || renderWidth;
      const width = Math.max(1, Math.round(Math.min(renderWidth, shown * (window.devicePixelRatio || 1))));
      const height = Math.max(1, Math.round((width * renderHeight) / renderWidth));
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      const key = `${width}×${height}\n${urls}`;
      if (rendererRef.current?.key !== key) {
        const base = loaded.images.get(layers.base)!;
        const renderer = createLiveRenderer(context, base, renderWidth, renderHeight, width / renderWidth);
        rendererRef.current = { renderer, key };
      }
      const items: LiveItem[] = products.flatMap((product) => {
        const layer = layers.products.find((p) => p.productId === product.productId);
        const image = layer && loaded.images.get(layer.url);
        if (!layer || !image) return [];
        const { from, to, recede } = product;
        return [{ image, layer, from, to, layerOrder: layerOrderOf(product.pose), ...(recede ? { recede } : {}) }];
      });
      rendererRef.current.renderer.draw(items);
    });
    return () => cancelAnimationFrame(frame);
  }, [loaded, products, layers, urls, renderWidth, renderHeight]);

  if (loaded.status === 'failed') return null;
  return (
    <canvas
      ref={canvasRef}
      aria-hidden
      data-testid="live-canvas"
      className="pointer-events-none absolute inset-0 size-full"
    />
  );
}
