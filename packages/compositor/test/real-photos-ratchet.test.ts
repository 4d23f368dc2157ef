/**
 * The ratchet on the photos' own analysis (what a person's upload gets): the harness's analysis run
 * (real-photos.test.ts, REAL_PHOTOS=analysis) is a report, and this keeps it from getting worse. Each photo × set of
 * test/fixtures/real-photos/analysis-baseline.json is rendered and checked as that run does (checkCase), and the test
 * fails when a case the baseline records as passing now fails, or when the products drawn over all its cases are
 * fewer than the baseline's. A case that passes now and failed then, or more products drawn, is better: the test says
 * so and passes; REAL_PHOTOS_BASELINE=record writes the baseline again (after a change that is meant to move it, and
 * after the geometry improves: the lead records it after merging).
 *
 * The baseline's `photos` names the photos it covers (every labelled one today: 51 cases, 50-59 s of CPU measured on
 * a busy 2-core host, 92-230 s wall as its load went from ~8 to ~20); a subset named there keeps it within CI's time
 * if the photos grow.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT, loadLabels, photosAvailable } from './real-photos';
import { PRODUCT_SETS, checkCase } from './real-photos-render';

const BASELINE_FILE = path.resolve(REPO_ROOT, 'packages/compositor/test/fixtures/real-photos/analysis-baseline.json');

const caseSchema = z.object({ passed: z.boolean(), placed: z.number().int().min(0), chosen: z.number().int().min(1) });
const baselineSchema = z.object({
  version: z.literal(1),
  note: z.string(),
  /** The labelled photos the ratchet renders, by file name. */
  photos: z.array(z.string()).min(1),
  /** Per photo, per set: whether every check passed on the analysis, and how many products were drawn. */
  cases: z.record(z.string(), z.record(z.string(), caseSchema)),
  totals: z.object({ passed: z.number().int().min(0), placed: z.number().int().min(0), chosen: z.number().int() }),
});
type Baseline = z.infer<typeof baselineSchema>;
type Case = z.infer<typeof caseSchema>;

const recording = process.env.REAL_PHOTOS_BASELINE === 'record';

function loadBaseline(): Baseline {
  return baselineSchema.parse(JSON.parse(readFileSync(BASELINE_FILE, 'utf8')));
}

describe.skipIf(!photosAvailable() && !process.env.CI)('real-photo renders on their analysis do not get worse', () => {
  const labels = loadLabels();
  const baseline = loadBaseline();
  const now: Record<string, Record<string, Case>> = {};

  it('covers labelled photos only, each with every set of its mode', () => {
    for (const file of baseline.photos) {
      const photo = labels.photos.find((p) => p.file === file);
      expect(photo, `${file} is labelled`).toBeDefined();
      if (!recording)
        expect(Object.keys(baseline.cases[file] ?? {}).sort(), `${file}'s sets`).toEqual(
          Object.keys(PRODUCT_SETS[photo!.mode]).sort(),
        );
    }
  });

  for (const photo of labels.photos.filter((p) => baseline.photos.includes(p.file))) {
    for (const setName of Object.keys(PRODUCT_SETS[photo.mode])) {
      const was = baseline.cases[photo.file]?.[setName];
      it(`${photo.file} ${setName}: ${was?.passed ? 'still passes' : 'is no worse'}`, async () => {
        const { render, failures } = await checkCase(photo, setName, 'analysis');
        const result = {
          passed: failures.length === 0,
          placed: render.placements.length,
          chosen: render.chosen.length,
        };
        (now[photo.file] ??= {})[setName] = result;
        if (recording || !was) return;
        if (was.passed)
          expect(
            failures.map((f) => `${f.check}: ${f.detail}`),
            'passed in the baseline, so every check must still pass',
          ).toEqual([]);
      });
    }
  }

  it('draws at least as many products over all the cases as the baseline', () => {
    const cases = Object.values(now).flatMap((sets) => Object.values(sets));
    const totals = {
      passed: cases.filter((c) => c.passed).length,
      placed: cases.reduce((sum, c) => sum + c.placed, 0),
      chosen: cases.reduce((sum, c) => sum + c.chosen, 0),
    };
    if (recording) {
      const recorded: Baseline = { ...baseline, cases: now, totals };
      writeFileSync(BASELINE_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
      return;
    }
    expect(totals.chosen, 'the same products were chosen').toBe(baseline.totals.chosen);
    expect(totals.placed, `products drawn (baseline ${baseline.totals.placed})`).toBeGreaterThanOrEqual(
      baseline.totals.placed,
    );
  });

  afterAll(() => {
    // what changed against the baseline, for the person reading the run: better cases are recorded by hand
    const changes: string[] = [];
    for (const [file, sets] of Object.entries(now)) {
      for (const [setName, c] of Object.entries(sets)) {
        const was = baseline.cases[file]?.[setName];
        if (was && !was.passed && c.passed) changes.push(`${file} ${setName} passes now`);
        if (was && c.placed !== was.placed) changes.push(`${file} ${setName}: ${was.placed} → ${c.placed} drawn`);
      }
    }
    if (changes.length > 0 && !recording)
      console.info(`Against the baseline (REAL_PHOTOS_BASELINE=record to keep):\n  ${changes.join('\n  ')}`);
  });
});
