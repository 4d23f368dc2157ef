/**
 * What cut-outs keep of their backdrop (decision 0045): the worst halo over every catalogue product's views as the
 * render gets them, over the catalogue photos on their backdrop (what renders drew before), and over the own-item
 * fixtures. Run alone: node --import tsx bench/halo.ts
 */
import {
  catalogueViewHalos,
  cataloguePhotoHalos,
  HALO_MAX,
  ownItemHalos,
  worstOf,
  type Halo,
} from '../packages/compositor/test/halo';
import { isMain } from './lib/main';
import type { BenchRow, Benchmark } from './lib/report';

const percent = (v: number) => `${(v * 100).toFixed(2)}%`;

export const run: Benchmark = async () => {
  const row = (metric: string, halos: Halo[], note: string, target = true): BenchRow => {
    const worst = worstOf(halos);
    const over = halos.filter((h) => h.halo >= HALO_MAX).length;
    return {
      area: 'Images',
      metric,
      value: percent(worst.halo),
      ...(target ? { target: `< ${percent(HALO_MAX)}`, met: worst.halo < HALO_MAX } : { met: null }),
      note: `${note}; worst: ${worst.key}; ${over} of ${halos.length} at or over ${percent(HALO_MAX)}`,
    };
  };
  return [
    row('cut-out halo, catalogue views (worst)', await catalogueViewHalos(), 'front and ±40° views, transparent WebP'),
    row('cut-out halo, own-item fixtures (worst)', await ownItemHalos(), 'synthetic pictures on 3 plain backdrops'),
    row(
      'cut-out halo, catalogue photos on backdrop (worst)',
      await cataloguePhotoHalos(),
      'what renders drew before the views; context',
      false,
    ),
  ];
};

if (isMain(import.meta.url)) console.table(await run());
