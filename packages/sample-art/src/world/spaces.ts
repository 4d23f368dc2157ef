import type { Mode } from '@dwellscape/shared';
import type { InteriorRoomKind, RoomPalette } from '../illustrations/scenes/interior';
import type { LandscapeSpaceKind, YardPalette } from '../illustrations/scenes/landscape';
import { ROOM_PALETTES, YARD_PALETTES } from './palettes';

/**
 * What a room or yard picture shows: the kind of place, its layout seed and its colours; `bare` draws it with none
 * of its pieces (every preset space is offered empty as well, for a design that starts from nothing).
 */
export type SceneOfPlace =
  | { mode: 'interior'; kind: InteriorRoomKind; seed: string; palette: RoomPalette; bare?: boolean }
  | { mode: 'landscape'; kind: LandscapeSpaceKind; seed: string; palette: YardPalette; bare?: boolean };

/** The same place with none of its pieces. */
export const bareScene = (scene: SceneOfPlace): SceneOfPlace => ({ ...scene, bare: true });

export interface SeedSpace {
  id: string;
  name: string;
  category: string;
  tags: string[];
  mode: Mode;
  scene: SceneOfPlace;
}

const room = (kind: InteriorRoomKind, seed: string, vibe: string): SceneOfPlace => ({
  mode: 'interior',
  kind,
  seed,
  palette: ROOM_PALETTES[vibe]!,
});
const yard = (kind: LandscapeSpaceKind, seed: string, aesthetic: string): SceneOfPlace => ({
  mode: 'landscape',
  kind,
  seed,
  palette: YARD_PALETTES[aesthetic]!,
});

export const SEED_SPACES: readonly SeedSpace[] = [
  {
    id: 's-sunny-living-room',
    name: 'Sunny Living Room',
    category: 'Living Room',
    tags: ['Living Room', 'Bright'],
    mode: 'interior',
    scene: room('living-room', 'space-living', 'Scandinavian'),
  },
  {
    id: 's-quiet-bedroom',
    name: 'Quiet Bedroom',
    category: 'Bedroom',
    tags: ['Bedroom', 'Calm'],
    mode: 'interior',
    scene: room('bedroom', 'space-bedroom', 'Modern Minimalist'),
  },
  {
    id: 's-open-dining-room',
    name: 'Open Dining Room',
    category: 'Dining Room',
    tags: ['Dining Room', 'Entertaining'],
    mode: 'interior',
    scene: room('dining-room', 'space-dining', 'Warm & Cozy'),
  },
  {
    id: 's-family-kitchen',
    name: 'Family Kitchen',
    category: 'Kitchen',
    tags: ['Kitchen', 'Open Plan'],
    mode: 'interior',
    scene: room('kitchen', 'space-kitchen', 'Coastal'),
  },
  {
    id: 's-home-office',
    name: 'Home Office',
    category: 'Home Office',
    tags: ['Home Office', 'Focus'],
    mode: 'interior',
    scene: room('home-office', 'space-office', 'Industrial'),
  },
  {
    id: 's-reading-corner',
    name: 'Reading Corner',
    category: 'Reading Nook',
    tags: ['Reading Nook', 'Cozy'],
    mode: 'interior',
    scene: room('reading-nook', 'space-nook', 'Bohemian'),
  },
  // docs/product.md §3: ten landscape spaces, each with category tags
  {
    id: 's-family-backyard',
    name: 'Family Backyard',
    category: 'Backyard',
    tags: ['Backyard', 'Modern'],
    mode: 'landscape',
    scene: yard('backyard', 'space-backyard', 'Modern'),
  },
  {
    id: 's-craftsman-front-yard',
    name: 'Craftsman Front Yard',
    category: 'Front Yard',
    tags: ['Front Yard', 'Curb Appeal'],
    mode: 'landscape',
    scene: yard('front-yard', 'space-front', 'Cottage Garden'),
  },
  {
    id: 's-walled-courtyard',
    name: 'Walled Courtyard',
    category: 'Courtyard',
    tags: ['Courtyard', 'Mediterranean'],
    mode: 'landscape',
    scene: yard('courtyard', 'space-courtyard', 'Mediterranean'),
  },
  {
    id: 's-narrow-side-yard',
    name: 'Narrow Side Yard',
    category: 'Side Yard',
    tags: ['Side Yard', 'Compact'],
    mode: 'landscape',
    scene: yard('side-yard', 'space-side', 'Japanese Zen'),
  },
  {
    id: 's-pool-terrace',
    name: 'Pool Terrace',
    category: 'Pool Area',
    tags: ['Pool Area', 'Resort'],
    mode: 'landscape',
    scene: yard('pool-area', 'space-pool', 'Tropical'),
  },
  {
    id: 's-city-rooftop',
    name: 'City Rooftop',
    category: 'Rooftop',
    tags: ['Rooftop', 'Urban'],
    mode: 'landscape',
    scene: yard('rooftop', 'space-rooftop', 'Modern'),
  },
  {
    id: 's-stone-patio',
    name: 'Stone Patio',
    category: 'Patio',
    tags: ['Patio', 'Entertaining'],
    mode: 'landscape',
    scene: yard('patio', 'space-patio', 'Mediterranean'),
  },
  {
    id: 's-cottage-garden',
    name: 'Cottage Garden',
    category: 'Garden',
    tags: ['Garden', 'Cottage'],
    mode: 'landscape',
    scene: yard('garden', 'space-garden', 'Cottage Garden'),
  },
  {
    id: 's-cedar-deck',
    name: 'Cedar Deck',
    category: 'Deck',
    tags: ['Deck', 'Rustic'],
    mode: 'landscape',
    scene: yard('deck', 'space-deck', 'Japanese Zen'),
  },
  {
    id: 's-driveway-garden',
    name: 'Driveway Garden',
    category: 'Driveway',
    tags: ['Driveway', 'Curb Appeal'],
    mode: 'landscape',
    scene: yard('driveway', 'space-driveway', 'Desert / Xeriscape'),
  },
];

