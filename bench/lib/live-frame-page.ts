/// <reference lib="dom" />
/**
 * Bundled by bench/adjust.ts into the page it measures: the result step's live drawing (createLiveRenderer) and the floor
 * snapping (standAt) exactly as the app runs them, over a 1600 × 1200 render and six product layers (the dragged one
 * receding to a wall's vanishing point, so redrawn in strips), the canvas as large as a 390 px wide phone at 3× shows
 * it.
 */
import { standAt, type FloorQuad, type PlaneBox } from '../../packages/shared/src/floor-plane';
import {
  createLiveRenderer,
  drawLiveScene,
  layerOrderOf,
  type LiveItem,
} from '../../apps/web/src/features/create-design/utils/live-scene';

const W = 1600;
const H = 1200;
/** The dragged product's wall: its vanishing point far right of the picture, on the horizon. */
const RECEDE = { vanishingX: 2400, horizonY: 560 };
const plane: FloorQuad = [
  [0, H],
  [W, H],
  [1180, 760],
  [420, 760],
];

function picture(width: number, height: number, paint: (context: CanvasRenderingContext2D) => void) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext('2d')!);
  return canvas;
}

/** A product's layer: an opaque body with soft, see-through shadows around it. */
const layerPicture = (width: number, height: number, hue: number) =>
  picture(width, height, (context) => {
    const shadow = context.createRadialGradient(width / 2, height * 0.9, 4, width / 2, height * 0.9, width / 2);
    shadow.addColorStop(0, 'rgba(0,0,0,0.45)');
    shadow.addColorStop(1, 'rgba(0,0,0,0)');
    context.fillStyle = shadow;
    context.fillRect(0, 0, width, height);
    context.fillStyle = `hsl(${hue} 45% 50%)`;
    context.beginPath();
    context.roundRect(width * 0.2, height * 0.1, width * 0.6, height * 0.75, 24);
    context.fill();
  });

export interface FrameTimes {
  frames: number[];
  canvasWidth: number;
  canvasHeight: number;
  /**
   * The last frame against the same scene drawn whole at once (drawLiveScene): the largest difference of a channel
   * (0–255), and how many pixels differ by more than 2 in some channel.
   */
  maxDifference: number;
  pixelsOff: number;
  /** A checksum (FNV-1a) of the last frame's pixels, to tell two ways of drawing it apart. */
  checksum: number;
}

/** Drags one product across the floor for `count` frames, each drawn and read back; answers each frame's time. */
export function runFrames(count: number): FrameTimes {
  const base = picture(W, H, (context) => {
    const sky = context.createLinearGradient(0, 0, 0, H);
    sky.addColorStop(0, '#d9d2c5');
    sky.addColorStop(1, '#8a6f55');
    context.fillStyle = sky;
    context.fillRect(0, 0, W, H);
    for (let i = 0; i < 40; i++) {
      context.fillStyle = `rgba(60,40,20,${0.04 + (i % 5) * 0.01})`;
      context.fillRect(0, 760 + i * 11, W, 5);
    }
  });
  const boxes: PlaneBox[] = [
    { x: 480, y: 640, width: 560, height: 280 },
    { x: 1080, y: 420, width: 160, height: 420 },
    { x: 300, y: 820, width: 500, height: 160 },
    { x: 1200, y: 700, width: 220, height: 300 },
    { x: 700, y: 200, width: 300, height: 220 },
    { x: 160, y: 560, width: 200, height: 380 },
  ];
  const poses = ['standing', 'standing', 'flat', 'standing', 'hung', 'standing'];
  const items: LiveItem[] = boxes.map((box, n) => {
    const layer = {
      x: Math.round(box.x - box.width * 0.3),
      y: Math.round(box.y - box.height * 0.08),
      width: Math.round(box.width * 1.6),
      height: Math.round(box.height * 1.2),
    };
    return {
      image: layerPicture(layer.width, layer.height, n * 57),
      layer,
      from: box,
      to: box,
      layerOrder: layerOrderOf(poses[n]),
      // the dragged sofa stands along a wall seen at an angle: drawn receding to its vanishing point, it is redrawn
      // in strips as it moves (placedLayerOf)
      ...(n === 0 ? { recede: RECEDE } : {}),
    };
  });
  const canvas = document.createElement('canvas');
  canvas.style.width = '390px';
  canvas.style.height = `${(390 * H) / W}px`;
  document.body.append(canvas);
  canvas.width = Math.min(W, Math.round(390 * devicePixelRatio));
  canvas.height = Math.round((canvas.width * H) / W);
  const context = canvas.getContext('2d')!;
  const frames: number[] = [];
  const renderer = createLiveRenderer(context, base, W, H, canvas.width / W);
  renderer.draw(items);
  context.getImageData(0, 0, 1, 1);
  let box = boxes[0]!;
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    // the pointer moves 4 px a frame, back and forth across the floor
    const t = (i % 120) / 120;
    const dy = (t < 0.5 ? -1 : 1) * 8;
    box = standAt(plane, box, [box.x + box.width / 2 + 2, box.y + box.height + dy]);
    items[0] = { ...items[0]!, to: box };
    renderer.draw(items);
    // the frame is drawn when its pixels can be read: the raster done, not only queued
    context.getImageData(0, 0, 1, 1);
    frames.push(performance.now() - start);
  }
  const whole = document.createElement('canvas');
  whole.width = canvas.width;
  whole.height = canvas.height;
  const wholeContext = whole.getContext('2d')!;
  drawLiveScene(wholeContext, base, items, W, H, canvas.width / W);
  const drawn = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const expected = wholeContext.getImageData(0, 0, canvas.width, canvas.height).data;
  let maxDifference = 0;
  let pixelsOff = 0;
  let checksum = 0x811c9dc5;
  for (const byte of drawn) checksum = Math.imul(checksum ^ byte, 0x01000193) >>> 0;
  for (let i = 0; i < drawn.length; i += 4) {
    let off = 0;
    for (let c = 0; c < 4; c++) off = Math.max(off, Math.abs(drawn[i + c]! - expected[i + c]!));
    maxDifference = Math.max(maxDifference, off);
    if (off > 2) pixelsOff++;
  }
  return { frames, canvasWidth: canvas.width, canvasHeight: canvas.height, maxDifference, pixelsOff, checksum };
}

(globalThis as unknown as { runFrames: typeof runFrames }).runFrames = runFrames;
