/**
 * analyzePhoto on the real photos against their hand labels (decision 0041 holds the per-photo table). The issue's
 * targets are per photo (free floor precision ≥ 0.95, horizon within its tolerance); the analysis meets them on part
 * of the set, and this test holds that part: a change that loses a photo fails here.
 */
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzePhoto } from '../src/geometry';
import { freeFloorScores, openingMatches, pieceScores } from './geometry-scores';
import { HORIZON_TOLERANCE, LABELS_FILE, loadLabels, photoPath, photosAvailable } from './real-photos';

const available = photosAvailable() && existsSync(LABELS_FILE);

/**
 * How many photos meet each target now (bench/out/geo's overlays show why the others do not): 12 floors since the
 * Victorian yard's lawns were kept beside the path between them (11 since the sunroom's, 10 before).
 */
const PRECISE_FLOORS = 12;
/** 15 since the roll needs 1.5 long sides of verticals (the front lawn's few leaning ones set none; 14 before). */
const HORIZONS_WITHIN_TOLERANCE = 15;
/**
 * The labelled pieces (75 on the 17 photos) at least half covered by found ones: 35 now (31 before the floor's
 * growth took grained boards, the sunroom's pieces found on its floor), 1 before silhouettes.
 */
const PIECES_MATCHED = 34;
/** The mean over the photos of the share of the labelled pieces' area covered by found pieces (0.42 now, 0.38 before). */
const PIECE_RECALL = 0.4;
/**
 * Labelled openings (48) with a found opening on them, each counted once however many boxes lie on it: 21 now, with
 * 17 found boxes on no labelled opening (20 before a room's bright ones had to come down near the eyes). 21 since a
 * facade's dark openings may start just below a measured horizon, inside a house wall found as a piece (the front
 * lawn's door); 20 since a yard's guessed horizon lets dark framed openings below it through (the townhouse's ground
 * floor); 18 before; 17 and 24 before narrow facade windows and the room's pictures were told apart; 13 before a far
 * vanishing point could set the horizon; the old count, which counted every box, read 19.
 */
const OPENINGS_MATCHED = 21;
/**
 * The mean over the photos of the share of the labelled free floor found as free floor (0.446 now, with the room's
 * camera 1.2 m high: the pieces' heights read smaller, the basement's floor 0.616 to 0.672; 0.443 before, 0.422 before
 * the two lawns flanking a yard's path were kept with it (the Victorian yard had no ground: 0.366 there), 0.420 before
 * a found piece's outline ended at its foot, 0.412 before the plain floor a piece's outline took in round its base went
 * back to the floor; 0.366 before the growth's step between neighbours went from 7 to 11 and the sunroom's floor was
 * found; 0.331 before the floor below a piece's base went back to the floor, 0.275 before pieces were cut back off it
 * and the floor's shade and the floor round a rug were taken, decision 0056).
 */
const FREE_FLOOR_RECALL = 0.446;

/** A door is about this tall (m): the yardstick the labelled doors give the camera's height. */
const DOOR_HEIGHT = 2.03;

describe.skipIf(!available)('analyzePhoto on the real photos', () => {
  it('offers free floor that is labelled free floor, finds the horizon, the pieces and the openings, on as many photos as before', async () => {
    const labels = loadLabels();
    let precise = 0;
    let horizons = 0;
    let foundArea = 0;
    let rightArea = 0;
    let piecesMatched = 0;
    let pieceRecall = 0;
    let openingsMatched = 0;
    let freeRecall = 0;
    // each labelled door of a room seen whole (neither end at the picture's edge): the height its rows imply with the
    // found horizon and the camera's height, h · (foot − top) / (foot − horizon)
    const doorHeights: number[] = [];
    const misses: string[] = [];
    for (const label of labels.photos) {
      const { data, info } = await sharp(photoPath(label), { autoOrient: true })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const geometry = analyzePhoto({ data, width: info.width, height: info.height, channels: 3 }, label.mode);
      const scores = freeFloorScores(geometry, label);
      // an empty free floor is safe but meets nothing: only a found floor counts
      if (scores.freeShare > 0.01 && scores.precision >= 0.95) precise++;
      else misses.push(`${label.file}: precision ${scores.precision.toFixed(2)} of ${scores.freeShare.toFixed(3)}`);
      foundArea += scores.freeShare;
      freeRecall += scores.recall / labels.photos.length;
      rightArea += scores.freeShare * scores.precision;
      const pieces = pieceScores(geometry, label);
      piecesMatched += pieces.matched;
      pieceRecall += pieces.recall / labels.photos.length;
      openingsMatched += openingMatches(geometry, label).matched;
      if (label.mode === 'interior') {
        const horizon = geometry.camera.horizonY / geometry.height;
        for (const door of label.openings.filter((o) => o.kind === 'door')) {
          const top = Math.min(...door.polygon.map((p) => p[1]));
          const foot = Math.max(...door.polygon.map((p) => p[1]));
          if (top > 0.01 && foot < 0.99 && foot > horizon)
            doorHeights.push((geometry.camera.eyeHeight * (foot - top)) / (foot - horizon));
        }
      }
      const error = Math.abs(geometry.camera.horizonY / geometry.height - label.horizon);
      if (error <= (label.horizonTolerance ?? HORIZON_TOLERANCE)) horizons++;
      else misses.push(`${label.file}: horizon off by ${error.toFixed(3)}`);
    }
    expect(precise, misses.join('\n')).toBeGreaterThanOrEqual(PRECISE_FLOORS);
    expect(horizons, misses.join('\n')).toBeGreaterThanOrEqual(HORIZONS_WITHIN_TOLERANCE);
    // over all the photos together, most of what is offered as free floor is free floor
    expect(rightArea / foundArea).toBeGreaterThan(0.93);
    // and it is as much of the labelled free floor as before
    expect(freeRecall).toBeGreaterThanOrEqual(FREE_FLOOR_RECALL);
    // the pieces standing there, wall-standing ones up to their tops, and the openings
    expect(piecesMatched).toBeGreaterThanOrEqual(PIECES_MATCHED);
    expect(pieceRecall).toBeGreaterThanOrEqual(PIECE_RECALL);
    expect(openingsMatched).toBeGreaterThanOrEqual(OPENINGS_MATCHED);
    // the rooms' doors are drawn as tall as doors are: 8 doors on 5 photos; at the camera's 1.2 m their median reads
    // 2.07 m and 6 are within 15 % of 2.03 m (a kitchen's door cut off by its counter reads 3.2 m, the sunroom's
    // 2.48 m); at the 1.3 m assumed before, the median read 2.24 m
    doorHeights.sort((a, b) => a - b);
    const median = (doorHeights[(doorHeights.length - 1) >> 1]! + doorHeights[doorHeights.length >> 1]!) / 2;
    const near = doorHeights.filter((h) => Math.abs(h / DOOR_HEIGHT - 1) <= 0.15).length;
    const heights = doorHeights.map((h) => h.toFixed(2)).join(', ');
    expect(doorHeights.length).toBeGreaterThanOrEqual(8);
    expect(Math.abs(median / DOOR_HEIGHT - 1), heights).toBeLessThanOrEqual(0.05);
    expect(near, heights).toBeGreaterThanOrEqual(6);
  }, 300_000);
});
