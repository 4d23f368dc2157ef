import { planReplacements, placementRoleOf, renderLocalDesign, seedKindOf } from '@dwellscape/compositor';
import { UPLOAD_MAX_PIXELS } from '@dwellscape/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  emptySpaceUrls,
  placeIdsOf,
  sceneSvg,
  SEED_SPACES,
  seededLayoutOf,
  seededSceneWithout,
  seedImages,
  seedKeys,
} from '../src';

/*
 * Every preset space is offered empty as well: the same room or yard drawn with none of its pieces, whose layout
 * keeps the pieces' places on the floor for a render to stand products on.
 */
const livingRoom = SEED_SPACES.find((space) => space.id === 's-sunny-living-room')!;
const urlOf = (key: string) => `/media/${key}`;

describe('empty preset spaces', () => {
  it('has an empty picture and thumbnail for every seeded space', () => {
    const keys = new Set(seedImages().flatMap((image) => [image.key, image.thumb?.key]));
    for (const space of SEED_SPACES) {
      expect(keys.has(seedKeys.spaceEmpty(space.id)), space.id).toBe(true);
      expect(keys.has(seedKeys.spaceEmptyThumb(space.id)), space.id).toBe(true);
      expect(emptySpaceUrls(urlOf(seedKeys.space(space.id)), urlOf)).toEqual({
        imageUrl: urlOf(seedKeys.spaceEmpty(space.id)),
        thumbnailUrl: urlOf(seedKeys.spaceEmptyThumb(space.id)),
      });
    }
    // an uploaded photo has no empty version
    expect(emptySpaceUrls('/media/uploads/room.webp', urlOf)).toBeNull();
  });

  it('draws the room with none of its pieces: the furnished picture without every place', () => {
    const key = seedKeys.spaceEmpty(livingRoom.id);
    const empty = seededSceneWithout(key, [])!;
    const withoutEverything = sceneSvg(livingRoom.scene, 'furnished', [], {
      without: new Set(placeIdsOf(livingRoom.scene)),
    });
    expect(placeIdsOf(livingRoom.scene).length).toBeGreaterThan(5);
    expect(empty).toBe(withoutEverything);
    expect(empty).not.toBe(sceneSvg(livingRoom.scene, 'furnished'));
  });

  it('keeps the places of the furnished layout, with nothing drawn at them to replace or to stand in front', async () => {
    const furnished = (await seededLayoutOf(seedKeys.space(livingRoom.id)))!;
    const empty = (await seededLayoutOf(seedKeys.spaceEmpty(livingRoom.id)))!;
    expect(empty.camera).toEqual(furnished.camera);
    expect(empty.places.map((place) => place.id)).toEqual(
      expect.arrayContaining(furnished.places.map((place) => place.id)),
    );
    for (const place of empty.places) {
      expect(place.box, place.id).toBeUndefined();
      expect(place.drawing, place.id).toBeUndefined();
    }
  });

  it('a render on the empty room stands a sofa on its floor', async () => {
    const key = seedKeys.spaceEmpty(livingRoom.id);
    const layout = (await seededLayoutOf(key))!;
    const sofa = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#c0503a' } })
      .png()
      .toBuffer();
    const products = [{ bytes: sofa, category: 'Sofa', name: 'Sofa' }];
    const replacements = planReplacements(
      layout,
      products.map((p, index) => ({
        index,
        role: placementRoleOf(p.category, p.name),
        kind: seedKindOf(p.category, p.name),
      })),
    );
    const width = 1200;
    const design = await renderLocalDesign({
      spaceImage: Buffer.from(
        seededSceneWithout(
          key,
          replacements.map((r) => r.placeId),
        )!,
      ),
      products,
      answers: {},
      mode: 'interior',
      spaceType: 'Living Room',
      width,
      maxInputPixels: UPLOAD_MAX_PIXELS,
      layout,
      replacements,
    });
    const [placement] = design.placements;
    expect(placement).toBeDefined();
    expect(placement!.pose).toBe('standing');
    // its foot on the floor: below the back wall's foot, inside the picture
    const floor = layout.regions.find((region) => region.name === 'floor')!.box;
    const scale = width / layout.width;
    const foot = placement!.y + placement!.height;
    expect(foot).toBeGreaterThan(floor.y * scale);
    expect(foot).toBeLessThanOrEqual(design.height);
  });
});
