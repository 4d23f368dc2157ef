import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cutOutProduct } from '../src/cutout';
import { livingRoomPhoto, productImage } from './fixtures/synthetic-images';

describe('cutOutProduct', () => {
  const rawOf = async (png: Buffer) => {
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height, channels: 4 as const };
  };

  it('removes a plain background and crops to the product', async () => {
    const cut = cutOutProduct(await rawOf(await productImage('lamp')));
    expect(cut.method).toBe('background-removed');
    const { data, width, height } = cut.image;
    // the lamp is tall and narrow; its box no longer holds the square background
    expect(height).toBeGreaterThan(width);
    expect(data[3]).toBe(0);
    expect(data[(width * height - 1) * 4 + 3]).toBe(0);
    // the pole in the middle is solid
    expect(data[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3]).toBe(255);
  });

  it("leaves a catalogue photo's soft floor shadow behind with the backdrop, but keeps a grey product", async () => {
    // a grey box standing on a soft shadow that fades into the backdrop, as the seeded catalogue photos draw them
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
      <rect width="400" height="400" fill="#f4f1ec"/>
      <ellipse cx="200" cy="330" rx="150" ry="30" fill="url(#s)"/>
      <rect x="130" y="120" width="140" height="205" fill="#a8a49c"/></svg>`;
    const cut = cutOutProduct(await rawOf(await sharp(Buffer.from(svg)).png().toBuffer()));
    expect(cut.method).toBe('background-removed');
    const { data, width, height } = cut.image;
    // cropped to the box alone: the shadow, wider than the box, is gone
    expect(width).toBeLessThanOrEqual(145);
    expect(height).toBeLessThanOrEqual(212);
    // the grey box, a darker shade of the backdrop's own hue, stays solid
    expect(data[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3]).toBe(255);
  });

  it('keeps a pale product on an off-white backdrop whole: a cream sofa is not cut away to its outline', async () => {
    // #ebe6dc on #f4f1ec (the catalogue's Cloud Boucle Sofa): 21 apart, shaded darker towards the seat
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ebe6dc"/>
      <stop offset="1" stop-color="#ddd7cb"/></linearGradient></defs>
      <rect width="400" height="400" fill="#f4f1ec"/>
      <rect x="60" y="140" width="280" height="120" rx="24" fill="url(#g)"/>
      <rect x="90" y="260" width="12" height="30" fill="#8a6a4a"/><rect x="298" y="260" width="12" height="30" fill="#8a6a4a"/></svg>`;
    const cut = cutOutProduct(await rawOf(await sharp(Buffer.from(svg)).webp({ quality: 84 }).toBuffer()));
    expect(cut.method).toBe('background-removed');
    // the sofa's box (280 × 150 with its legs), not the backdrop's
    expect(cut.box.width).toBeGreaterThan(272);
    expect(cut.box.width).toBeLessThan(292);
    expect(cut.box.height).toBeGreaterThan(142);
    expect(cut.box.height).toBeLessThan(165);
    const { data, width } = cut.image;
    let solid = 0;
    let body = 0;
    for (let y = 10; y < 110; y++) {
      for (let x = 10; x < 270; x++) {
        body++;
        if (data[(y * width + x) * 4 + 3]! > 240) solid++;
      }
    }
    expect(solid / body).toBeGreaterThan(0.97);
  });

  it('takes a grainy backdrop away too, with the product and none of the grain left', async () => {
    let state = 7;
    const noise = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < noise.length; i += 3) {
      state = (state * 1103515245 + 12345) >>> 0;
      const n = ((state >>> 16) % 13) - 6;
      noise[i] = 244 + n;
      noise[i + 1] = 241 + n;
      noise[i + 2] = 236 + n;
    }
    const jpeg = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="160"><rect width="120" height="160" rx="10" fill="#c9853f"/></svg>',
          ),
          left: 90,
          top: 70,
        },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const cut = cutOutProduct(await rawOf(jpeg));
    expect(cut.method).toBe('background-removed');
    // the box holds the product and not the grain around it
    expect(cut.box.width).toBeLessThan(130);
    expect(cut.box.height).toBeLessThan(170);
  });

  it('keeps a busy photo whole, as a rounded frame', async () => {
    const photo = await livingRoomPhoto(600, 450, { format: 'png', grain: 40 });
    const cut = cutOutProduct(await rawOf(photo));
    expect(cut.method).toBe('framed');
    const { data, width, height } = cut.image;
    expect(data[3]).toBe(0);
    expect(data[(Math.floor(height / 2) * width + Math.floor(width / 2)) * 4 + 3]).toBe(255);
  });

  it('keeps an existing transparent background', async () => {
    const png = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 80, height: 120, channels: 4, background: '#c0392b' } })
            .png()
            .toBuffer(),
          left: 60,
          top: 40,
        },
      ])
      .png()
      .toBuffer();
    const cut = cutOutProduct(await rawOf(png));
    expect(cut.method).toBe('transparent');
    expect([cut.image.width, cut.image.height]).toEqual([80, 120]);
  });
});
