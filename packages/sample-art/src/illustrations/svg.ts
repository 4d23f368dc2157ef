/** A tiny SVG writer: numbers rounded for stable output, gradients de-duplicated into <defs>. */

export type Stop = readonly [offset: number, color: string, opacity?: number];

export const n = (v: number) => (Math.round(v * 100) / 100).toString();

export function pts(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

function attrs(a: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === 'number' ? n(v) : v}"`;
  }
  return out;
}

export type Attrs = Record<string, string | number | undefined>;

export const el = (tag: string, a: Attrs, inner?: string) =>
  inner === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${inner}</${tag}>`;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}) =>
  el('rect', { x, y, width: Math.max(0, w), height: Math.max(0, h), fill, ...extra });

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...extra });

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}) =>
  el('ellipse', { cx, cy, rx: Math.max(0, rx), ry: Math.max(0, ry), fill, ...extra });

export const poly = (points: ReadonlyArray<readonly [number, number]>, fill: string, extra: Attrs = {}) =>
  el('polygon', { points: pts(points), fill, ...extra });

export const path = (d: string, fill: string, extra: Attrs = {}) => el('path', { d, fill, ...extra });

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra: Attrs = {},
) => el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, ...extra });

export const group = (inner: string, extra: Attrs = {}) => el('g', extra, inner);

export const translate = (x: number, y: number, inner: string, scale = 1) =>
  `<g transform="translate(${n(x)} ${n(y)})${scale === 1 ? '' : ` scale(${n(scale)})`}">${inner}</g>`;

/** Collects gradient and pattern definitions; identical definitions share one id. */
export class Defs {
  private readonly entries = new Map<string, string>();
  private readonly xml: string[] = [];

  constructor(private readonly prefix = 'g') {}

  private add(key: string, build: (id: string) => string): string {
    let id = this.entries.get(key);
    if (!id) {
      id = `${this.prefix}${this.entries.size}`;
      this.entries.set(key, id);
      this.xml.push(build(id));
    }
    return `url(#${id})`;
  }

  /** Linear gradient in bounding-box units; default top to bottom. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const body = stopsXml(stops);
    return this.add(`L${n(x1)},${n(y1)},${n(x2)},${n(y2)}${body}`, (id) =>
      el('linearGradient', { id, x1, y1, x2, y2 }, body),
    );
  }

  /** Linear gradient in user space (for gradients spanning several shapes, e.g. a sky). */
  linearUser(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const body = stopsXml(stops);
    return this.add(`LU${n(x1)},${n(y1)},${n(x2)},${n(y2)}${body}`, (id) =>
      el('linearGradient', { id, x1, y1, x2, y2, gradientUnits: 'userSpaceOnUse' }, body),
    );
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const body = stopsXml(stops);
    return this.add(`R${n(cx)},${n(cy)},${n(r)},${n(fx)},${n(fy)}${body}`, (id) =>
      el('radialGradient', { id, cx, cy, r, fx, fy }, body),
    );
  }

  radialUser(stops: readonly Stop[], cx: number, cy: number, r: number, transform?: string): string {
    const body = stopsXml(stops);
    return this.add(`RU${n(cx)},${n(cy)},${n(r)},${transform ?? ''}${body}`, (id) =>
      el('radialGradient', { id, cx, cy, r, gradientUnits: 'userSpaceOnUse', gradientTransform: transform }, body),
    );
  }

  /** A Gaussian blur filter (used sparingly: blurs cost render time). */
  blur(std: number): string {
    return this.add(`B${n(std)}`, (id) =>
      el(
        'filter',
        { id, x: '-50%', y: '-50%', width: '200%', height: '200%' },
        el('feGaussianBlur', { stdDeviation: std }),
      ),
    );
  }

  raw(key: string, build: (id: string) => string): string {
    return this.add(`X${key}`, build);
  }

  toString(): string {
    return `<defs>${this.xml.join('')}</defs>`;
  }
}

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(([offset, color, opacity]) =>
      el('stop', {
        offset,
        'stop-color': color,
        'stop-opacity': opacity === undefined || opacity === 1 ? undefined : opacity,
      }),
    )
    .join('');
}

export function svgDocument(width: number, height: number, defs: Defs, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs.toString()}${body}</svg>`;
}
