import type { Grade } from './palette';

/**
 * How variation `seed` differs from the plain render (seed 0): a turn of the light (warmer, cooler, brighter, moodier).
 * The arrangement stays: it follows the room's own layout (arrange.ts) or the person's adjusted placements.
 */
const lightTurns: readonly Partial<Record<'warmth' | 'brightness' | 'saturation' | 'contrast', number>>[] = [
  {},
  { warmth: 0.35, brightness: 0.15 },
  { warmth: -0.3, contrast: 0.2 },
  { brightness: -0.25, saturation: 0.25 },
];

const clampUnit = (value: number) => Math.max(-1, Math.min(1, value));

export function gradeForSeed(grade: Grade, seed: number): Grade {
  const turn = lightTurns[Math.abs(Math.trunc(seed)) % lightTurns.length]!;
  return {
    ...grade,
    warmth: clampUnit(grade.warmth + (turn.warmth ?? 0)),
    brightness: clampUnit(grade.brightness + (turn.brightness ?? 0)),
    saturation: clampUnit(grade.saturation + (turn.saturation ?? 0)),
    contrast: clampUnit(grade.contrast + (turn.contrast ?? 0)),
  };
}
