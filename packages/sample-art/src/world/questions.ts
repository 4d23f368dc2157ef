import type { Mode } from '@dwellscape/shared';

export interface SeedQuestion {
  id: string;
  questionText: string;
  type: 'buttons' | 'select';
  options: string[];
  mode: Mode;
}

/** docs/product.md §3: interior asks vibe, natural light, colour preference; landscape asks five things. */
export const SEED_QUESTIONS: readonly SeedQuestion[] = [
  {
    id: 'interior-vibe',
    questionText: "What's the vibe you're going for?",
    type: 'buttons',
    options: ['Modern Minimalist', 'Warm & Cozy', 'Scandinavian', 'Bohemian', 'Industrial', 'Coastal'],
    mode: 'interior',
  },
  {
    id: 'interior-natural-light',
    questionText: 'How much natural light does the room get?',
    type: 'buttons',
    options: ['Lots of sun', 'Some natural light', 'Mostly shade', 'Very little light'],
    mode: 'interior',
  },
  {
    id: 'interior-color-preference',
    questionText: 'Which colours do you love?',
    type: 'buttons',
    options: ['Warm neutrals', 'Cool blues & greens', 'Earthy terracotta', 'Bold & saturated', 'Black & white'],
    mode: 'interior',
  },
  {
    id: 'landscape-aesthetic',
    questionText: 'What aesthetic fits your outdoor space?',
    type: 'buttons',
    options: ['Modern', 'Mediterranean', 'Cottage Garden', 'Japanese Zen', 'Tropical', 'Desert / Xeriscape'],
    mode: 'landscape',
  },
  {
    id: 'landscape-use-of-space',
    questionText: 'How will you use the space?',
    type: 'buttons',
    options: ['Entertaining', 'Relaxing', 'Family & play', 'Growing food', 'Quiet gardening'],
    mode: 'landscape',
  },
  {
    id: 'landscape-maintenance',
    questionText: 'How much maintenance do you want?',
    type: 'buttons',
    options: ['Low maintenance', 'Some weekend work', 'I love to garden'],
    mode: 'landscape',
  },
  {
    id: 'landscape-features',
    questionText: 'Which feature matters most?',
    type: 'buttons',
    options: ['Outdoor dining', 'Fire feature', 'Water feature', 'Shade & shelter', 'Lighting', 'Privacy'],
    mode: 'landscape',
  },
  {
    id: 'landscape-climate-zone',
    questionText: 'What is your climate zone?',
    type: 'select',
    options: ['Tropical', 'Arid / Desert', 'Mediterranean', 'Temperate', 'Continental (cold winters)', 'Subarctic'],
    mode: 'landscape',
  },
];
