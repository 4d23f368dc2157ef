/**
 * The real-photo checks (real-photos.ts) on made-up rooms: each check passes a placement that is right and
 * catches the failure it is there for, so a green real-photo run means what it says. Also the labels file's
 * own consistency, and the perceptual hash the golden renders use.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dHash, hammingDistance } from './real-photos-golden';
import {
  checkDepthScale,
  checkFlat,
  checkHorizon,
  checkHung,
  checkOverlaps,
  checkPendants,
  checkPlaced,
  checkPlanting,
  checkRender,
  checkRugUnderSeating,
  checkStanding,
  checkStringLights,
  insidePolygon,
  loadLabels,
  shareInside,
  type CheckedPlacement,
  type FractionBox,
  type LabelledPhoto,
} from './real-photos';

/**
 * A room seen straight on: the back wall down to row 0.6 with a window on its left and a door on its right, the
 * floor below it, a sofa standing against the wall in the middle, the horizon at 0.45.
 */
const room: LabelledPhoto = {
  file: 'made-up.jpg',
  mode: 'interior',
  width: 1000,
  height: 750,
  horizon: 0.45,
  floor: [
    [
      [0, 0.6],
      [1, 0.6],
      [1, 1],
      [0, 1],
    ],
  ],
  pieces: [
    {
      kind: 'sofa',
      polygon: [
        [0.4, 0.5],
        [0.6, 0.5],
        [0.6, 0.75],
        [0.4, 0.75],
      ],
    },
  ],
  walls: [
    {
      facing: 'back',
      polygon: [
        [0, 0],
        [1, 0],
        [1, 0.6],
        [0, 0.6],
      ],
    },
  ],
  openings: [
    {
      kind: 'window',
      polygon: [
        [0.05, 0.15],
        [0.25, 0.15],
        [0.25, 0.45],
        [0.05, 0.45],
      ],
    },
    {
      kind: 'door',
      polygon: [
        [0.75, 0.1],
        [0.9, 0.1],
        [0.9, 0.6],
        [0.75, 0.6],
      ],
    },
  ],
};

const box = (x: number, y: number, width: number, height: number): FractionBox => ({ x, y, width, height });
const placed = (name: string, kind: string, pose: CheckedPlacement['pose'], b: FractionBox): CheckedPlacement => ({
  name,
  kind,
  pose,
  box: b,
});

/** The picture's width over its height. */
const ASPECT = room.width / room.height;

describe('polygon helpers', () => {
  it('tells inside from outside, and measures the share of a box inside', () => {
    const square = room.walls[0]!.polygon;
    expect(insidePolygon(square, 0.5, 0.3)).toBe(true);
    expect(insidePolygon(square, 0.5, 0.7)).toBe(false);
    // a box half above row 0.6, half below
    expect(shareInside(box(0.2, 0.5, 0.2, 0.2), [square])).toBeCloseTo(0.5, 1);
  });
});

describe('standing products', () => {
  it('passes a lamp standing on the floor beside the sofa', () => {
    expect(checkStanding(room, [placed('Lamp', 'floor-lamp', 'standing', box(0.2, 0.3, 0.08, 0.5))])).toEqual([]);
  });

  it('catches a product standing on the wall above the floor', () => {
    const failures = checkStanding(room, [placed('Lamp', 'floor-lamp', 'standing', box(0.2, 0.05, 0.08, 0.4))]);
    expect(failures.map((f) => f.check)).toEqual(['base-on-floor', 'base-on-floor', 'base-on-floor']);
  });

  it('catches a product standing on the room’s sofa', () => {
    const failures = checkStanding(room, [placed('Plant', 'plant', 'standing', box(0.45, 0.4, 0.1, 0.3))]);
    expect(failures.map((f) => f.check)).toEqual(['base-off-pieces', 'base-off-pieces', 'base-off-pieces']);
    expect(failures[0]!.detail).toContain('sofa');
  });

  it('forgives a base within the labels’ precision of the floor’s edge', () => {
    // the base row 0.595 is half a label-slack above the floor's top edge
    expect(checkStanding(room, [placed('Lamp', 'floor-lamp', 'standing', box(0.2, 0.2, 0.08, 0.395))])).toEqual([]);
  });
});

describe('rugs', () => {
  it('passes a rug lying flat on the floor', () => {
    expect(checkFlat(room, [placed('Rug', 'rug', 'flat', box(0.2, 0.75, 0.6, 0.2))])).toEqual([]);
  });

  it('catches a rug standing up', () => {
    const standing = checkFlat(room, [placed('Rug', 'rug', 'standing', box(0.2, 0.75, 0.6, 0.2))]);
    expect(standing.map((f) => f.check)).toEqual(['rug-flat-on-floor']);
    const tall = checkFlat(room, [placed('Rug', 'rug', 'flat', box(0.3, 0.62, 0.2, 0.35))]);
    expect(tall[0]!.detail).toContain('taller than wide');
  });

  it('catches a rug laid over the wall', () => {
    const failures = checkFlat(room, [placed('Rug', 'rug', 'flat', box(0.2, 0.4, 0.6, 0.25))]);
    expect(failures.map((f) => f.check)).toEqual(['rug-flat-on-floor']);
    expect(failures[0]!.detail).toContain('on the floor');
  });
});

