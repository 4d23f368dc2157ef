import { clamp, luma, smoothstep, type Raster } from './raster';

/**
 * Alpha-blends an RGBA sprite onto the RGB scene at (left, top); parts outside the scene are skipped. Drawing in
 * place costs a third of the CPU of a sharp composite of the same layers (bench/render-ops.ts).
 */
export function blendSprite(scene: Raster, sprite: Raster, left: number, top: number, shadeBottom = 0): void {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(scene.width, left + sprite.width);
  const y1 = Math.min(scene.height, top + sprite.height);
  const s = scene.data;
  const p = sprite.data;
  for (let y = y0; y < y1; y++) {
    const sy = y - top;
    // a touch darker towards the floor: objects are lit from above and occlude their own base
    const light = 1 - shadeBottom * smoothstep(0.55, 1, sy / sprite.height);
    let si = (y * scene.width + x0) * 3;
    let pi = (sy * sprite.width + (x0 - left)) * 4;
    for (let x = x0; x < x1; x++, si += 3, pi += 4) {
      const alpha = p[pi + 3]!;
      if (alpha === 0) continue;
      if (alpha === 255) {
        // opaque: what the blend below gives, with the scene's share (0) left out
        s[si] = Math.round(p[pi]! * light);
        s[si + 1] = Math.round(p[pi + 1]! * light);
        s[si + 2] = Math.round(p[pi + 2]! * light);
        continue;
      }
      const a = alpha / 255;
      const keep = 1 - a;
      s[si] = Math.round(s[si]! * keep + p[pi]! * light * a);
      s[si + 1] = Math.round(s[si + 1]! * keep + p[pi + 1]! * light * a);
      s[si + 2] = Math.round(s[si + 2]! * keep + p[pi + 2]! * light * a);
    }
  }
}

/** Darkens a soft ellipse: the contact shadow under something standing on the floor. */
export function drawEllipseShadow(
  scene: Raster,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  strength: number,
): void {
  if (rx < 1 || ry < 1) return;
  const x0 = Math.max(0, Math.floor(cx - rx));
  const x1 = Math.min(scene.width - 1, Math.ceil(cx + rx));
  const y0 = Math.max(0, Math.floor(cy - ry));
  const y1 = Math.min(scene.height - 1, Math.ceil(cy + ry));
  const s = scene.data;
  for (let y = y0; y <= y1; y++) {
    const dy = (y - cy) / ry;
    if (dy * dy >= 1) continue;
    // only the row's span inside the ellipse (a pixel more each side; the test below decides)
    const half = rx * Math.sqrt(1 - dy * dy);
    const from = Math.max(x0, Math.floor(cx - half) - 1);
    const to = Math.min(x1, Math.ceil(cx + half) + 1);
    let i = (y * scene.width + from) * 3;
    for (let x = from; x <= to; x++, i += 3) {
      const dx = (x - cx) / rx;
      const d = dx * dx + dy * dy;
      if (d >= 1) continue;
      const fall = (1 - d) * (1 - d);
      const keep = 1 - strength * fall;
      s[i] = Math.round(s[i]! * keep);
      s[i + 1] = Math.round(s[i + 1]! * keep);
      s[i + 2] = Math.round(s[i + 2]! * keep);
    }
  }
}

/** Darkens a soft-edged rectangle offset down-right of a hung piece: its shadow on the wall. */
export function drawWallShadow(
  scene: Raster,
  left: number,
  top: number,
  width: number,
  height: number,
  strength: number,
): void {
  const soft = Math.max(2, Math.min(width, height) * 0.08);
  const x0 = Math.max(0, Math.floor(left - soft));
  const x1 = Math.min(scene.width - 1, Math.ceil(left + width + soft));
  const y0 = Math.max(0, Math.floor(top - soft));
  const y1 = Math.min(scene.height - 1, Math.ceil(top + height + soft));
  const s = scene.data;
  for (let y = y0; y <= y1; y++) {
    const inY = Math.min(y - (top - soft), top + height + soft - y) / (2 * soft);
    let i = (y * scene.width + x0) * 3;
    for (let x = x0; x <= x1; x++, i += 3) {
      const inX = Math.min(x - (left - soft), left + width + soft - x) / (2 * soft);
      const a = strength * smoothstep(0, 1, clamp(inX, 0, 1)) * smoothstep(0, 1, clamp(inY, 0, 1));
      if (a <= 0) continue;
      const keep = 1 - a;
      s[i] = Math.round(s[i]! * keep);
      s[i + 1] = Math.round(s[i + 1]! * keep);
      s[i + 2] = Math.round(s[i + 2]! * keep);
    }
  }
}

