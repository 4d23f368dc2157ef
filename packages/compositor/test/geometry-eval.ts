/**
 * How well analyzePhoto reads the real photos against their hand labels (decision 0041): per photo the horizon's
 * error, the precision and recall of the free floor, the openings found against those labelled, and the time.
 * Writes an overlay of each photo's geometry to bench/out/geo/ (GEOMETRY_OUT=directory writes them elsewhere). Run: npx tsx packages/compositor/test/geometry-eval.ts
 * (GEOMETRY_LABELS=file reads another labels file; REAL_PHOTOS_DIR=directory finds the photos elsewhere).
 * GEOMETRY_DIAG=1 also prints each photo's camera evidence: the labelled and found horizon, the vertical and
 * horizontal vanishing points (in long sides from the centre) and how many segments each family holds.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { analyzePhoto } from '../src/geometry';
import { ANALYSIS_LONG_SIDE, estimateCamera } from '../src/geometry/analyze';
import { cropPlane, downsample, flatBorder } from '../src/geometry/image';
import { detectSegments } from '../src/geometry/lines';
import type { Raster } from '../src/raster';
import type { PhotoGeometry } from '../src/geometry/types';
import { HORIZON_TOLERANCE, loadLabels, photoPath, REPO_ROOT, type LabelledPhoto } from './real-photos';
import { freeFloorScores, kindAgreement, openingMatches, pieceScores, surePieces } from './geometry-scores';

const OUT_DIR = path.resolve(REPO_ROOT, process.env.GEOMETRY_OUT ?? 'bench/out/geo');

async function decode(file: string) {
  const { data, info } = await sharp(file, { autoOrient: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3 as const,
  };
}

/** The camera's evidence on one photo, re-derived the way analyzePhoto derives it (its first steps). */
async function cameraDiagnosis(
  photo: Raster,
  label: LabelledPhoto,
  found: PhotoGeometry,
  file: string,
): Promise<string> {
  const full = downsample(photo, ANALYSIS_LONG_SIDE);
  const border = flatBorder(full.luma);
  const aw = full.luma.width - border.left - border.right;
  const ah = full.luma.height - border.top - border.bottom;
  const luma = cropPlane(full.luma, border.left, border.top, aw, ah);
  const segments = detectSegments(luma, { minLength: 0.03 * Math.max(aw, ah) });
  const estimate = estimateCamera(segments, aw, ah, label.mode);
  const long = Math.max(aw, ah);
  // the segments drawn by family (white: none), on the analysed copy
  const colours = ['red', 'lime', 'cyan', 'orange'];
  const family = new Map<number, string>();
  estimate.vertical?.inliers.forEach((i) => family.set(i, colours[0]!));
  estimate.horizontal.forEach((h, k) => h.inliers.forEach((i) => family.has(i) || family.set(i, colours[k + 1]!)));
  const lines = segments.map(
    (s, i) =>
      `<line x1="${s.x1}" y1="${s.y1}" x2="${s.x2}" y2="${s.y2}" stroke="${family.get(i) ?? 'white'}" stroke-width="1.5"/>`,
  );
  lines.push(
    `<line x1="0" y1="${label.horizon * ah}" x2="${aw}" y2="${label.horizon * ah}" stroke="magenta" stroke-dasharray="6 4"/>`,
  );
  await sharp(file)
    .resize(aw, ah, { fit: 'fill' })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${aw}" height="${ah}">${lines.join('')}</svg>`,
        ),
      },
    ])
    .png()
    .toFile(path.join(OUT_DIR, label.file.replace(/\.\w+$/, '-lines.png')));
  const where = (p: readonly number[]) =>
    Math.abs(p[2]!) < 1e-9
      ? `∞(${p[0]!.toFixed(2)},${p[1]!.toFixed(2)})`
      : `(${(p[0]! / p[2]!).toFixed(2)}, ${(p[1]! / p[2]!).toFixed(2)})`;
  const vertical = estimate.vertical
    ? `${where(estimate.vertical.point)} ${estimate.vertical.inliers.length} segs ${(estimate.vertical.support / long).toFixed(1)} L`
    : 'none';
  const horizontal = estimate.horizontal
    .map((h) => `${where(h.point)} ${h.inliers.length} segs ${(h.support / long).toFixed(1)} L`)
    .join('; ');
  return [
    `${label.file}: horizon labelled ${label.horizon.toFixed(3)} found ${(found.camera.horizonY / found.height).toFixed(3)}`,
    `  roll ${((found.camera.roll * 180) / Math.PI).toFixed(2)}° focal ${(found.camera.focal / Math.max(found.width, found.height)).toFixed(2)} (${found.camera.focalSource}) found=${estimate.found}`,
    `  segments ${segments.length}; vertical ${vertical}`,
    `  horizontal ${horizontal || 'none'}`,
    `  votes ${estimate.horizonVotes.map((v) => `${(v.y / ah).toFixed(3)} ×${(v.weight / long).toFixed(2)}`).join('; ') || 'none'}`,
  ].join('\n');
}

