import { UPLOAD_MAX_PIXELS, type EraseInputBody, type GenerateDesignFields } from '@dwellscape/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRenderPool } from '../src/engines/compositor';
import { planRemoteEdit } from '../src/engines/compositor/remote-edit-task';
import { OpenAiImageEngine } from '../src/engines/openai';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';
import { serveFake, type FakeService } from './helpers';
import { H, W, sofaRoomGeometry } from './sofa-room';

/*
 * The openai engine honours the erase (decision 0060): it sends the erased photo, opens the mask over what was
 * erased, says in the prompt what was removed, keeps the erase where it pastes the photo back, and counts the
 * pieces removed on the receipt. Against a loopback server speaking the image-edit API.
 */

interface SeenRequest {
  contentType: string;
  body: Buffer;
}
/** The fake model: answers each edit with a picture made from what it was sent. */
type Model = (request: SeenRequest) => Promise<Buffer>;

let service: FakeService;
let baseUrl: string;
let model: Model;
let seen: SeenRequest[] = [];
const pool = createRenderPool({ threads: 1 });

beforeAll(async () => {
  service = await serveFake((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) };
      seen.push(request);
      model(request)
        .then((png) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: String(err), type: 'server_error', code: null } }));
        });
    });
  });
  baseUrl = `${service.origin}/v1`;
});

afterAll(async () => {
  await pool.close();
  await service.close();
});

beforeEach(() => {
  seen = [];
});

/** One part of a multipart body by its field name (the first of that name): the bytes between headers and boundary. */
function multipartPart(request: SeenRequest, name: string): Buffer {
  const boundary = `--${/boundary=(.+)$/.exec(request.contentType)![1]!}`;
  const text = request.body.toString('latin1');
  const header = text.indexOf(`name="${name}"`);
  if (header < 0) throw new Error(`no part named ${name}`);
  const start = text.indexOf('\r\n\r\n', header) + 4;
  const end = text.indexOf(`\r\n${boundary}`, start);
  return request.body.subarray(start, end);
}

const engine = () =>
  new OpenAiImageEngine(
    { baseUrl, apiKey: 'sk-test', model: 'test-model', retry: { baseDelayMs: 5, maxDelayMs: 50, random: () => 0.5 } },
    pool,
  );

const fields: GenerateDesignFields = {
  selectedProducts: [
    { id: 'p1', name: 'Brass Floor Lamp', price: 129, brandId: 'nordhaus', imageUrl: '/media/x.webp', quantity: 1 },
  ],
  uploadedProductImages: [],
  userAnswers: {},
  spaceType: 'Living Room',
  mode: 'interior',
};

/** The synthetic room's door (livingRoomPhoto): a panel of #b79e84 on the left wall, 8–21% across, 16–60% down. */
const DOOR = { left: 0.08, right: 0.21, top: 0.16, bottom: 0.6 };
const DOOR_RGB = [0xb7, 0x9e, 0x84] as const;
/** The person brushed the door away: its outline a little grown, in fractions of the picture. */
const eraseDoor: EraseInputBody = {
  strokes: [],
  pieces: [
    {
      polygon: [
        { x: DOOR.left - 0.01, y: DOOR.top - 0.01 },
        { x: DOOR.right + 0.01, y: DOOR.top - 0.01 },
        { x: DOOR.right + 0.01, y: DOOR.bottom },
        { x: DOOR.left - 0.01, y: DOOR.bottom },
      ],
    },
  ],
};

/** The picture's pixels at width × height, RGB. */
const rgbOf = (bytes: Buffer, width: number, height: number) =>
  sharp(bytes).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();

/**
 * The share of the door's inside (its frame and the erase's rim left out) that is still door-coloured, in an RGB
 * picture of width × height: about 1 in the photo, near 0 once the door is erased.
 */