/** A thin dark cord from row `top` (the ceiling) down to (x, bottom): what a pendant hangs on. */
export function drawCord(scene: Raster, x: number, bottom: number, thickness: number, top = 0): void {
  const half = thickness / 2;
  const x0 = Math.max(0, Math.floor(x - half - 1));
  const x1 = Math.min(scene.width - 1, Math.ceil(x + half + 1));
  const y1 = Math.min(scene.height, Math.max(0, Math.round(bottom)));
  const s = scene.data;
  for (let y = Math.max(0, Math.round(top)); y < y1; y++) {
    let i = (y * scene.width + x0) * 3;
    for (let px = x0; px <= x1; px++, i += 3) {
      // anti-aliased edges: full cover inside the cord, fading over one pixel outside it
      const cover = clamp(half + 0.5 - Math.abs(px + 0.5 - x), 0, 1) * 0.78;
      if (cover <= 0) continue;
      const keep = 1 - cover;
      s[i] = Math.round(s[i]! * keep + 34 * cover);
      s[i + 1] = Math.round(s[i + 1]! * keep + 31 * cover);
      s[i + 2] = Math.round(s[i + 2]! * keep + 29 * cover);
    }
  }
}

/** How much darker the side of a piece turned from the light is than the side facing it. */
const SIDE_SHADE = 0.14;

/**
 * Matches an RGBA sprite, in place, to the light of the scene where it will stand: brightness toward the scene's
 * around its box (a dim corner darkens it, never more than a third; a bright room never brightens it, so a pale
 * piece keeps the shading it was photographed with rather than melting into the wall), a little of the scene's
 * colour cast, and the side turned from the light (`lightFrom`) shaded, as the room's own pieces are.
 */
export function matchLight(
  sprite: Raster,
  scene: Raster,
  box: { x: number; y: number; width: number; height: number },
  lightFrom?: 'left' | 'right',
): void {
  const x0 = Math.max(0, Math.floor(box.x - box.width * 0.15));
  const x1 = Math.min(scene.width, Math.ceil(box.x + box.width * 1.15));
  const y0 = Math.max(0, Math.floor(box.y));
  const y1 = Math.min(scene.height, Math.ceil(box.y + box.height * 1.1));
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const i = (y * scene.width + x) * scene.channels;
      r += scene.data[i]!;
      g += scene.data[i + 1]!;
      b += scene.data[i + 2]!;
      n++;
    }
  }
  if (n === 0) return;
  r /= n;
  g /= n;
  b /= n;
  const l = Math.max(1, luma(r, g, b));
  // a well-lit room (luma ~170) or a brighter one leaves the product as photographed
  const brightness = clamp(Math.pow(l / 170, 0.45), 0.68, 1);
  const cast = 0.12;
  const gains = [r / l, g / l, b / l].map((c) => brightness * (1 - cast + cast * clamp(c, 0.6, 1.5)));
  // the colour cast alone never lifts a channel past how it was photographed
  const top = Math.max(...gains);
  const [gr, gg, gb] = (top > 1 ? gains.map((gain) => gain / top) : gains) as [number, number, number];
  const { width, height } = sprite;
  const side = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const across = width > 1 ? x / (width - 1) : 0.5;
    const away = lightFrom === undefined ? 0 : lightFrom === 'left' ? across : 1 - across;
    side[x] = 1 - SIDE_SHADE * smoothstep(0.2, 1, away);
  }
  const d = sprite.data;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      if (d[i + 3] === 0) continue;
      const k = side[x]!;
      d[i] = Math.min(255, Math.round(d[i]! * gr * k));
      d[i + 1] = Math.min(255, Math.round(d[i + 1]! * gg * k));
      d[i + 2] = Math.min(255, Math.round(d[i + 2]! * gb * k));
    }
  }
}

