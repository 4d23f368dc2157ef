/**
 * The real photographs the renders are tested on (issue #38) and their hand labels. The photos are
 * test fixtures outside the project (../shared/photos beside the repository, never copied in); the
 * labels are ours, in test/fixtures/real-photos/labels.json, every coordinate a fraction of the
 * picture's width (x) or height (y).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root: this file is packages/compositor/test/real-photos.ts. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The photos live beside the repository: ../shared/photos from its root (CI keeps a copy of shared/
 * next to its clone). A git worktree sits deeper (/work/wt/NAME beside /work/shared), so the nearest
 * ancestor's shared/photos is used when the sibling is missing; REAL_PHOTOS_DIR overrides both.
 */
export const PHOTOS_DIR = findPhotosDir();

function findPhotosDir(): string {
  if (process.env.REAL_PHOTOS_DIR) return path.resolve(process.env.REAL_PHOTOS_DIR);
  const sibling = path.resolve(REPO_ROOT, '../shared/photos');
  for (let dir = path.dirname(REPO_ROOT); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared/photos');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return sibling;
  }
}
export const LABELS_FILE = path.resolve(REPO_ROOT, 'packages/compositor/test/fixtures/real-photos/labels.json');

/** A fraction of the picture's width or height; a label may run a little past an edge. */
const fraction = z.number().min(-0.05).max(1.05);
const pointSchema = z.tuple([fraction, fraction]);
const polygonSchema = z.array(pointSchema).min(3);
const segmentSchema = z.tuple([pointSchema, pointSchema]);

const labelledPhotoSchema = z.object({
  file: z.string().regex(/^[\w.-]+\.(jpg|png)$/),
  mode: z.enum(['interior', 'landscape']),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /**
   * The horizon's row at the picture's centre column as a fraction of the height: where the floor's
   * parallel lines meet. Negative when it lies above the picture (a camera looking down).
   */
  horizon: z.number().min(-3).max(3),
  /** How far (fraction of the height) a found horizon may be from `horizon`; 0.05 unless the lines are weak. */
  horizonTolerance: z.number().positive().max(0.5).optional(),
  /** The visible floor or ground a product could stand on, the part under the existing pieces included. */
  floor: z.array(polygonSchema).min(1),
  /** The large pieces already there (sofa, bed, desk, shrub, bench…): their whole silhouettes. */
  pieces: z.array(z.object({ kind: z.string().min(1), polygon: polygonSchema })),
  /** Rooms: each visible wall plane. */
  walls: z.array(z.object({ facing: z.enum(['back', 'left', 'right']), polygon: polygonSchema })),
  openings: z.array(z.object({ kind: z.enum(['window', 'door']), polygon: polygonSchema })),
  /** Yards: the named parts of the ground, each within `floor`. */
  ground: z.array(z.object({ kind: z.enum(['lawn', 'patio', 'path', 'beds']), polygon: polygonSchema })).optional(),
  /** Yards: house walls and fences that string lights or a wall piece could hang from. */
  anchors: z
    .array(z.object({ kind: z.enum(['fence', 'house-wall', 'pergola', 'tree']), polygon: polygonSchema }))
    .optional(),
  /** Segments parallel in the world whose extensions meet on the horizon: the evidence for `horizon`. */
  horizonLines: z.array(segmentSchema).optional(),
  note: z.string().optional(),
});

const labelsSchema = z.object({
  version: z.literal(1),
  note: z.string(),
  photos: z.array(labelledPhotoSchema).min(1),
});

export type FractionPoint = readonly [x: number, y: number];
export type FractionPolygon = readonly FractionPoint[];
export type LabelledPhoto = z.infer<typeof labelledPhotoSchema>;
export type PhotoLabels = z.infer<typeof labelsSchema>;

/** The default distance (fraction of the picture's height) a found horizon may be from the labelled one. */
export const HORIZON_TOLERANCE = 0.05;

/** The labels, checked against their schema. */
export function loadLabels(file = LABELS_FILE): PhotoLabels {
  return labelsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export const photoPath = (photo: Pick<LabelledPhoto, 'file'>) => path.join(PHOTOS_DIR, photo.file);

/** Whether the photos are here to test on (they are outside the repository). */
export const photosAvailable = () => existsSync(PHOTOS_DIR);