export interface SeedTemplate {
  id: string;
  name: string;
  /** one of docs/product.md §3's eight template categories */
  category: 'Living Room' | 'Bedroom' | 'Backyard' | 'Front Yard' | 'Courtyard' | 'Side Yard' | 'Pool Area' | 'Rooftop';
  mode: Mode;
  scene: SceneOfPlace;
}

export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  {
    id: 't-living-room',
    name: 'Classic Living Room',
    category: 'Living Room',
    mode: 'interior',
    scene: room('living-room', 'template-living', 'Warm & Cozy'),
  },
  {
    id: 't-bedroom',
    name: 'Airy Bedroom',
    category: 'Bedroom',
    mode: 'interior',
    scene: room('bedroom', 'template-bedroom', 'Coastal'),
  },
  {
    id: 't-backyard',
    name: 'Lawn Backyard',
    category: 'Backyard',
    mode: 'landscape',
    scene: yard('backyard', 'template-backyard', 'Cottage Garden'),
  },
  {
    id: 't-front-yard',
    name: 'Suburban Front Yard',
    category: 'Front Yard',
    mode: 'landscape',
    scene: yard('front-yard', 'template-front', 'Modern'),
  },
  {
    id: 't-courtyard',
    name: 'Tiled Courtyard',
    category: 'Courtyard',
    mode: 'landscape',
    scene: yard('courtyard', 'template-courtyard', 'Desert / Xeriscape'),
  },
  {
    id: 't-side-yard',
    name: 'Gravel Side Yard',
    category: 'Side Yard',
    mode: 'landscape',
    scene: yard('side-yard', 'template-side', 'Modern'),
  },
  {
    id: 't-pool-area',
    name: 'Backyard Pool',
    category: 'Pool Area',
    mode: 'landscape',
    scene: yard('pool-area', 'template-pool', 'Mediterranean'),
  },
  {
    id: 't-rooftop',
    name: 'Rooftop Terrace',
    category: 'Rooftop',
    mode: 'landscape',
    scene: yard('rooftop', 'template-rooftop', 'Japanese Zen'),
  },
];