/** A one-channel float mask blurred by a box of radius r along its rows or its columns, edges as zero. */
function boxBlurLine(
  src: Float32Array,
  width: number,
  height: number,
  r: number,
  alongRows: boolean,
): Float32Array<ArrayBuffer> {
  const out = new Float32Array(src.length);
  const lines = alongRows ? height : width;
  const length = alongRows ? width : height;
  const stride = alongRows ? 1 : width;
  const norm = 1 / (2 * r + 1);
  for (let line = 0; line < lines; line++) {
    const start = alongRows ? line * width : line;
    let sum = 0;
    for (let k = 0; k <= Math.min(r, length - 1); k++) sum += src[start + k * stride]!;
    for (let k = 0; k < length; k++) {
      out[start + k * stride] = sum * norm;
      const enter = k + r + 1;
      const leave = k - r;
      if (enter < length) sum += src[start + enter * stride]!;
      if (leave >= 0) sum -= src[start + leave * stride]!;
    }
  }
  return out;
}

/** A one-channel float mask softened by two box passes of radius r each way (close to a Gaussian), edges as zero. */
export function blurMask(mask: Float32Array, width: number, height: number, r: number): Float32Array {
  let out: Float32Array = mask;
  for (let pass = 0; pass < 2; pass++) {
    out = boxBlurLine(out, width, height, r, true);
    out = boxBlurLine(out, width, height, r, false);
  }
  return out;
}

/**
 * Darkens the scene under a soft copy of the sprite's silhouette drawn at (left + dx, top + dy): the shadow a piece
 * standing in the room casts on the wall and floor behind it, on the side away from the light. Drawn before the
 * sprite, so only its rim beyond the piece shows: however pale the piece, that side of its outline reads. The
 * silhouette is blurred at a quarter of its size.
 */
export function drawSilhouetteShadow(
  scene: Raster,
  sprite: Raster,
  left: number,
  top: number,
  offset: { dx: number; dy: number },
  blur: number,
  strength: number,
): void {
  const q = 4;
  const r = Math.max(1, Math.round(blur / q));
  const pad = 2 * r + 1;
  const w = Math.ceil(sprite.width / q) + 2 * pad;
  const h = Math.ceil(sprite.height / q) + 2 * pad;
  let mask = new Float32Array(w * h);
  const share = 1 / (255 * q * q);
  for (let y = 0; y < sprite.height; y++) {
    const row = (pad + Math.floor(y / q)) * w + pad;
    let i = y * sprite.width * 4 + 3;
    for (let x = 0; x < sprite.width; x++, i += 4) mask[row + (x >> 2)]! += sprite.data[i]! * share;
  }
  // two box passes each way: close to a Gaussian
  for (let pass = 0; pass < 2; pass++) {
    mask = boxBlurLine(mask, w, h, r, true);
    mask = boxBlurLine(mask, w, h, r, false);
  }
  const originX = left + offset.dx - pad * q;
  const originY = top + offset.dy - pad * q;
  const x0 = Math.max(0, Math.floor(originX));
  const y0 = Math.max(0, Math.floor(originY));
  const x1 = Math.min(scene.width, Math.ceil(originX + w * q));
  const y1 = Math.min(scene.height, Math.ceil(originY + h * q));
  // writes through a clamped view round and clamp to 0–255 natively
  const s = new Uint8ClampedArray(scene.data.buffer, scene.data.byteOffset, scene.data.length);
  const p = sprite.data;
  for (let y = y0; y < y1; y++) {
    const v = clamp((y - originY) / q - 0.5, 0, h - 1);
    const my = Math.min(h - 2, Math.floor(v));
    const fy = clamp(v - my, 0, 1);
    const sy = y - top;
    const spriteRow = sy >= 0 && sy < sprite.height ? sy * sprite.width : -1;
    let i = (y * scene.width + x0) * 3;
    for (let x = x0; x < x1; x++, i += 3) {
      // where the piece itself is solid, it covers its shadow
      const sx = x - left;
      if (spriteRow >= 0 && sx >= 0 && sx < sprite.width && p[(spriteRow + sx) * 4 + 3] === 255) continue;
      const u = clamp((x - originX) / q - 0.5, 0, w - 1);
      const mx = Math.min(w - 2, Math.floor(u));
      const fx = clamp(u - mx, 0, 1);
      const a = mask[my * w + mx]! * (1 - fx) + mask[my * w + mx + 1]! * fx;
      const b = mask[(my + 1) * w + mx]! * (1 - fx) + mask[(my + 1) * w + mx + 1]! * fx;
      const m = a * (1 - fy) + b * fy;
      if (m <= 0.004) continue;
      const keep = 1 - strength * Math.min(1, m);
      s[i] = s[i]! * keep;
      s[i + 1] = s[i + 1]! * keep;
      s[i + 2] = s[i + 2]! * keep;
    }
  }
}

