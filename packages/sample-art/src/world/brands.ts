import { brandIdFromName, type Mode } from '@dwellscape/shared';
import type { LogoLook } from '../illustrations/logos';

export interface SeedBrand {
  id: string;
  name: string;
  description: string;
  category: string;
  modes: Mode[];
  /** docs/product.md §3 database brands: id from the name, category 'Plants', landscape */
  isDatabaseBrand: boolean;
  logo: LogoLook;
}

const catalogueBrand = (b: Omit<SeedBrand, 'isDatabaseBrand'>): SeedBrand => ({ ...b, isDatabaseBrand: false });

/** Database brands follow docs/product.md §3: the id is the lower-cased name with hyphens, the category 'Plants'. */
const databaseBrand = (name: string, description: string, logo: Omit<LogoLook, 'name'>): SeedBrand => ({
  id: brandIdFromName(name),
  name,
  description,
  category: 'Plants',
  modes: ['landscape'],
  isDatabaseBrand: true,
  logo: { ...logo, name },
});

export const SEED_BRANDS: readonly SeedBrand[] = [
  catalogueBrand({
    id: 'hearth-and-oak',
    name: 'Hearth & Oak',
    description: 'Solid-wood and upholstered furniture made to be lived on.',
    category: 'Furniture',
    modes: ['interior'],
    logo: { name: 'Hearth & Oak', monogram: 'H&O', emblem: 'oak', background: '#2f4a3a', ink: '#f3ead8', serif: true },
  }),
  catalogueBrand({
    id: 'nordhaven',
    name: 'Nordhaven',
    description: 'Scandinavian beds, storage and dining pieces in pale oak.',
    category: 'Furniture',
    modes: ['interior'],
    logo: { name: 'Nordhaven', monogram: 'N', emblem: 'wave', background: '#dfe7ea', ink: '#24323c' },
  }),
  catalogueBrand({
    id: 'loom-and-linen',
    name: 'Loom & Linen',
    description: 'Hand-woven rugs, cushions and wall art.',
    category: 'Textiles & Decor',
    modes: ['interior'],
    logo: { name: 'Loom & Linen', monogram: 'L&L', emblem: 'loom', background: '#e9d8c4', ink: '#6b3e2e', serif: true },
  }),
  catalogueBrand({
    id: 'lumen-studio',
    name: 'Lumen Studio',
    description: 'Lamps and outdoor lighting with a warm, even glow.',
    category: 'Lighting',
    modes: ['interior', 'landscape'],
    logo: { name: 'Lumen Studio', monogram: 'L', emblem: 'lamp', background: '#1f2a33', ink: '#f2c66d' },
  }),
  catalogueBrand({
    id: 'terra-living',
    name: 'Terra Living',
    description: 'Ceramics, planters and vases for indoors and out.',
    category: 'Planters & Decor',
    modes: ['interior', 'landscape'],
    logo: { name: 'Terra Living', monogram: 'T', emblem: 'pot', background: '#c56a43', ink: '#fff4e8' },
  }),
  catalogueBrand({
    id: 'solstice-outdoor',
    name: 'Solstice Outdoor',
    description: 'Teak and all-weather outdoor furniture.',
    category: 'Outdoor Furniture',
    modes: ['landscape'],
    logo: { name: 'Solstice Outdoor', monogram: 'S', emblem: 'sun', background: '#f2b84b', ink: '#3a2a14' },
  }),
  catalogueBrand({
    id: 'stone-and-ember',
    name: 'Stone & Ember',
    description: 'Fire pits, grills, fountains and natural stone paving.',
    category: 'Hardscape & Fire',
    modes: ['landscape'],
    logo: { name: 'Stone & Ember', monogram: 'S&E', emblem: 'flame', background: '#3b3b3b', ink: '#f4a261' },
  }),
  catalogueBrand({
    id: 'canopy-and-co',
    name: 'Canopy & Co',
    description: 'Shade, shelter and slow afternoons: umbrellas, pergolas, hammocks.',
    category: 'Shade & Structures',
    modes: ['landscape'],
    logo: { name: 'Canopy & Co', monogram: 'C', emblem: 'canopy', background: '#2f5d7c', ink: '#f1ede4' },
  }),
  databaseBrand('Evergreen Nursery', 'Trees and shrubs grown in the Pacific Northwest.', {
    monogram: 'E',
    emblem: 'pine',
    background: '#2e5a3a',
    ink: '#e8f0d8',
  }),
  databaseBrand('Greenleaf Gardens', 'Perennials, grasses and kitchen-garden kits.', {
    monogram: 'G',
    emblem: 'leaf',
    background: '#8fb56a',
    ink: '#1f3a1a',
  }),
];