function doorShare(rgb: Buffer, width: number, height: number): number {
  let n = 0;
  let door = 0;
  for (let y = Math.ceil((DOOR.top + 0.03) * height); y < (DOOR.bottom - 0.03) * height; y += 2) {
    for (let x = Math.ceil((DOOR.left + 0.02) * width); x < (DOOR.right - 0.02) * width; x += 2) {
      const i = (y * width + x) * 3;
      n++;
      const off = DOOR_RGB.reduce((sum, v, c) => sum + Math.abs(rgb[i + c]! - v), 0);
      if (off <= 30) door++;
    }
  }
  return door / n;
}

async function lampInput() {
  return {
    spaceImage: await livingRoomPhoto(800, 600),
    products: [{ bytes: await productImage('lamp'), name: 'Brass Floor Lamp', category: 'Lighting' }],
    fields,
    erase: eraseDoor,
  };
}

describe('the openai engine honours the erase', () => {
  it('sends the erased photo with the mask open over the erased region, and the prompt says what was removed', async () => {
    // a model that paints nothing new: it answers the photo it was sent
    model = async (request) => sharp(multipartPart(request, 'image[]')).png().toBuffer();
    const input = await lampInput();
    const original = await rgbOf(input.spaceImage, 800, 600);
    expect(doorShare(original, 800, 600)).toBeGreaterThan(0.95);

    const result = await engine().generateDesign(input);
    expect(seen).toHaveLength(1);
    const request = seen[0]!;

    // the photo sent is the erased one: the door is filled from the wall around it
    const sent = multipartPart(request, 'image[]');
    const sentMeta = await sharp(sent).metadata();
    expect([sentMeta.width, sentMeta.height]).toEqual([1024, 768]);
    expect(doorShare(await rgbOf(sent, 1024, 768), 1024, 768)).toBeLessThan(0.1);

    // the mask is transparent over the erased region
    const mask = await sharp(multipartPart(request, 'mask')).ensureAlpha().extractChannel(3).raw().toBuffer();
    let inside = 0;
    let open = 0;
    for (let y = Math.ceil(DOOR.top * 768); y < DOOR.bottom * 768; y += 3) {
      for (let x = Math.ceil(DOOR.left * 1024); x < DOOR.right * 1024; x += 3) {
        inside++;
        if (mask[y * 1024 + x] === 0) open++;
      }
    }
    expect(open / inside).toBeGreaterThan(0.98);
    // and still opaque over most of the room
    expect(mask.filter((a) => a === 255).length / mask.length).toBeGreaterThan(0.5);

    const body = request.body.toString('latin1');
    expect(body).toContain('Removed from the photo before this edit');
    expect(body).toContain('- 1 area the person erased');

    // the picture returned has the door erased, and the receipt counts it as the local engine's does
    const got = await rgbOf(result.bytes, 800, 600);
    expect(doorShare(got, 800, 600)).toBeLessThan(0.1);
    expect(result.receipt.erased).toBe(1);
    // what was erased is not kept: the erased share comes off the room kept
    const erasedShare = ((DOOR.right - DOOR.left + 0.02) * (DOOR.bottom - DOOR.top + 0.01)) / 1;
    expect(result.receipt.structureKept).toBeLessThanOrEqual(1 - erasedShare * 0.9);
  });

  it('keeps the erase where a model that ignores it paints the old room back', async () => {
    // a model that ignores mask and photo alike: it answers the room as it was, door and all, a shade darker
    const photo = await livingRoomPhoto(1024, 768);
    model = async () => sharp(photo).modulate({ brightness: 0.96 }).png().toBuffer();
    const result = await engine().generateDesign(await lampInput());
    const got = await rgbOf(result.bytes, 800, 600);
    // the door stays erased: the local fill goes back over it, not the model's old door
    expect(doorShare(got, 800, 600)).toBeLessThan(0.1);
    expect(result.receipt.erased).toBe(1);
  });

  it('takes what the model painted in the erased region when it is not the old room', async () => {
    // a model that paints the erased region a plain green of its own, and leaves the rest as it was sent
    model = async (request) => {
      const sent = multipartPart(request, 'image[]');
      const { data, info } = await sharp(sent).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      for (let y = Math.ceil(DOOR.top * info.height); y < DOOR.bottom * info.height; y++) {
        for (let x = Math.ceil(DOOR.left * info.width); x < DOOR.right * info.width; x++) {
          const i = (y * info.width + x) * 3;
          data[i] = 60;
          data[i + 1] = 140;
          data[i + 2] = 80;
        }
      }
      return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
        .png()
        .toBuffer();
    };
    const result = await engine().generateDesign(await lampInput());
    const got = await rgbOf(result.bytes, 800, 600);
    // well inside the erased region (past the feathered rim) the model's green stands
    const at = (x: number, y: number) => [...got.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    const [r, g, b] = at(Math.round(((DOOR.left + DOOR.right) / 2) * 800), Math.round(0.4 * 600));
    expect(Math.abs(r! - 60) + Math.abs(g! - 140) + Math.abs(b! - 80)).toBeLessThan(30);
    expect(result.receipt.erased).toBe(1);
  });

  it('sends the photo as it is, with no erase line, when nothing is erased', async () => {
    model = async (request) => sharp(multipartPart(request, 'image[]')).png().toBuffer();
    const { erase: _erase, ...input } = await lampInput();
    const result = await engine().generateDesign(input);
    const sent = multipartPart(seen[0]!, 'image[]');
    expect(doorShare(await rgbOf(sent, 1024, 768), 1024, 768)).toBeGreaterThan(0.95);
    expect(seen[0]!.body.toString('latin1')).not.toContain('Removed from the photo');
    expect(result.receipt.erased).toBeUndefined();
  });
});

describe('a remote edit plan where a product replaces a piece of the room', () => {
  it("erases the old piece in the photo it sends, and names it in the prompt's removed list", async () => {
    const geometry = sofaRoomGeometry;
    // the photo shows the old sofa: a dark block where the geometry found it
    const room = await livingRoomPhoto(W, H, { grain: 4 });
    const withSofa = await sharp(room)
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="80" y="560" width="700" height="260" fill="#2a3b55"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    const planned = await planRemoteEdit({
      layout: {
        spaceImage: withSofa,
        products: [{ bytes: await productImage('sofa'), category: 'Sofa', name: 'Teal Velvet Sofa' }],
        answers: {},
        mode: 'interior',
        spaceType: 'Living room',
        width: W,
        maxInputPixels: UPLOAD_MAX_PIXELS,
        geometry,
      },
      uploadSize: W,
    });
    if (!planned.ok) throw new Error('the plan failed');
    const { plan } = planned;
    expect(plan.erased?.regions).toBe(1);
    expect(plan.removed).toEqual(["the room's sofa"]);
    // the old sofa's outline is erased, and the photo sent no longer shows its navy there
    const { mask } = plan.erased!;
    let inside = 0;
    let erased = 0;
    for (let y = 570; y < 810; y += 5) {
      for (let x = 90; x < 770; x += 5) {
        inside++;
        erased += mask[y * W + x]!;
      }
    }
    expect(erased / inside).toBeGreaterThan(0.98);
    const sent = await rgbOf(Buffer.from(plan.spacePng), W, H);
    // (the new sofa is not in it: the model paints it)
    let seenPixels = 0;
    let navy = 0;
    for (let y = 570; y < 810; y += 5) {
      for (let x = 90; x < 770; x += 5) {
        seenPixels++;
        const i = (y * W + x) * 3;
        if (Math.abs(sent[i]! - 0x2a) + Math.abs(sent[i + 1]! - 0x3b) + Math.abs(sent[i + 2]! - 0x55) < 40) navy++;
      }
    }
    expect(seenPixels).toBeGreaterThan(50);
    expect(navy / seenPixels).toBeLessThan(0.1);
  });
});