type Quad = readonly [
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
  readonly [number, number],
];

/**
 * The unit square onto a quad (Heckbert): corner (0,0) on the first, (1,0) on the second, (1,1) on the third, (0,1) on
 * the fourth; a point (s, t) goes to ((a·s + b·t + c) / w, (d·s + e·t + f) / w), w = g·s + h·t + 1.
 */
function squareToQuad([[x0, y0], [x1, y1], [x2, y2], [x3, y3]]: Quad) {
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = den === 0 ? 0 : (dx3 * dy2 - dx2 * dy3) / den;
  const h = den === 0 ? 0 : (dx1 * dy3 - dx3 * dy1) / den;
  return { a: x1 - x0 + g * x1, b: x3 - x0 + h * x3, c: x0, d: y1 - y0 + g * y1, e: y3 - y0 + h * y3, f: y0, g, h };
}

/** A sprite's pixel counts as the piece's when at least this opaque (0–255). */
const SOLID_ALPHA = 128;
/** Rows at a flat piece's near edge this much darker than its face (a share of the face's luma) are its side face. */
const SIDE_FACE_DARKER = 0.82;

/**
 * The corners of a flat piece's top face in its picture (far left, far right, near right, near left). A rug's
 * catalogue picture is itself drawn in perspective, a trapezoid with a band of its edge showing below its near side;
 * warped whole onto the floor's quad it came out twice foreshortened, its far corners transparent and its edge a
 * slab along its front. The face's sides are lines through its opaque extent at a tenth and nine tenths of its height,
 * met with its first row and with its last row above that dark edge band. A picture seen from straight above (or one
 * with nothing opaque) gives its own rectangle.
 */
export function topFaceOf(sprite: Raster): Quad {
  const { data, width, height } = sprite;
  const whole: Quad = [
    [0, 0],
    [width, 0],
    [width, height],
    [0, height],
  ];
  if (sprite.channels !== 4 || width < 4 || height < 4) return whole;
  const lefts = new Float64Array(height).fill(-1);
  const rights = new Float64Array(height).fill(-1);
  const lumas = new Float64Array(height);
  let widest = 0;
  for (let y = 0; y < height; y++) {
    let sum = 0;
    let n = 0;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      if (data[i + 3]! < SOLID_ALPHA) continue;
      if (lefts[y]! < 0) lefts[y] = x;
      rights[y] = x + 1;
      sum += luma(data[i]!, data[i + 1]!, data[i + 2]!);
      n++;
    }
    lumas[y] = n > 0 ? sum / n : 0;
    widest = Math.max(widest, rights[y]! - lefts[y]!);
  }
  // the face's rows: those whose opaque span is a real part of its width (a stray pixel or a fringe is not)
  const rows: number[] = [];
  for (let y = 0; y < height; y++) if (lefts[y]! >= 0 && rights[y]! - lefts[y]! >= widest * 0.3) rows.push(y);
  if (rows.length < 4) return whole;
  const top = rows[0]!;
  let bottom = rows[rows.length - 1]!;
  const faceLuma = rows.map((y) => lumas[y]!).sort((p, q) => p - q)[Math.floor(rows.length / 2)]!;
  const deepest = bottom - Math.ceil((bottom - top) * 0.1);
  while (bottom > deepest && lumas[bottom]! < faceLuma * SIDE_FACE_DARKER) bottom--;
  const span = bottom - top;
  if (span < 3) return whole;
  const r1 = Math.round(top + span * 0.1);
  const r2 = Math.round(top + span * 0.9);
  const at = (edge: Float64Array, y: number) => {
    // the nearest face row to y that has an extent
    for (let k = 0; k < span; k++) {
      for (const r of [y + k, y - k]) if (r >= top && r <= bottom && edge[r]! >= 0) return edge[r]!;
    }
    return edge[top]!;
  };
  const line = (edge: Float64Array) => {
    const a = at(edge, r1);
    const b = at(edge, r2);
    return (y: number) => a + ((b - a) * (y - r1)) / Math.max(1, r2 - r1);
  };
  const left = line(lefts);
  const right = line(rights);
  const end = bottom + 1;
  return [
    [left(top), top],
    [right(top), top],
    [right(end), end],
    [left(end), end],
  ];
}