describe('wall pieces', () => {
  it('passes a print between the window and the door', () => {
    expect(checkHung(room, [placed('Print', 'wall-art', 'hung', box(0.35, 0.15, 0.2, 0.2))])).toEqual([]);
  });

  it('catches a print hung over the window', () => {
    const failures = checkHung(room, [placed('Print', 'wall-art', 'hung', box(0.1, 0.2, 0.2, 0.2))]);
    expect(failures.map((f) => f.check)).toEqual(['wall-piece-off-openings']);
  });

  it('catches a print hung over a mirror already on the wall', () => {
    const mirror: [number, number][] = [
      [0.6, 0.1],
      [0.75, 0.1],
      [0.75, 0.4],
      [0.6, 0.4],
    ];
    const withMirror: LabelledPhoto = { ...room, hung: [{ kind: 'mirror', polygon: mirror }] };
    expect(checkHung(withMirror, [placed('Print', 'wall-art', 'hung', box(0.35, 0.15, 0.2, 0.2))])).toEqual([]);
    const failures = checkHung(withMirror, [placed('Print', 'wall-art', 'hung', box(0.55, 0.15, 0.15, 0.2))]);
    expect(failures.map((f) => f.check)).toEqual(['wall-piece-off-hung']);
  });

  it('catches a print reaching down onto the floor', () => {
    const failures = checkHung(room, [placed('Print', 'wall-art', 'hung', box(0.35, 0.5, 0.2, 0.2))]);
    expect(failures.map((f) => f.check)).toEqual(['wall-piece-on-wall']);
  });

  it('catches wall art that is not hung at all', () => {
    const failures = checkHung(room, [placed('Mirror', 'mirror', 'standing', box(0.35, 0.5, 0.1, 0.3))]);
    expect(failures.map((f) => f.check)).toEqual(['wall-piece-on-wall']);
  });

  it('hangs a yard’s pieces on its house walls and fences', () => {
    const yard: LabelledPhoto = {
      ...room,
      mode: 'landscape',
      walls: [],
      openings: [],
      anchors: [{ kind: 'fence', polygon: room.walls[0]!.polygon }],
    };
    expect(checkHung(yard, [placed('Print', 'wall-art', 'hung', box(0.35, 0.15, 0.2, 0.2))])).toEqual([]);
    expect(
      checkHung({ ...yard, anchors: [] }, [placed('Print', 'wall-art', 'hung', box(0.35, 0.15, 0.2, 0.2))]),
    ).toHaveLength(1);
  });
});

describe('overlaps', () => {
  it('passes products side by side, and a sofa standing on a rug', () => {
    expect(
      checkOverlaps([
        placed('Sofa', 'sofa', 'standing', box(0.3, 0.6, 0.4, 0.25)),
        placed('Lamp', 'floor-lamp', 'standing', box(0.72, 0.4, 0.08, 0.45)),
        placed('Rug', 'rug', 'flat', box(0.2, 0.75, 0.6, 0.2)),
      ]),
    ).toEqual([]);
  });

  it('catches two products drawn over each other', () => {
    const failures = checkOverlaps([
      placed('Sofa', 'sofa', 'standing', box(0.3, 0.6, 0.4, 0.25)),
      placed('Plant', 'plant', 'standing', box(0.6, 0.5, 0.1, 0.35)),
    ]);
    expect(failures.map((f) => f.check)).toEqual(['overlap']);
  });
});

