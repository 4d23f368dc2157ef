export interface SeedComment {
  /** a sample user, or null for an anonymous comment carrying only a name (SPEC §6) */
  userId: string | null;
  /** shown name; for users it is their display name */
  name?: string;
  text: string;
  /** hours after the design was published */
  hoursAfter: number;
}

export interface SeedDesign {
  id: string;
  title: string;
  caption: string;
  userId: string;
  /** the seeded space the design restyles (its before image is that space, dated) */
  spaceId: string;
  answers: Record<string, string>;
  products: ReadonlyArray<readonly [productId: string, quantity?: number]>;
  /**
   * Likes by sample viewers that never had a gate session, so there are no design_likes rows
   * behind this number; real viewers' likes are counted on top of it.
   */
  likes: number;
  /** how long before seeding the design was published */
  hoursAgo: number;
  originalDesignId?: string;
  comments: readonly SeedComment[];
}

const DAY = 24;

const interiorAnswers = (vibe: string, light: string, colour: string) => ({
  'interior-vibe': vibe,
  'interior-natural-light': light,
  'interior-color-preference': colour,
});

const landscapeAnswers = (aesthetic: string, use: string, maintenance: string, feature: string, climate: string) => ({
  'landscape-aesthetic': aesthetic,
  'landscape-use-of-space': use,
  'landscape-maintenance': maintenance,
  'landscape-features': feature,
  'landscape-climate-zone': climate,
});