/**
 * Warps an RGBA sprite onto a quadrilateral of the scene (a rug in the floor's perspective): the sprite's part `from`
 * (its whole rectangle unless given; a rug's top face, topFaceOf) with its first two corners (far left, far right)
 * on the quad's first two and its last two (near right, near left) on the quad's last two. Answers the warped sprite
 * and where its top-left corner goes. Each output pixel is mapped back through the two homographies and sampled
 * bilinearly.
 */
export function warpToQuad(
  sprite: Raster,
  quad: ReadonlyArray<readonly [number, number]>,
  from?: Quad,
): { sprite: Raster; left: number; top: number } {
  const [p0, p1, p2, p3] = quad as Quad;
  const left = Math.floor(Math.min(p0[0], p1[0], p2[0], p3[0]));
  const top = Math.floor(Math.min(p0[1], p1[1], p2[1], p3[1]));
  const right = Math.ceil(Math.max(p0[0], p1[0], p2[0], p3[0]));
  const bottom = Math.ceil(Math.max(p0[1], p1[1], p2[1], p3[1]));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  // the unit square to the quad, in coordinates relative to the output's corner
  const { a, b, c, d, e, f, g, h } = squareToQuad([
    [p0[0] - left, p0[1] - top],
    [p1[0] - left, p1[1] - top],
    [p2[0] - left, p2[1] - top],
    [p3[0] - left, p3[1] - top],
  ]);
  // its inverse, by the adjugate (the scale drops out)
  const A = e - f * h;
  const B = c * h - b;
  const C = b * f - c * e;
  const D = f * g - d;
  const E = a - c * g;
  const F = c * d - a * f;
  const G = d * h - e * g;
  const Hh = b * g - a * h;
  const I = a * e - b * d;
  const sw = sprite.width;
  const sh = sprite.height;
  // the unit square onto the sprite's part drawn
  const source = squareToQuad(
    from ?? [
      [0, 0],
      [sw, 0],
      [sw, sh],
      [0, sh],
    ],
  );
  const out = new Uint8Array(width * height * 4);
  const src = sprite.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const w = G * px + Hh * py + I;
      if (w === 0) continue;
      const s = (A * px + B * py + C) / w;
      const t = (D * px + E * py + F) / w;
      if (s < 0 || s > 1 || t < 0 || t > 1) continue;
      const ws = source.g * s + source.h * t + 1;
      const u = (source.a * s + source.b * t + source.c) / ws - 0.5;
      const v = (source.d * s + source.e * t + source.f) / ws - 0.5;
      const u0 = clamp(Math.floor(u), 0, sw - 1);
      const v0 = clamp(Math.floor(v), 0, sh - 1);
      const u1 = Math.min(sw - 1, u0 + 1);
      const v1 = Math.min(sh - 1, v0 + 1);
      const fu = clamp(u - u0, 0, 1);
      const fv = clamp(v - v0, 0, 1);
      const o = (y * width + x) * 4;
      for (let ch = 0; ch < 4; ch++) {
        const top0 = src[(v0 * sw + u0) * 4 + ch]! * (1 - fu) + src[(v0 * sw + u1) * 4 + ch]! * fu;
        const bot0 = src[(v1 * sw + u0) * 4 + ch]! * (1 - fu) + src[(v1 * sw + u1) * 4 + ch]! * fu;
        out[o + ch] = Math.round(top0 * (1 - fv) + bot0 * fv);
      }
    }
  }
  return { sprite: { data: out, width, height, channels: 4 }, left, top };
}

/**
 * The shadow a standing piece casts where it meets the floor (decision 0045), drawn before the sprite at
 * (left, top): it follows the piece's own footprint rather than an ellipse, and its floor line (level, or rising to
 * the far end of a piece warped to a wall's vanishing point). Each column where the piece comes down
 * near the floor (its base, its legs) shades the floor under it, darkest along the contact row and fading up over
 * `depth` rows (the floor the piece covers, seen between its legs); a column whose lowest part hangs high (a table
 * top between its legs, a lamp's arc) shades it less, the more the higher. A second, softer copy falls `away` from
 * the light (−1: to the left, 1: to the right). Nothing is drawn below the contact row but the blur's last pixels,
 * so no slab shows in front of the piece.
 */
