import { Pen, turnedView } from './pen';
import { createRng } from './prng';
import { drawProduct } from './products';
import type { ProductLook } from './products/types';
import { Defs, rect, svgDocument, translate } from './svg';

export const PRODUCT_IMAGE_SIZE = 800;
/** Plain, uniform backdrop: the local render engine cuts it away when placing products. */
export const PRODUCT_BACKGROUND = '#f4f1ec';

/**
 * A catalogue photo of one product: centred on a plain backdrop with a soft floor shadow. `bare` draws the same
 * picture with neither (the product's exact outline, to measure what a cut-out of the photo keeps of its backdrop).
 */
export function productImageSvg(id: string, look: ProductLook, bare = false): string {
  const size = PRODUCT_IMAGE_SIZE;
  const defs = new Defs('p');
  const pen = new Pen(defs, { sx: 0.22, sy: 0.3 }, { floorShadows: !bare });
  const rng = createRng(id);
  let body = bare ? '' : rect(0, 0, size, size, PRODUCT_BACKGROUND);

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

/** The three pictures of a product the render chooses from (decision 0045). */
export const PRODUCT_VIEWS = ['front', 'left', 'right'] as const;
/**
 * Which way the product is seen: from the front, or turned so that its side shows on the picture's left or right
 * (the camera stands to that side of its front).
 */
export type ProductView = (typeof PRODUCT_VIEWS)[number];

/** How far a three-quarter view turns the product (40°). */
export const THREE_QUARTER_TURN = (40 * Math.PI) / 180;
/** Pixels left clear round a flat piece's view. */
const FLAT_MARGIN = 6;
/** The catalogue's front view: its side and top faces at these oblique offsets. */
const FRONT_VIEW = { sx: 0.22, sy: 0.3 } as const;

/**
 * Kinds that look the same however they are turned about their upright axis (a pot, a lantern, a shrub): their
 * three-quarter views are their front view. Flat pieces (laid into the floor's perspective by the render), wall
 * pieces and strands have no turned view either.
 */
const SAME_FROM_EVERY_SIDE: ReadonlySet<ProductLook['kind']> = new Set([
  'table-lamp',
  'pendant-light',
  'vase',
  'plant',
  'planter',
  'shrub',
  'tree',
  'fire-pit',
  'umbrella',
  'lantern',
  'fountain',
  'rug',
  'pavers',
  'string-lights',
  'mirror',
  'wall-art',
]);

/** Whether a product's three-quarter views are drawings of their own (or its front view again): a kettle grill is round. */
export const turnsWithView = (look: Pick<ProductLook, 'kind' | 'variant'>) =>
  !SAME_FROM_EVERY_SIDE.has(look.kind) && !(look.kind === 'grill' && look.variant % 2 === 0);

/**
 * The product alone on a transparent frame, with no shadow of its own, as the render draws it: the compositor
 * keeps its exact outline (no backdrop to cut away) and casts the room's shadows itself. `view` turns it by
 * `THREE_QUARTER_TURN` so that its side shows on the picture's left or right. A flat piece (rug, pavers) is drawn
 * straight from above, front edge at the bottom, so that laying it into the floor's perspective is exact.
 */
export function productViewSvg(id: string, look: ProductLook, view: ProductView): string {
  const size = PRODUCT_IMAGE_SIZE;
  const defs = new Defs('v');
  const rng = createRng(id);
  const options = { floorShadows: false };
  if (look.kind === 'rug' || look.kind === 'pavers') {
    const width = 2.4;
    const depth = 1.8;
    const height = Math.round((size * depth) / width);
    const pen = new Pen(defs, { sx: 0, sy: 0 }, options);
    const fig = drawProduct({
      pen,
      rng,
      look,
      flatSize: { width, depth },
      // a clear margin round it: a picture transparent at its corners is cut out by its own alpha
      flat: (u, v) => [FLAT_MARGIN + u * (size - 2 * FLAT_MARGIN), FLAT_MARGIN + (height - 2 * FLAT_MARGIN) * (1 - v)],
    });
    return svgDocument(size, height, defs, fig.svg);
  }
  if (look.kind === 'string-lights' || look.kind === 'pendant-light') {
    // drawn as in the catalogue photo, on nothing
    const pen = new Pen(defs, FRONT_VIEW, options);
    if (look.kind === 'string-lights') {
      const body =
        drawProduct({ pen, rng, look, span: { from: [90, 190], to: [710, 190], sag: 150, scale: 3 } }).svg +
        drawProduct({ pen, rng, look, span: { from: [90, 400], to: [710, 400], sag: 120, scale: 3 } }).svg;
      return svgDocument(size, size, defs, body);
    }
    const probe = drawProduct({ pen: new Pen(new Defs('x'), FRONT_VIEW), rng: createRng(id), look, cord: 0 });
    const scale = Math.min(380 / probe.w, 260 / probe.h, 7);
    const bottom = 520;
    const fig = drawProduct({ pen, rng, look, cord: bottom / scale });
    return svgDocument(size, size, defs, translate(size / 2, bottom, fig.svg, scale));
  }
  const turn =
    view === 'front' || !turnsWithView(look) ? 0 : view === 'right' ? THREE_QUARTER_TURN : -THREE_QUARTER_TURN;
  const turned = turn ? turnedView(turn, FRONT_VIEW.sy) : null;
  const penView = turned ? turned.view : FRONT_VIEW;
  const probe = drawProduct({ pen: new Pen(new Defs('x'), penView), rng: createRng(id), look });
  // the picture's bounds: the piece's box corners, projected as the figure is drawn
  const c = turn ? Math.cos(turn) : 1;
  const b = turn ? FRONT_VIEW.sy * Math.sin(turn) : 0;
  const ys = probe.mount === 'wall' ? [-probe.h / 2, probe.h / 2] : [-probe.h, 0];
  const xs: number[] = [];
  const rows: number[] = [];
  for (const x of [-probe.w / 2, probe.w / 2]) {
    for (const y of ys) {
      for (const z of probe.mount === 'wall' ? [0] : [0, probe.d]) {
        const px = x + penView.sx * z;
        const py = y - penView.sy * z;
        xs.push(c * px);
        rows.push(b * px + py);
      }
    }
  }
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const top = Math.min(...rows);
  const bottom = Math.max(...rows);
  // a margin for what a drawing puts past its box (a lamp's shade, an arm's roll)
  const scale = Math.min(640 / (right - left), 640 / (bottom - top));
  const pen = new Pen(defs, penView, options);
  const fig = drawProduct({ pen, rng, look });
  const cx = size / 2 - ((left + right) / 2) * scale;
  const cy = size / 2 - ((top + bottom) / 2) * scale;
  const inner = turned ? `<g transform="${turned.transform}">${fig.svg}</g>` : fig.svg;
  return svgDocument(size, size, defs, translate(cx, cy, inner, scale));
}
