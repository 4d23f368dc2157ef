import type { CreateDesignStep } from '@/config/paths';

/** What the person has done so far, as the drafts show it for the active mode. */
export interface FlowProgress {
  /** Step 1: at least one product of the mode or one uploaded item. */
  hasItems: boolean;
  /** Step 2: every question of the mode answered. */
  hasAnswers: boolean;
  /** Step 3: a preset space or an uploaded photo. */
  hasSpace: boolean;
  /** Step 4: a render was started in this tab, or an image was handed over (a remix from shop-design). */
  hasDesign: boolean;
}

type Requirement = keyof FlowProgress;

const stepOfRequirement: Record<Requirement, CreateDesignStep> = {
  hasItems: 'start',
  hasAnswers: 'flow-questions',
  hasSpace: 'space-selection',
  hasDesign: 'render-result',
};

const flowOrder: Requirement[] = ['hasItems', 'hasAnswers', 'hasSpace', 'hasDesign'];

/**
 * What a step cannot open without. The render step does without products on purpose: docs/product.md §4 has it
 * render a fixed sample image then. Post-creation needs only an image to share, which a remix brings
 * along without ever passing steps 1–3.
 */
const blockingRequirements: Record<CreateDesignStep, Requirement[]> = {
  start: [],
  'flow-questions': ['hasItems'],
  'space-selection': ['hasItems', 'hasAnswers'],
  'render-result': ['hasAnswers', 'hasSpace'],
  'post-creation': ['hasDesign'],
};

/**
 * The step to send the person to instead of `target`, or null when `target` may open:
 * the first step of the flow whose choice is missing.
 */
export function redirectForStep(target: CreateDesignStep, progress: FlowProgress): CreateDesignStep | null {
  const isBlocked = blockingRequirements[target].some((requirement) => !progress[requirement]);
  if (!isBlocked) return null;
  const firstMissing = flowOrder.find((requirement) => !progress[requirement]);
  return firstMissing ? stepOfRequirement[firstMissing] : null;
}

/** Whether deciding about `target` depends on the quiz of the mode (which has to load first). */
export function guardNeedsQuestions(target: CreateDesignStep, hasDesign: boolean): boolean {
  if (target === 'post-creation') return !hasDesign;
  return blockingRequirements[target].includes('hasAnswers');
}