export const SEED_DESIGNS: readonly SeedDesign[] = [
  // ---- interior (12)
  {
    id: 'd-emerald-living',
    title: 'Emerald Velvet Living Room',
    caption: 'Went bold with a deep green velvet sofa and let everything else stay warm and quiet: walnut, jute and one brass arc lamp.',
    userId: 'u-maya-chen',
    spaceId: 's-sunny-living-room',
    answers: interiorAnswers('Modern Minimalist', 'Lots of sun', 'Warm neutrals'),
    products: [['p-velvet-sofa'], ['p-walnut-coffee-table'], ['p-arc-floor-lamp'], ['p-jute-rug'], ['p-abstract-canvas'], ['p-fiddle-leaf-fig']],
    likes: 248,
    hoursAgo: 6 * DAY + 3,
    comments: [
      { userId: 'u-priya-patel', text: 'That green with the walnut is perfect.', hoursAfter: 2 },
      { userId: null, name: 'Hannah', text: 'Where is the rug from? Love the texture.', hoursAfter: 5 },
      { userId: 'u-lucas-moreau', text: 'The arc lamp really ties it together.', hoursAfter: 20 },
      { userId: 'u-maya-chen', text: 'Thanks all! The rug is the Natural Jute from Loom & Linen.', hoursAfter: 22 },
    ],
  },
  {
    id: 'd-cloud-living',
    title: 'Soft Boucle Lounge',
    caption: 'A cloud-like boucle sofa, a round marble table and lots of texture. Perfect for slow Sunday mornings.',
    userId: 'u-maya-chen',
    spaceId: 's-sunny-living-room',
    answers: interiorAnswers('Scandinavian', 'Some natural light', 'Warm neutrals'),
    products: [['p-cloud-sofa'], ['p-marble-coffee-table'], ['p-tripod-floor-lamp'], ['p-moroccan-rug'], ['p-landscape-print'], ['p-linen-pillow', 2], ['p-snake-plant']],
    likes: 37,
    hoursAgo: 2,
    comments: [{ userId: 'u-kenji-watanabe', text: 'So calm. Saving this one.', hoursAfter: 1 }],
  },
  {
    id: 'd-sage-bedroom',
    title: 'Calm Sage Bedroom',
    caption: 'Sage upholstered bed, walnut nightstands and linen everything. The botanical print was the last piece and the first thing you see.',
    userId: 'u-priya-patel',
    spaceId: 's-quiet-bedroom',
    answers: interiorAnswers('Scandinavian', 'Some natural light', 'Cool blues & greens'),
    products: [['p-upholstered-bed'], ['p-walnut-nightstand', 2], ['p-ceramic-table-lamp', 2], ['p-botanical-print'], ['p-striped-rug']],
    likes: 189,
    hoursAgo: 9 * DAY,
    comments: [
      { userId: 'u-amara-okafor', text: 'I would sleep so well here.', hoursAfter: 3 },
      { userId: null, name: 'Marcus', text: 'Is the headboard comfortable to lean on?', hoursAfter: 30 },
      { userId: 'u-priya-patel', text: 'Very! It is padded all the way down.', hoursAfter: 31 },
    ],
  },
  {
    id: 'd-boho-nook',
    title: 'Boho Reading Nook',
    caption: 'Rattan, terracotta and a stack of books by the window. My favourite corner of the flat now.',
    userId: 'u-amara-okafor',
    spaceId: 's-reading-corner',
    answers: interiorAnswers('Bohemian', 'Lots of sun', 'Earthy terracotta'),
    products: [['p-rattan-armchair'], ['p-tripod-floor-lamp'], ['p-oak-bookshelf'], ['p-moroccan-rug'], ['p-velvet-pillow'], ['p-fiddle-leaf-fig'], ['p-round-nightstand'], ['p-mushroom-lamp']],
    likes: 312,
    hoursAgo: 14 * DAY,
    comments: [
      { userId: 'u-sofia-reyes', text: 'The mushroom lamp!', hoursAfter: 1 },
      { userId: null, name: 'Elena', text: 'This is exactly the vibe I want for my spare room.', hoursAfter: 6 },
      { userId: 'u-maya-chen', text: 'Gorgeous light in this one.', hoursAfter: 12 },
      { userId: null, name: 'Tom', text: 'How big is the rug?', hoursAfter: 40 },
      { userId: 'u-amara-okafor', text: 'About 6 x 9 ft, it just fits.', hoursAfter: 41 },
    ],
  },
  {
    id: 'd-nook-remix',
    title: 'Minimal Take on the Boho Nook',
    caption: 'Loved the original nook, so I tried it with calmer colours and a leather chair.',
    userId: 'u-kenji-watanabe',
    spaceId: 's-reading-corner',
    answers: interiorAnswers('Modern Minimalist', 'Some natural light', 'Black & white'),
    products: [['p-leather-lounge-chair'], ['p-globe-floor-lamp'], ['p-ladder-shelf'], ['p-jute-rug']],
    likes: 64,
    hoursAgo: 3 * DAY + 5,
    originalDesignId: 'd-boho-nook',
    comments: [{ userId: 'u-amara-okafor', text: 'Love seeing it in a different mood!', hoursAfter: 4 }],
  },
  {
    id: 'd-scandi-dining',
    title: 'Scandi Dining for Six',
    caption: 'Oak table, wishbone chairs and a woven pendant. Simple, warm and easy to keep tidy.',
    userId: 'u-lucas-moreau',
    spaceId: 's-open-dining-room',
    answers: interiorAnswers('Scandinavian', 'Lots of sun', 'Warm neutrals'),
    products: [['p-oak-dining-table'], ['p-wishbone-chair', 4], ['p-rattan-pendant'], ['p-ceramic-vase']],
    likes: 156,
    hoursAgo: 11 * DAY,
    comments: [
      { userId: 'u-sven-lindqvist', text: 'Wishbone chairs never get old.', hoursAfter: 8 },
      { userId: null, name: 'Priscilla', text: 'Beautiful. Is the table oiled or lacquered?', hoursAfter: 26 },
    ],
  },
  {
    id: 'd-velvet-dining',
    title: 'Blush & Walnut Dinner Party',
    caption: 'Blush velvet chairs around a walnut pedestal table, with a cane sideboard for all the glassware.',
    userId: 'u-sofia-reyes',
    spaceId: 's-open-dining-room',
    answers: interiorAnswers('Warm & Cozy', 'Mostly shade', 'Bold & saturated'),
    products: [['p-pedestal-table'], ['p-velvet-dining-chair', 4], ['p-dome-pendant'], ['p-cane-dresser'], ['p-abstract-canvas'], ['p-bud-vase-set']],
    likes: 203,
    hoursAgo: 18 * DAY,
    comments: [
      { userId: 'u-maya-chen', text: 'Those chairs are so good.', hoursAfter: 2 },
      { userId: null, name: 'Jess', text: 'Need this for my tiny dining nook.', hoursAfter: 15 },
      { userId: 'u-priya-patel', text: 'The colour combination is perfect.', hoursAfter: 50 },
    ],
  },
  {
    id: 'd-industrial-office',
    title: 'Industrial Home Office',
    caption: 'Concrete floors, black steel and a big oak bookshelf. A desk I actually want to sit at.',
    userId: 'u-lucas-moreau',
    spaceId: 's-home-office',
    answers: interiorAnswers('Industrial', 'Mostly shade', 'Black & white'),
    products: [['p-metal-chair'], ['p-oak-bookshelf'], ['p-brass-table-lamp'], ['p-landscape-print'], ['p-globe-floor-lamp']],
    likes: 98,
    hoursAgo: 22 * DAY,
    comments: [{ userId: null, name: 'Raj', text: 'Great lighting for video calls.', hoursAfter: 10 }],
  },
  {
    id: 'd-coastal-kitchen',
    title: 'Coastal Kitchen Refresh',
    caption: 'Two black dome pendants over the island, a striped runner and some greenery. Small changes, big difference.',
    userId: 'u-kenji-watanabe',
    spaceId: 's-family-kitchen',
    answers: interiorAnswers('Coastal', 'Lots of sun', 'Cool blues & greens'),
    products: [['p-dome-pendant', 2], ['p-bud-vase-set'], ['p-snake-plant'], ['p-striped-rug']],
    likes: 45,
    hoursAgo: 5,
    comments: [],
  },
  {
    id: 'd-minimal-bedroom',
    title: 'Minimal Oak Bedroom',
    caption: 'Low oak platform bed, a tall arched mirror and nothing else on the floor. Calm is the whole point.',
    userId: 'u-sven-lindqvist',
    spaceId: 's-quiet-bedroom',
    answers: interiorAnswers('Modern Minimalist', 'Lots of sun', 'Warm neutrals'),
    products: [['p-oak-platform-bed'], ['p-round-nightstand', 2], ['p-mushroom-lamp', 2], ['p-arched-mirror'], ['p-six-drawer-dresser'], ['p-linen-pillow']],
    likes: 121,
    hoursAgo: 26 * DAY,
    comments: [
      { userId: 'u-lucas-moreau', text: 'Clean lines, well done.', hoursAfter: 5 },
      { userId: null, name: 'Ana', text: 'The mushroom lamps are such a fun touch.', hoursAfter: 9 },
    ],
  },
  {
    id: 'd-leather-living',
    title: 'Cognac Leather Den',
    caption: 'A worn-in leather sofa, a moody print and a stack of records. Cosy but grown up.',
    userId: 'u-jordan-blake',
    spaceId: 's-sunny-living-room',
    answers: interiorAnswers('Warm & Cozy', 'Mostly shade', 'Earthy terracotta'),
    products: [['p-leather-sofa'], ['p-boucle-armchair'], ['p-marble-coffee-table'], ['p-globe-floor-lamp'], ['p-moroccan-rug'], ['p-round-mirror']],
    likes: 174,
    hoursAgo: 30 * DAY,
    comments: [{ userId: 'u-sofia-reyes', text: 'This is giving 70s study in the best way.', hoursAfter: 7 }],
  },
  {
    id: 'd-emerald-remix',
    title: 'Emerald Lounge, Coastal Edition',
    caption: 'Took Maya’s emerald living room to the coast: lighter floors, a striped rug and a linen sofa.',
    userId: 'u-priya-patel',
    spaceId: 's-sunny-living-room',
    answers: interiorAnswers('Coastal', 'Lots of sun', 'Cool blues & greens'),
    products: [['p-linen-sofa'], ['p-walnut-coffee-table'], ['p-arc-floor-lamp'], ['p-striped-rug'], ['p-velvet-pillow', 2]],
    likes: 58,
    hoursAgo: 4 * DAY,
    originalDesignId: 'd-emerald-living',
    comments: [{ userId: 'u-maya-chen', text: 'Love this version!', hoursAfter: 3 }],
  },
  // ---- landscape (12)
  {
    id: 'd-firepit-backyard',
    title: 'Fire Pit Backyard Lounge',
    caption: 'Rope sofa, steel fire bowl and café lights over the patio. We have been out here every night since.',
    userId: 'u-jordan-blake',
    spaceId: 's-family-backyard',
    answers: landscapeAnswers('Modern', 'Entertaining', 'Low maintenance', 'Fire feature', 'Temperate'),
    products: [['p-rope-outdoor-sofa'], ['p-steel-fire-pit'], ['p-cafe-string-lights'], ['p-terracotta-planter', 2], ['p-bluestone-pavers'], ['p-japanese-maple']],
    likes: 421,
    hoursAgo: 8 * DAY,
    comments: [
      { userId: 'u-sven-lindqvist', text: 'How far is the fire pit from the sofa?', hoursAfter: 2 },
      { userId: 'u-jordan-blake', text: 'About 5 ft, plenty for a wood fire.', hoursAfter: 3 },
      { userId: null, name: 'Kayla', text: 'Dream backyard.', hoursAfter: 20 },
      { userId: 'u-maya-chen', text: 'The maple is a great touch of colour.', hoursAfter: 44 },
    ],
  },
  {
    id: 'd-firepit-remix',
    title: 'Backyard Lounge with Stone Fire Pit',
    caption: 'Inspired by Jordan’s lounge: same idea with a fieldstone fire pit and Adirondack chairs.',
    userId: 'u-sven-lindqvist',
    spaceId: 's-family-backyard',
    answers: landscapeAnswers('Cottage Garden', 'Family & play', 'Some weekend work', 'Fire feature', 'Continental (cold winters)'),
    products: [['p-stone-fire-pit'], ['p-adirondack-chair', 2], ['p-cafe-string-lights'], ['p-olive-tree']],
    likes: 88,
    hoursAgo: 5 * DAY,
    originalDesignId: 'd-firepit-backyard',
    comments: [{ userId: 'u-jordan-blake', text: 'The Adirondacks suit it!', hoursAfter: 6 }],
  },
  {
    id: 'd-firepit-remix-2',
    title: 'Teak Lounge Around the Fire',
    caption: 'Third round of this backyard: teak sofa, stone fire pit and a market umbrella for the afternoons.',
    userId: 'u-kenji-watanabe',
    spaceId: 's-family-backyard',
    answers: landscapeAnswers('Japanese Zen', 'Relaxing', 'Low maintenance', 'Shade & shelter', 'Temperate'),
    products: [['p-teak-outdoor-sofa'], ['p-stone-fire-pit'], ['p-market-umbrella'], ['p-boxwood-ball', 2]],
    likes: 31,
    hoursAgo: 2 * DAY,
    originalDesignId: 'd-firepit-remix',
    comments: [],
  },
  {
    id: 'd-poolside',
    title: 'Resort-Style Pool Deck',
    caption: 'Teak loungers, a big cream umbrella and an olive tree. Feels like a holiday every weekend.',
    userId: 'u-sofia-reyes',
    spaceId: 's-pool-terrace',
    answers: landscapeAnswers('Tropical', 'Relaxing', 'Low maintenance', 'Shade & shelter', 'Mediterranean'),
    products: [['p-teak-lounger', 2], ['p-market-umbrella'], ['p-tall-planter', 2], ['p-olive-tree']],
    likes: 356,
    hoursAgo: 12 * DAY,
    comments: [
      { userId: 'u-amara-okafor', text: 'Take me there.', hoursAfter: 1 },
      { userId: null, name: 'Chris', text: 'Do the loungers stay out all year?', hoursAfter: 14 },
    ],
  },
  {
    id: 'd-front-welcome',
    title: 'Welcoming Front Yard',
    caption: 'Boxwood balls, blue hydrangeas and lanterns by the path. Curb appeal on a budget.',
    userId: 'u-priya-patel',
    spaceId: 's-craftsman-front-yard',
    answers: landscapeAnswers('Cottage Garden', 'Quiet gardening', 'Some weekend work', 'Lighting', 'Temperate'),
    products: [['p-boxwood-ball', 2], ['p-hydrangea', 3], ['p-metal-lantern', 2], ['p-brick-pavers']],
    likes: 142,
    hoursAgo: 16 * DAY,
    comments: [{ userId: 'u-jordan-blake', text: 'Hydrangeas by the door are always a win.', hoursAfter: 12 }],
  },
  {
    id: 'd-med-courtyard',
    title: 'Mediterranean Courtyard',
    caption: 'A three-tier fountain, lavender and an olive tree in terracotta. The sound of water changes everything.',
    userId: 'u-sofia-reyes',
    spaceId: 's-walled-courtyard',
    answers: landscapeAnswers('Mediterranean', 'Relaxing', 'Low maintenance', 'Water feature', 'Mediterranean'),
    products: [['p-tiered-fountain'], ['p-bistro-set'], ['p-olive-tree'], ['p-lavender-pot', 3], ['p-terracotta-planter']],
    likes: 287,
    hoursAgo: 20 * DAY,
    comments: [
      { userId: 'u-maya-chen', text: 'Stunning.', hoursAfter: 4 },
      { userId: null, name: 'Luca', text: 'Feels like Sicily.', hoursAfter: 9 },
      { userId: 'u-kenji-watanabe', text: 'The fountain is the star.', hoursAfter: 33 },
    ],
  },
  {
    id: 'd-rooftop-lounge',
    title: 'City Rooftop Hideaway',
    caption: 'A teak sofa, a cantilever umbrella and string lights above the skyline.',
    userId: 'u-lucas-moreau',
    spaceId: 's-city-rooftop',
    answers: landscapeAnswers('Modern', 'Entertaining', 'Low maintenance', 'Lighting', 'Continental (cold winters)'),
    products: [['p-teak-outdoor-sofa'], ['p-cantilever-umbrella'], ['p-concrete-planter', 2], ['p-cafe-string-lights'], ['p-wood-lantern']],
    likes: 76,
    hoursAgo: 9,
    comments: [{ userId: null, name: 'Nina', text: 'That view!', hoursAfter: 2 }],
  },
  {
    id: 'd-kitchen-garden',
    title: 'Kitchen Garden Beds',
    caption: 'Two cedar raised beds, a bench in the sun and a lemon tree. Tomatoes all summer.',
    userId: 'u-sven-lindqvist',
    spaceId: 's-cottage-garden',
    answers: landscapeAnswers('Cottage Garden', 'Growing food', 'I love to garden', 'Outdoor dining', 'Temperate'),
    products: [['p-cedar-raised-bed', 2], ['p-cedar-bench'], ['p-lemon-tree'], ['p-lavender-pot', 2]],
    likes: 133,
    hoursAgo: 24 * DAY,
    comments: [
      { userId: 'u-priya-patel', text: 'What are you growing in the beds?', hoursAfter: 3 },
      { userId: 'u-sven-lindqvist', text: 'Tomatoes, lettuce and basil.', hoursAfter: 5 },
    ],
  },
  {
    id: 'd-deck-dining',
    title: 'Cedar Deck Dinners',
    caption: 'A teak dining set for six, a kettle grill and lights strung over the deck.',
    userId: 'u-jordan-blake',
    spaceId: 's-cedar-deck',
    answers: landscapeAnswers('Modern', 'Entertaining', 'Some weekend work', 'Outdoor dining', 'Temperate'),
    products: [['p-teak-dining-set'], ['p-kettle-grill'], ['p-cafe-string-lights'], ['p-hydrangea', 2]],
    likes: 198,
    hoursAgo: 27 * DAY,
    comments: [{ userId: null, name: 'Greg', text: 'Solid deck. What stain did you use?', hoursAfter: 18 }],
  },
  {
    id: 'd-patio-pergola',
    title: 'Louvred Pergola Patio',
    caption: 'A louvred pergola for shade on demand, a stone fire pit and plenty of planting around the edges.',
    userId: 'u-maya-chen',
    spaceId: 's-stone-patio',
    answers: landscapeAnswers('Mediterranean', 'Entertaining', 'Low maintenance', 'Shade & shelter', 'Mediterranean'),
    products: [['p-aluminum-pergola'], ['p-teak-outdoor-sofa'], ['p-stone-fire-pit'], ['p-sling-lounge-chair', 2], ['p-hydrangea', 2], ['p-metal-lantern'], ['p-bluestone-pavers']],
    likes: 264,
    hoursAgo: 10 * DAY,
    comments: [
      { userId: 'u-sofia-reyes', text: 'A pergola makes such a difference.', hoursAfter: 4 },
      { userId: null, name: 'Olivia', text: 'How much shade do the louvres give at noon?', hoursAfter: 28 },
    ],
  },
  {
    id: 'd-zen-side-yard',
    title: 'Zen Side Yard Path',
    caption: 'A forgotten strip turned into a quiet path: a bubbling bowl fountain, grasses and a teak lantern.',
    userId: 'u-kenji-watanabe',
    spaceId: 's-narrow-side-yard',
    answers: landscapeAnswers('Japanese Zen', 'Quiet gardening', 'Low maintenance', 'Water feature', 'Temperate'),
    products: [['p-bowl-fountain'], ['p-ornamental-grass', 3], ['p-wood-lantern', 2], ['p-boxwood-ball']],
    likes: 19,
    hoursAgo: 20,
    comments: [{ userId: 'u-priya-patel', text: 'What a clever use of a narrow space.', hoursAfter: 3 }],
  },
  {
    id: 'd-driveway-bloom',
    title: 'Drought-Smart Driveway Garden',
    caption: 'Tall planters, a Japanese maple and lanterns along the drive. Waters itself twice a week.',
    userId: 'u-amara-okafor',
    spaceId: 's-driveway-garden',
    answers: landscapeAnswers('Desert / Xeriscape', 'Quiet gardening', 'Low maintenance', 'Lighting', 'Arid / Desert'),
    products: [['p-tall-planter', 2], ['p-japanese-maple'], ['p-metal-lantern', 2], ['p-ornamental-grass', 2]],
    likes: 67,
    hoursAgo: 33 * DAY,
    comments: [],
  },
];
