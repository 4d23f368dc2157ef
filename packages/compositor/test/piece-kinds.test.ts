/**
 * The kinds of the photo's own pieces against the hand labels (issue #38): a product of a kind the photo has
 * replaces that piece, erasing it, once its kind is sure (MIN_REPLACE_CONFIDENCE). So the sure pieces must be what
 * they are said to be, and the real sofas, beds and bookcases should reach it.
 */
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzePhoto } from '../src/geometry';
import { MIN_REPLACE_CONFIDENCE } from '../src/place-on-geometry';
import { kindAgreement, surePieces } from './geometry-scores';
import { LABELS_FILE, loadLabels, photoPath, photosAvailable } from './real-photos';
import { RENDER_WIDTH } from './real-photos-render';

const available = photosAvailable() && existsSync(LABELS_FILE);

/*
 * Counted over the photos twice, at their own size and at the render's width: the analysis's region map moves with
 * the size, and a piece sure at one size and wrong at the other is still erased by some render.
 */
/**
 * Of the labelled pieces with a group that a found piece half covers, at both sizes, those whose found piece has
 * their group: 18 since a sofa, a bed and storage are told by their evidence (10 before, when every piece 1.3 m tall
 * by a wall was a sure bookcase; at the photos' own size 10 of 26, 6 before). 17 with a room's camera at 1.2 m (the
 * labelled doors' height; decision in analyze.ts): the metres a piece measures moved with it, and one piece's group.
 * 19 since a sofa cut by the picture's side edge counts at least as wide as seen (the re10k kitchen's, at both
 * sizes: a cabinet before).
 */
const KINDS_AGREED = 19;
/**
 * Sure pieces in the rooms on no labelled piece or on one of another group: none (23 before: an armchair with its
 * ottoman, a side table, bar stools before a counter, a workbench and a laundry basket were sure bookcases).
 */
const WRONG_SURE_ROOMS = 0;
/**
 * Sure pieces everywhere that are wrong: 15, all in yards (15 before too, their kinds unchanged): hedges and
 * borders the labels leave out, and a statue among the shrubs.
 */
const WRONG_SURE = 15;
/**
 * The sure pieces in the rooms that are right: 10 (6 before): the two sofas at both sizes and the reading room's
 * bookcase, in three runs at both sizes. (8 on main at 00:08 before the sofa cut by the picture's edge: the re10k
 * kitchen's sofa at both sizes makes it 10 again.)
 */
const RIGHT_SURE_ROOMS = 10;

describe.skipIf(!available)('the kinds of the pieces standing in the real photos', () => {
  it('tells sofas, beds and bookcases surely enough to replace them, and is sure of nothing else in a room', async () => {
    const labels = loadLabels();
    let agreed = 0;
    let wrongRooms = 0;
    let wrong = 0;
    let rightRooms = 0;
    const wrongOnes: string[] = [];
    // at the photo's own size and at the render's (what a render's analysis sees: the region map moves with the size)
    for (const [label, width] of labels.photos.flatMap((l) => [[l, undefined] as const, [l, RENDER_WIDTH] as const])) {
      const { data, info } = await sharp(photoPath(label), { autoOrient: true })
        .resize(width ? { width } : undefined)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const geometry = analyzePhoto({ data, width: info.width, height: info.height, channels: 3 }, label.mode);
      agreed += kindAgreement(geometry, label).agreed;
      const sure = surePieces(geometry, label);
      expect(sure.every((p) => p.confidence >= MIN_REPLACE_CONFIDENCE)).toBe(true);
      for (const p of sure) {
        if (p.right) {
          if (label.mode === 'interior') rightRooms++;
          continue;
        }
        wrong++;
        if (label.mode === 'interior') wrongRooms++;
        wrongOnes.push(
          `${label.file} at ${width ?? 'its size'}: ${p.kind} ${p.confidence.toFixed(2)} on ${p.label ?? 'no labelled piece'}`,
        );
      }
    }
    expect(agreed).toBeGreaterThanOrEqual(KINDS_AGREED);
    expect(wrongRooms, wrongOnes.join('\n')).toBeLessThanOrEqual(WRONG_SURE_ROOMS);
    expect(wrong, wrongOnes.join('\n')).toBeLessThanOrEqual(WRONG_SURE);
    expect(rightRooms).toBeGreaterThanOrEqual(RIGHT_SURE_ROOMS);
  }, 300_000);
});
