import { describe, expect, it } from 'vitest';
import { isStrand, layOutProducts, placementRoleOf, type LayoutItem, type Placement } from '../src/layout';

describe('layOutProducts', () => {
  const frame = { width: 1024, height: 768, floorY: 470, mode: 'interior' as const };
  const item = (index: number, category: string, aspect: number): LayoutItem => ({
    index,
    role: placementRoleOf(category, undefined),
    aspect,
  });
  const overlaps = (a: Placement, b: Placement) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  const items = [
    item(0, 'Sofa', 2.2),
    item(1, 'Floor lamp', 0.45),
    item(2, 'Plants', 0.7),
    item(3, 'Rug', 1.4),
    item(4, 'Armchair', 1),
    item(5, 'Coffee table', 2),
    item(6, 'Planter', 0.8),
    item(7, 'Wall art', 0.8),
  ];
  const placements = layOutProducts(items, frame);
  const byIndex = (i: number) => placements.find((p) => p.index === i)!;

  it('places every product once', () => {
    expect(placements.map((p) => p.index).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('never piles products on each other (the rug lies under them)', () => {
    const upright = placements.filter((p) => p.pose !== 'flat');
    for (const a of upright) for (const b of upright) if (a !== b) expect(overlaps(a, b)).toBe(false);
  });

  it('stands everything on the floor and keeps it in the frame', () => {
    for (const p of placements) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(frame.width);
      expect(p.y).toBeGreaterThanOrEqual(0);
      if (p.pose === 'standing') {
        expect(p.y + p.height).toBeGreaterThan(frame.floorY);
        expect(p.y + p.height).toBeLessThanOrEqual(frame.height);
      }
    }
  });

  it('scales by kind: a flat wide rug, a large sofa, a tall lamp, plants at the edges, art on the wall', () => {
    const rug = byIndex(3);
    expect(rug.pose).toBe('flat');
    expect(rug.width).toBeGreaterThan(rug.height * 2);
    expect(byIndex(0).width).toBeGreaterThan(byIndex(4).width);
    expect(byIndex(1).height).toBeGreaterThan(byIndex(0).height);
    const xs = placements.filter((p) => p.pose === 'standing').map((p) => p.x + p.width / 2);
    const plantXs = [byIndex(2), byIndex(6)].map((p) => p.x + p.width / 2);
    expect(plantXs).toContain(Math.min(...xs));
    expect(plantXs).toContain(Math.max(...xs));
    expect(byIndex(7).pose).toBe('hung');
    expect(byIndex(7).y + byIndex(7).height).toBeLessThan(frame.floorY);
  });

  it('is deterministic', () => {
    expect(layOutProducts(items, frame)).toEqual(placements);
  });

  it('hangs pendants and string lights from above; lanterns and floor lamps still stand', () => {
    expect(placementRoleOf('Pendant Light', 'Rattan Dome Pendant')).toBe('overhead');
    expect(placementRoleOf('String Lights', 'Café String Lights')).toBe('overhead');
    expect(placementRoleOf('Lighting', 'Crystal Chandelier')).toBe('overhead');
    expect(placementRoleOf('Lantern', 'Metal Lantern')).toBe('tall');
    expect(placementRoleOf('Lighting', 'Arc Floor Lamp')).toBe('tall');
    expect(isStrand('String Lights', 'Café String Lights')).toBe(true);
    expect(isStrand('Pendant Light', 'Rattan Dome Pendant')).toBe(false);

    const withLights = [
      ...items.filter((i) => i.index !== 6),
      item(8, 'Pendant light', 0.9),
      item(9, 'Pendant light', 0.9),
      { ...item(10, 'String lights', 2), strand: true },
    ];
    const laid = layOutProducts(withLights, frame);
    const pendants = laid.filter((p) => p.index === 8 || p.index === 9);
    const strand = laid.find((p) => p.index === 10)!;
    expect(laid.map((p) => p.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 7, 8, 9, 10]);
    for (const p of [...pendants, strand]) {
      expect(p.pose).toBe('suspended');
      expect(p.y + p.height).toBeLessThan(frame.floorY * 0.6);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.width).toBeLessThanOrEqual(frame.width);
    }
    // pendants hang on cords from the top edge, beside the art rather than in front of it
    for (const p of pendants) expect(p.cord).toEqual({ x: Math.round(p.x + p.width / 2), y: p.y + 2 });
    const art = laid.find((p) => p.index === 7)!;
    for (const p of pendants) expect(overlaps(p, art)).toBe(false);
    expect(overlaps(pendants[0]!, pendants[1]!)).toBe(false);
    // a strand spans the top of the frame
    expect(strand.width).toBeGreaterThan(frame.width * 0.3);
    expect(strand.cord).toBeUndefined();
  });
});