function svgOverlay(geometry: PhotoGeometry, label: LabelledPhoto, width: number, height: number): string {
  const sx = width / geometry.width;
  const sy = height / geometry.height;
  const mine = (polygon: readonly (readonly [number, number])[]) =>
    polygon.map(([x, y]) => `${(x * sx).toFixed(1)},${(y * sy).toFixed(1)}`).join(' ');
  const theirs = (polygon: readonly (readonly [number, number])[]) =>
    polygon.map(([x, y]) => `${(x * width).toFixed(1)},${(y * height).toFixed(1)}`).join(' ');
  const parts: string[] = [];
  for (const f of label.floor)
    parts.push(`<polygon points="${theirs(f)}" fill="none" stroke="white" stroke-width="2" stroke-dasharray="6 4"/>`);
  for (const p of label.pieces)
    parts.push(
      `<polygon points="${theirs(p.polygon)}" fill="none" stroke="orange" stroke-width="1.5" stroke-dasharray="4 3"/>`,
    );
  for (const o of label.openings)
    parts.push(
      `<polygon points="${theirs(o.polygon)}" fill="none" stroke="yellow" stroke-width="1.5" stroke-dasharray="4 3"/>`,
    );
  for (const w of geometry.walls)
    parts.push(
      `<polygon points="${mine(w.polygon)}" fill="${w.facing === 'back' ? 'rgba(0,0,255,0.12)' : w.facing === 'left' ? 'rgba(0,255,255,0.12)' : 'rgba(255,0,255,0.12)'}" stroke="blue" stroke-width="1"/>`,
    );
  for (const f of geometry.floor)
    parts.push(`<polygon points="${mine(f)}" fill="rgba(0,255,0,0.3)" stroke="lime" stroke-width="2"/>`);
  for (const g of geometry.ground)
    parts.push(
      `<polygon points="${mine(g.polygon)}" fill="none" stroke="${g.kind === 'lawn' ? 'green' : g.kind === 'beds' ? 'brown' : 'grey'}" stroke-width="2"/>`,
    );
  for (const p of geometry.pieces) {
    parts.push(`<polygon points="${mine(p.polygon)}" fill="rgba(255,0,0,0.3)" stroke="red" stroke-width="1.5"/>`);
    const [tx, ty] = p.polygon.reduce(
      ([a, b], q) => [a + q[0] / p.polygon.length, b + q[1] / p.polygon.length],
      [0, 0],
    );
    parts.push(
      `<text x="${(tx * sx).toFixed(1)}" y="${(ty * sy).toFixed(1)}" font-size="13" fill="white" stroke="black" stroke-width="0.5" text-anchor="middle">${p.kind ?? '?'} ${(p.confidence ?? 0).toFixed(1)}</text>`,
    );
  }
  for (const o of geometry.openings)
    parts.push(`<polygon points="${mine(o.polygon)}" fill="rgba(255,255,0,0.25)" stroke="yellow" stroke-width="2"/>`);
  for (const a of geometry.anchors) {
    parts.push(`<polygon points="${mine(a.polygon)}" fill="none" stroke="cyan" stroke-width="2"/>`);
    if (a.hangLine)
      parts.push(
        `<polyline points="${mine(a.hangLine)}" fill="none" stroke="yellow" stroke-width="3" stroke-dasharray="2 3"/>`,
      );
  }
  const { horizonY, roll, cx } = geometry.camera;
  const yAt = (x: number) => (horizonY - (x - cx) * Math.tan(roll)) * sy;
  parts.push(`<line x1="0" y1="${yAt(0)}" x2="${width}" y2="${yAt(geometry.width)}" stroke="cyan" stroke-width="2"/>`);
  parts.push(
    `<line x1="0" y1="${label.horizon * height}" x2="${width}" y2="${label.horizon * height}" stroke="magenta" stroke-width="2" stroke-dasharray="8 5"/>`,
  );
  parts.push(
    `<text x="6" y="18" font-size="15" fill="white" stroke="black" stroke-width="0.6">${geometry.source} f=${(geometry.camera.focal / Math.max(geometry.width, geometry.height)).toFixed(2)} (${geometry.camera.focalSource ?? ''}) confidence ${(geometry.camera.confidence ?? 0).toFixed(2)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

async function main() {
  const labels = loadLabels(process.env.GEOMETRY_LABELS ?? undefined);
  mkdirSync(OUT_DIR, { recursive: true });
  const rows: string[] = [];
  rows.push(
    '| photo | mode | source | horizon err | precision | recall | pieces precision / recall (matched/labelled, above the floor) | groups agreed/judged, wrong-sure | openings found/labelled (matched) | CPU ms |',
  );
  rows.push('|---|---|---|---|---|---|---|---|---|---|');
  let piecePrecisionSum = 0;
  let pieceRecallSum = 0;
  let piecesMatched = 0;
  let piecesLabelled = 0;
  let openingsMatched = 0;
  let openingsSpurious = 0;
  let kindsAgreed = 0;
  let kindsJudged = 0;
  let wrongSure = 0;
  const sureLines: string[] = [];
  let openingsFound = 0;
  let openingsLabelled = 0;
  let precisionSum = 0;
  let recallSum = 0;
  let horizonHits = 0;
  for (const label of labels.photos) {
    const file = photoPath(label);
    const photo = await decode(file);
    // one warm-up run, then the timed one
    analyzePhoto(photo, label.mode);
    // CPU time of this thread: the machine is shared, and wall time measures the neighbours too
    const start = process.cpuUsage();
    const geometry = analyzePhoto(photo, label.mode);
    const used = process.cpuUsage(start);
    const ms = (used.user + used.system) / 1000;
    if (process.env.GEOMETRY_DIAG === '1') console.log(await cameraDiagnosis(photo, label, geometry, file));
    const horizonError = Math.abs(geometry.camera.horizonY / geometry.height - label.horizon);
    const tolerance = label.horizonTolerance ?? HORIZON_TOLERANCE;
    if (horizonError <= tolerance) horizonHits++;
    const scores = freeFloorScores(geometry, label);
    precisionSum += scores.precision;
    recallSum += scores.recall;
    const openings = openingMatches(geometry, label);
    const pieces = pieceScores(geometry, label);
    const kinds = kindAgreement(geometry, label);
    kindsAgreed += kinds.agreed;
    kindsJudged += kinds.judged;
    const sure = surePieces(geometry, label);
    const wrong = sure.filter((p) => !p.right).length;
    wrongSure += wrong;
    for (const p of sure)
      sureLines.push(
        `  ${label.file}: ${p.kind} ${p.confidence.toFixed(2)} on ${p.label ?? 'no labelled piece'}${p.right ? '' : ' ✗'}`,
      );
    piecePrecisionSum += pieces.precision;
    pieceRecallSum += pieces.recall;
    piecesMatched += pieces.matched;
    piecesLabelled += pieces.labelled;
    openingsMatched += openings.matched;
    openingsSpurious += openings.spurious;
    openingsFound += geometry.openings.length;
    openingsLabelled += label.openings.length;
    rows.push(
      `| ${label.file} | ${label.mode} | ${geometry.source} | ${horizonError.toFixed(3)}${horizonError <= tolerance ? '' : ' ✗'} | ${scores.precision.toFixed(3)}${scores.precision >= 0.95 ? '' : ' ✗'} (${(scores.freeShare * 100).toFixed(1)} %) | ${scores.recall.toFixed(3)} | ${pieces.precision.toFixed(2)} / ${pieces.recall.toFixed(2)} (${pieces.matched}/${pieces.labelled}, ${pieces.upperRecall.toFixed(2)}) | ${kinds.agreed}/${kinds.judged}, ${wrong} of ${sure.length} | ${geometry.openings.length}/${label.openings.length} (${openings.matched}, ${openings.spurious} spurious) | ${ms.toFixed(0)} |`,
    );
    const width = Math.min(900, label.width);
    const height = Math.round((width * label.height) / label.width);
    await sharp(file)
      .resize(width, height)
      .composite([{ input: Buffer.from(svgOverlay(geometry, label, width, height)) }])
      .png()
      .toFile(path.join(OUT_DIR, label.file.replace(/\.\w+$/, '.png')));
  }
  const n = labels.photos.length;
  rows.push(
    `| mean of ${n} | | | ${horizonHits}/${n} within tolerance | ${(precisionSum / n).toFixed(3)} | ${(recallSum / n).toFixed(3)} | ${(piecePrecisionSum / n).toFixed(2)} / ${(pieceRecallSum / n).toFixed(2)} (${piecesMatched}/${piecesLabelled}) | ${kindsAgreed}/${kindsJudged}, ${wrongSure} | ${openingsFound}/${openingsLabelled} (${openingsMatched}, ${openingsSpurious} spurious) | |`,
  );
  console.log(rows.join('\n'));
  console.log(
    `\npieces' groups: ${kindsAgreed} of the ${kindsJudged} labelled pieces a found piece half covers have the labelled group`,
  );
  console.log(
    `sure pieces (confidence ≥ 0.5, a product of their group may replace them): ${sureLines.length}, ${wrongSure} wrong-sure (✗: on no labelled piece or one of another group)\n${sureLines.join('\n')}`,
  );

  // a 12 MP photo: the largest one scaled up to a phone's 4032 × 3024, the analysis's cost at the size renders get
  const largest = labels.photos.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
  const { data, info } = await sharp(photoPath(largest))
    .resize(4032, 3024, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const big = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3 as const,
  };
  analyzePhoto(big, largest.mode);
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const start = process.cpuUsage();
    analyzePhoto(big, largest.mode);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\n12 MP (${largest.file} at 4032 × 3024): median ${times[2]!.toFixed(0)} CPU ms of 5 runs (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
}

await main();
