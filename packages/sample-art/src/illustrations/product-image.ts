import { Pen } from './pen';
import { createRng } from './prng';
import { drawProduct } from './products';
import type { ProductLook } from './products/types';
import { Defs, rect, svgDocument, translate } from './svg';

export const PRODUCT_IMAGE_SIZE = 800;
/** Plain, uniform backdrop: the local render engine cuts it away when placing products. */
export const PRODUCT_BACKGROUND = '#f4f1ec';

/** A catalogue photo of one product: centred on a plain backdrop with a soft floor shadow. */
export function productImageSvg(id: string, look: ProductLook): string {
  const size = PRODUCT_IMAGE_SIZE;
  const defs = new Defs('p');
  const pen = new Pen(defs, { sx: 0.22, sy: 0.3 });
  const rng = createRng(id);
  let body = rect(0, 0, size, size, PRODUCT_BACKGROUND);

  if (look.kind === 'rug' || look.kind === 'pavers') {
    const front = 640;
    const back = 470;
    const yFront = 590;
    const yBack = 250;
    const fig = drawProduct({
      pen,
      rng,
      look,
      flatSize: { width: 2.4, depth: 1.8 },
      flat: (u, v) => [size / 2 + (u - 0.5) * (front + (back - front) * v), yFront + (yBack - yFront) * v],
    });
    body += fig.svg;
  } else if (look.kind === 'string-lights') {
    // two swags of the strand, as they hang in a catalogue photo
    body += drawProduct({ pen, rng, look, span: { from: [90, 190], to: [710, 190], sag: 150, scale: 3 } }).svg;
    body += drawProduct({ pen, rng, look, span: { from: [90, 400], to: [710, 400], sag: 120, scale: 3 } }).svg;
  } else if (look.kind === 'pendant-light') {
    const probe = drawProduct({ pen: new Pen(new Defs('x'), pen.view), rng: createRng(id), look, cord: 0 });
    const scale = Math.min(380 / probe.w, 260 / probe.h, 7);
    const bottom = 520;
    const fig = drawProduct({ pen, rng, look, cord: bottom / scale });
    body += translate(size / 2, bottom, fig.svg, scale);
  } else {
    const probe = drawProduct({ pen: new Pen(new Defs('x'), pen.view), rng: createRng(id), look });
    const { sx, sy } = pen.view;
    const left = -probe.w / 2;
    const right = probe.w / 2 + sx * probe.d;
    const top = probe.mount === 'wall' ? -probe.h / 2 : -probe.h - sy * probe.d;
    const bottom = probe.mount === 'wall' ? probe.h / 2 : 12;
    const scale = Math.min(660 / (right - left), 560 / (bottom - top));
    const fig = drawProduct({ pen, rng, look });
    const cx = size / 2 - ((left + right) / 2) * scale;
    const cy = probe.mount === 'wall' ? size / 2 : size / 2 - ((top + bottom) / 2) * scale + 10;
    body += translate(cx, cy, fig.svg, scale);
  }
  return svgDocument(size, size, defs, body);
}