describe('perspective', () => {
  // the horizon at 0.45: a base at 0.95 is twice as near as one at 0.7
  const farSofa = placed('Far sofa', 'sofa', 'standing', box(0.1, 0.7 - 0.1, 0.3, 0.1));

  it('passes a nearer sofa drawn twice the size of a farther one', () => {
    const near = placed('Near sofa', 'sofa', 'standing', box(0.5, 0.95 - 0.2, 0.45, 0.2));
    expect(checkDepthScale(room, [farSofa, near], ASPECT)).toEqual([]);
  });

  it('catches products all drawn at one size whatever their distance', () => {
    const near = placed('Near sofa', 'sofa', 'standing', box(0.5, 0.95 - 0.1, 0.3, 0.1));
    const failures = checkDepthScale(room, [farSofa, near], ASPECT);
    expect(failures.map((f) => f.check)).toEqual(['depth-scale']);
  });

  it('catches a nearer product drawn smaller', () => {
    const near = placed('Near sofa', 'sofa', 'standing', box(0.5, 0.95 - 0.06, 0.2, 0.06));
    expect(checkDepthScale(room, [farSofa, near], ASPECT)[0]!.detail).toContain('drawn no larger');
  });

  it('catches a nearer product drawn far larger than perspective allows', () => {
    const near = placed('Near sofa', 'sofa', 'standing', box(0.2, 0.95 - 0.7, 0.75, 0.7));
    const failures = checkDepthScale(room, [farSofa, near], ASPECT);
    expect(failures.map((f) => f.check)).toEqual(['depth-scale']);
    expect(failures[0]!.detail).toContain('where perspective says');
  });

  it('compares by real size: a lamp is taller than a sofa at the same distance', () => {
    const lamp = placed('Lamp', 'floor-lamp', 'standing', box(0.45, 0.7 - 0.19, 0.05, 0.19));
    expect(checkDepthScale(room, [farSofa, lamp], ASPECT)).toEqual([]);
    const tinyLamp = placed('Lamp', 'floor-lamp', 'standing', box(0.45, 0.7 - 0.05, 0.02, 0.05));
    expect(checkDepthScale(room, [farSofa, tinyLamp], ASPECT)).toHaveLength(1);
  });
});

describe('the horizon and the products placed', () => {
  it('passes a horizon within the tolerance and catches one beyond it or none', () => {
    expect(checkHorizon(room, 0.48)).toEqual([]);
    expect(checkHorizon(room, 0.56).map((f) => f.check)).toEqual(['horizon']);
    expect(checkHorizon(room, null)[0]!.detail).toBe('no horizon was found');
    expect(checkHorizon({ ...room, horizonTolerance: 0.15 }, 0.56)).toEqual([]);
  });

  it('catches a chosen product left out of the render', () => {
    const sofa = placed('Sofa', 'sofa', 'standing', box(0.3, 0.6, 0.4, 0.25));
    expect(checkPlaced(['Sofa'], [sofa])).toEqual([]);
    expect(checkPlaced(['Sofa', 'Lamp'], [sofa])).toEqual([
      { check: 'placed', detail: 'Lamp is missing, with no reason' },
    ]);
  });

  it('accepts a product left out with a reason naming it, and nothing vaguer', () => {
    const sofa = placed('Sofa', 'sofa', 'standing', box(0.3, 0.6, 0.4, 0.25));
    const lamp = (reason: string) => [{ name: 'Lamp', kind: 'floor-lamp', reason }];
    expect(checkPlaced(['Sofa', 'Lamp'], [sofa], lamp('no free floor for the floor lamp'))).toEqual([]);
    expect(checkPlaced(['Sofa', 'Lamp'], [sofa], lamp('no room')).map((f) => f.detail)).toEqual([
      "Lamp is left out with an unclear reason: 'no room'",
    ]);
    expect(checkPlaced(['Sofa', 'Lamp'], [sofa], lamp('no free floor for the sofa'))).toHaveLength(1);
    const both = [{ name: 'Sofa', kind: 'sofa', reason: 'no free floor for the sofa' }];
    expect(checkPlaced(['Sofa'], [sofa], both).map((f) => f.detail)).toEqual([
      "Sofa is drawn and also left out ('no free floor for the sofa')",
    ]);
  });

  it('runs every check of a render together', () => {
    const failures = checkRender(
      room,
      ['Sofa', 'Rug'],
      [
        placed('Sofa', 'sofa', 'standing', box(0.45, 0.4, 0.3, 0.3)),
        placed('Rug', 'rug', 'standing', box(0.2, 0.75, 0.6, 0.2)),
      ],
      ASPECT,
    );
    expect(new Set(failures.map((f) => f.check))).toEqual(new Set(['base-off-pieces', 'rug-flat-on-floor']));
  });
});