export function drawContactShadow(
  scene: Raster,
  sprite: Raster,
  left: number,
  top: number,
  away: number,
  strength = 0.5,
): void {
  const { width, height, data } = sprite;
  if (width < 2 || height < 2) return;
  const depth = Math.max(3, Math.round(height * 0.1));
  const blur = Math.max(1, Math.round(Math.min(width, height) * 0.012));
  const shift = Math.round(away * width * 0.035);
  const pad = 3 * blur + Math.abs(shift) + 2;
  const w = width + 2 * pad;
  const lowest = new Int32Array(width).fill(-1);
  for (let x = 0; x < width; x++) {
    for (let y = height - 1; y >= 0; y--) {
      if (data[(y * width + x) * 4 + 3]! > 128) {
        lowest[x] = y;
        break;
      }
    }
  }
  // the floor under the piece: a line through the deepest solid row of its left and of its right third (level for
  // a piece seen from the front, rising to the far end of one warped to a wall's vanishing point)
  const deepest = (from: number, to: number) => {
    let row = -1;
    let at = (from + to) / 2;
    for (let x = Math.floor(from); x < Math.ceil(to); x++) {
      if (lowest[x]! > row) {
        row = lowest[x]!;
        at = x;
      }
    }
    return { row, at };
  };
  // a third whose lowest part hangs high (an arc lamp's arc) says nothing of the floor: the other third decides,
  // or the sprite's bottom row when neither reaches it
  const reaches = (d: { row: number }) => d.row >= height * 0.7;
  const a = deepest(0, width / 3);
  const b = deepest((2 * width) / 3, width);
  const bottom = { row: height - 1, at: width / 2 };
  const [p, q] = reaches(a) && reaches(b) ? [a, b] : reaches(a) ? [a, a] : reaches(b) ? [b, b] : [bottom, bottom];
  const floorAt = (x: number) => (q.at === p.at ? p.row : p.row + ((q.row - p.row) * (x - p.at)) / (q.at - p.at));
  const high = Math.min(floorAt(0), floorAt(width - 1));
  const low = Math.max(floorAt(0), floorAt(width - 1));
  // the shadow's field: rows from `depth` above the floor's highest point to `pad` below its lowest
  const firstRow = Math.floor(high) - depth - pad;
  const rows = Math.ceil(low) - firstRow + pad + 1;
  const contact = new Float32Array(w * rows);
  const cast = new Float32Array(w * rows);
  for (let x = 0; x < width; x++) {
    if (lowest[x]! < 0) continue;
    const floor = Math.round(floorAt(x));
    // how near the floor the piece comes down in this column: 1 on it, 0 at 60% of its height above it
    const reach = clamp(1 - (floor - lowest[x]!) / (height * 0.6), 0, 1);
    if (reach <= 0) continue;
    const weight = reach * reach;
    for (let r = 0; r <= depth; r++) {
      // r rows above the contact row: darkest at contact, a third of it at the band's top
      const fall = 1 - (2 / 3) * (r / depth);
      const row = floor - r - firstRow;
      if (row < 0 || row >= rows) continue;
      contact[row * w + pad + x] = weight * fall;
      const castX = pad + x + shift;
      if (castX >= 0 && castX < w) cast[row * w + castX] = Math.max(cast[row * w + castX]!, weight * (1 - r / depth));
    }
  }
  let soft = contact;
  let softCast = cast;
  for (let pass = 0; pass < 2; pass++) {
    soft = boxBlurLine(boxBlurLine(soft, w, rows, blur, true), w, rows, blur, false);
    softCast = boxBlurLine(boxBlurLine(softCast, w, rows, blur * 3, true), w, rows, blur, false);
  }
  const originX = left - pad;
  const originY = top + firstRow;
  const s = new Uint8ClampedArray(scene.data.buffer, scene.data.byteOffset, scene.data.length);
  for (let y = 0; y < rows; y++) {
    const sy = originY + y;
    if (sy < 0 || sy >= scene.height) continue;
    const spriteY = sy - top;
    for (let x = 0; x < w; x++) {
      const sx = originX + x;
      if (sx < 0 || sx >= scene.width) continue;
      const spriteX = sx - left;
      // where the piece is solid it covers its shadow
      if (
        spriteY >= 0 &&
        spriteY < height &&
        spriteX >= 0 &&
        spriteX < width &&
        data[(spriteY * width + spriteX) * 4 + 3] === 255
      ) {
        continue;
      }
      const m = Math.min(1, soft[y * w + x]! * strength + softCast[y * w + x]! * strength * 0.4);
      if (m <= 0.004) continue;
      const i = (sy * scene.width + sx) * 3;
      const keep = 1 - m;
      s[i] = s[i]! * keep;
      s[i + 1] = s[i + 1]! * keep;
      s[i + 2] = s[i + 2]! * keep;
    }
  }
}