describe('rugs under the seating, pendants, string lights and planting', () => {
  const rug = (b: FractionBox, quad?: CheckedPlacement['quad']): CheckedPlacement => ({
    ...placed('Rug', 'rug', 'flat', b),
    ...(quad ? { quad } : {}),
  });
  const inPerspective = [
    [0.35, 0.7],
    [0.65, 0.7],
    [0.7, 0.9],
    [0.3, 0.9],
  ] as const;

  it("passes a rug in the floor's perspective under the sofa's front, and catches one beside it or upright", () => {
    expect(checkRugUnderSeating(room, [rug(box(0.3, 0.7, 0.4, 0.2), inPerspective)])).toEqual([]);
    const aside = checkRugUnderSeating(room, [rug(box(0.02, 0.85, 0.2, 0.12), inPerspective)]);
    expect(aside.map((f) => f.check)).toEqual(['rug-under-seating']);
    expect(checkRugUnderSeating(room, [rug(box(0.3, 0.7, 0.4, 0.2))])[0]!.detail).toContain('quadrilateral');
    const wider = [
      [0.2, 0.7],
      [0.8, 0.7],
      [0.7, 0.9],
      [0.3, 0.9],
    ] as const;
    expect(checkRugUnderSeating(room, [rug(box(0.2, 0.7, 0.6, 0.2), wider)])[0]!.detail).toContain('far edge');
  });

  it('passes a pendant on a cord above eye height, and catches one hanging low or on nothing', () => {
    const pendant = (b: FractionBox, cordTop?: number): CheckedPlacement => ({
      ...placed('Pendant', 'pendant-light', 'suspended', b),
      ...(cordTop !== undefined ? { cordTop } : {}),
    });
    expect(checkPendants(room, [pendant(box(0.45, 0.15, 0.1, 0.1), 0)])).toEqual([]);
    expect(checkPendants(room, [pendant(box(0.45, 0.5, 0.1, 0.1), 0)])[0]!.detail).toContain('below eye height');
    expect(checkPendants(room, [pendant(box(0.45, 0.15, 0.1, 0.1))])[0]!.detail).toContain('cord');
  });

  const yard: LabelledPhoto = {
    ...room,
    mode: 'landscape',
    pieces: [],
    walls: [],
    openings: [],
    ground: [
      {
        kind: 'beds',
        polygon: [
          [0, 0.8],
          [0.3, 0.8],
          [0.3, 1],
          [0, 1],
        ],
      },
    ],
    anchors: [
      {
        kind: 'fence',
        polygon: [
          [0, 0.4],
          [0.2, 0.4],
          [0.2, 0.6],
          [0, 0.6],
        ],
      },
      {
        kind: 'house-wall',
        polygon: [
          [0.7, 0.1],
          [1, 0.1],
          [1, 0.6],
          [0.7, 0.6],
        ],
      },
    ],
  };

  it('passes string lights between two anchors and catches an end hanging from nothing', () => {
    const lights = (b: FractionBox) => [placed('Lights', 'string-lights', 'suspended', b)];
    expect(checkStringLights(yard, lights(box(0.1, 0.3, 0.7, 0.1)))).toEqual([]);
    expect(checkStringLights(yard, lights(box(0.3, 0.3, 0.3, 0.1))).map((f) => f.check)).toEqual([
      'lights-between-anchors',
    ]);
  });

  it('passes a planter in a bed and catches one out on the open lawn', () => {
    const planter = (b: FractionBox) => [placed('Planter', 'planter', 'standing', b)];
    expect(checkPlanting(yard, planter(box(0.1, 0.8, 0.1, 0.1)))).toEqual([]);
    expect(checkPlanting(yard, planter(box(0.45, 0.85, 0.1, 0.1))).map((f) => f.check)).toEqual([
      'planting-along-beds',
    ]);
  });
});

describe('the labels file', () => {
  const { photos } = loadLabels();

  it('labels each photo once, with its floor, and its yard regions within its ground', () => {
    expect(new Set(photos.map((p) => p.file)).size).toBe(photos.length);
    for (const photo of photos) {
      expect(photo.floor.length, photo.file).toBeGreaterThan(0);
      for (const region of photo.ground ?? []) {
        const [cx, cy] = region.polygon.reduce(([sx, sy], [x, y]) => [sx + x, sy + y], [0, 0]);
        const n = region.polygon.length;
        expect(
          photo.floor.some((polygon) => insidePolygon(polygon, cx / n, cy / n)),
          `${photo.file}: ${region.kind}`,
        ).toBe(true);
      }
      if (photo.mode === 'interior') expect(photo.walls.length, photo.file).toBeGreaterThan(0);
    }
  });
});

describe('perceptual hash', () => {
  const picture = (dx: number) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: '#c8c0b0' } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="400" height="300"><rect x="${60 + dx}" y="120" width="140" height="120" fill="#2f6b58"/>` +
              '<rect x="260" y="40" width="80" height="60" fill="#a8622f"/></svg>',
          ),
        },
      ])
      .webp({ quality: 84 })
      .toBuffer();

  it('barely changes when only the encoding differs, and changes when a product moves', async () => {
    const base = await picture(0);
    const reencoded = await sharp(base).jpeg({ quality: 70 }).toBuffer();
    const moved = await picture(120);
    const hash = await dHash(base);
    expect(hash).toHaveLength(64);
    expect(hammingDistance(hash, await dHash(reencoded))).toBeLessThanOrEqual(8);
    expect(hammingDistance(hash, await dHash(moved))).toBeGreaterThan(24);
  });
});
