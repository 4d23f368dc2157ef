import {
  fidelityReceiptSchema,
  mediaUrlSchema,
  modeSchema,
  renderPlacementSchema,
  selectedProductSchema,
  uploadedProductImageSchema,
  userAnswersSchema,
  type Mode,
  type SelectedProduct,
  type UploadedProductImage,
} from '@dwellscape/shared';
import { z } from 'zod/mini';
import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import { readStoredJson, removeStoredKeys, writeStoredJson } from '@/lib/storage';

/*
 * The create flow's drafts (docs/product.md §3 "client-held drafts"). Everything is kept as small JSON: photos
 * are stored on the server first and only their /media/ URLs live here, so a 10 MB photo never
 * meets the browser's storage quota.
 *
 * The flow's choices live in sessionStorage, one flow per tab; the shell clears docs/product.md's four keys
 * (flowAnswers, selectedProducts, uploadedSpaceImage, selectedSpaceId) at every app load. The
 * generated image lives in localStorage, so a render finished in one tab reaches a post-creation
 * screen waiting in another through the `storage` event.
 */

export const draftProductSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  price: z.number(),
  brandId: z.string(),
  imageUrl: z.string(),
  mode: modeSchema,
});
export type DraftProduct = z.infer<typeof draftProductSchema>;

/** What one entry of the render step rendered: post-creation publishes exactly this. */
export const designSessionSchema = z.object({
  id: z.string().check(z.minLength(1)),
  mode: modeSchema,
  spaceType: z.string(),
  beforeImageUrl: z.nullable(mediaUrlSchema),
  selectedProducts: z.array(selectedProductSchema),
  uploadedProductImages: z.array(uploadedProductImageSchema),
  userAnswers: userAnswersSchema,
  startedAt: z.number(),
  /** The server's render job for this session, once queued: a reload or a later visit follows it again. */
  renderJobId: z.optional(z.string().check(z.minLength(1))),
  /** The choices the job was started from (render-plan.ts `choicesKeyOf`): other choices mean a new render. */
  choicesKey: z.optional(z.string()),
});
export type DesignSession = z.infer<typeof designSessionSchema>;

export const generatedDesignSchema = z.object({
  designSessionId: z.string().check(z.minLength(1)),
  imageUrl: mediaUrlSchema,
  timestamp: z.number(),
  /** Where the local engine put each product, as last adjusted by the person. */
  placements: z.optional(z.array(renderPlacementSchema)),
  /** Which of the render job's variations this is (as adjusted), and its fidelity receipt: a reload shows them again. */
  variation: z.optional(z.int().check(z.minimum(0))),
  receipt: z.optional(z.nullable(fidelityReceiptSchema)),
});
export type GeneratedDesign = z.infer<typeof generatedDesignSchema>;

const sessionFields = {
  selectedProducts: { key: 'selectedProducts', schema: z.array(draftProductSchema), empty: [] as DraftProduct[] },
  uploadedProductImages: {
    key: 'uploadedProductImages',
    schema: z.array(uploadedProductImageSchema),
    empty: [] as UploadedProductImage[],
  },
  flowAnswers: { key: 'flowAnswers', schema: z.record(z.string(), z.string()), empty: {} as Record<string, string> },
  uploadedSpaceImage: { key: 'uploadedSpaceImage', schema: z.nullable(mediaUrlSchema), empty: null as string | null },
  selectedSpaceId: {
    key: 'selectedSpaceId',
    schema: z.nullable(z.string().check(z.minLength(1))),
    empty: null as string | null,
  },
  selectedSpaceType: { key: 'selectedSpaceType', schema: z.string(), empty: '' as string },
  userNotes: { key: 'userNotes', schema: z.string(), empty: '' as string },
  refinedNotes: { key: 'refinedNotes', schema: z.string(), empty: '' as string },
  designSession: { key: 'designSession', schema: z.nullable(designSessionSchema), empty: null as DesignSession | null },
} as const;

export const GENERATED_DESIGN_KEY = 'generatedDesignImage';

type SessionFields = typeof sessionFields;
export type CreateDraft = { [K in keyof SessionFields]: SessionFields[K]['empty'] } & {
  generatedDesign: GeneratedDesign | null;
};
export type DraftChange = Partial<Omit<CreateDraft, 'generatedDesign'>>;

const sessionKeys = Object.values(sessionFields).map((field) => field.key);
export const ALL_DRAFT_KEYS = [...sessionKeys, GENERATED_DESIGN_KEY] as const;

function rawSignature(): string {
  const read = (storage: () => Storage, key: string) => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  const session = sessionKeys.map((key) => read(() => window.sessionStorage, key));
  return JSON.stringify([...session, read(() => window.localStorage, GENERATED_DESIGN_KEY)]);
}

function readDraft(): CreateDraft {
  const draft = {} as Record<string, unknown>;
  for (const [name, field] of Object.entries(sessionFields)) {
    draft[name] = readStoredJson('session', field.key, field.schema as z.ZodMiniType<unknown>) ?? field.empty;
  }
  draft.generatedDesign = readStoredJson('local', GENERATED_DESIGN_KEY, generatedDesignSchema);
  return draft as CreateDraft;
}

/** Storage as the store last read or wrote it: anything else was changed behind its back. */
let knownSignature: string | null = null;
/** The draft as storage holds it, field by field: a write stores only the fields that changed since. */
let stored: CreateDraft | null = null;
/** Whether the browser kept the last generated image written. */
let generatedDesignKept = true;

const emptyDraft = (): CreateDraft =>
  ({
    ...Object.fromEntries(Object.entries(sessionFields).map(([name, field]) => [name, field.empty])),
    generatedDesign: null,
  }) as CreateDraft;

/** An empty field is not kept: null, '', [] and {} (flowAnswers before any answer) remove their key. */
const isEmptyValue = (value: unknown) =>
  value === null ||
  value === '' ||
  (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value).length === 0);

/*
 * One draft, many keys: each field keeps its own sessionStorage key (docs/product.md names them; the shell clears four of them at
 * load) and the generated image its localStorage key, as plain JSON, so zustand's single-key JSON storage does not fit.
 */
const draftStorage: PersistStorage<CreateDraft> = {
  getItem: () => {
    stored = readDraft();
    knownSignature = rawSignature();
    return { state: stored, version: 0 };
  },
  setItem: (_name, { state }) => {
    for (const [name, field] of Object.entries(sessionFields)) {
      const value = state[name as keyof SessionFields];
      if (stored && stored[name as keyof SessionFields] === value) continue;
      if (isEmptyValue(value)) removeStoredKeys('session', [field.key]);
      else if (!writeStoredJson('session', field.key, value))
        console.warn(`Could not keep the draft "${field.key}" in this browser`);
    }
    if (!stored || stored.generatedDesign !== state.generatedDesign) {
      if (state.generatedDesign === null) removeStoredKeys('local', [GENERATED_DESIGN_KEY]);
      else generatedDesignKept = writeStoredJson('local', GENERATED_DESIGN_KEY, state.generatedDesign);
    }
    stored = state;
    knownSignature = rawSignature();
  },
  removeItem: () => {
    removeStoredKeys('session', sessionKeys);
    removeStoredKeys('local', [GENERATED_DESIGN_KEY]);
  },
};

const useDraftStore = create<CreateDraft>()(persist(emptyDraft, { name: 'createDraft', storage: draftStorage }));

/** Re-reads storage when it changed behind the store's back (another tab, the shell's clean-up at load). */
export function refreshCreateDraft(): CreateDraft {
  if (rawSignature() !== knownSignature) void useDraftStore.persist.rehydrate();
  return useDraftStore.getState();
}

/**
 * The drafts as storage holds them now. The same object comes back until storage changes,
 * whoever changed it (this tab, another tab, the shell's clean-up at load).
 */
export const getCreateDraft = refreshCreateDraft;

export function updateCreateDraft(change: DraftChange): void {
  refreshCreateDraft();
  const known = Object.fromEntries(Object.entries(change).filter(([name]) => name in sessionFields));
  useDraftStore.setState(known);
}

/**
 * docs/product.md §4: the generated image is kept "if its size allows". A refused write is not an error the
 * person can act on: the render step still shows the image and hands it to post-creation.
 */
export function saveGeneratedDesign(design: GeneratedDesign): boolean {
  refreshCreateDraft();
  useDraftStore.setState({ generatedDesign: design });
  if (!generatedDesignKept) {
    console.warn('The generated design could not be kept in browser storage; it stays on this page only');
  }
  return generatedDesignKept;
}

export function clearGeneratedDesign(): void {
  refreshCreateDraft();
  useDraftStore.setState({ generatedDesign: null });
}

/** After publishing: the next design starts from nothing. */
export function clearCreateDraft(): void {
  refreshCreateDraft();
  useDraftStore.setState(emptyDraft());
}

// another tab wrote localStorage (the generated image); sessionStorage is per tab and never fires here
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || ALL_DRAFT_KEYS.includes(event.key as (typeof ALL_DRAFT_KEYS)[number]))
      refreshCreateDraft();
  });
}

export function useCreateDraft(): CreateDraft {
  return useDraftStore();
}

/* ---------- what the drafts mean for a given mode ---------- */

/** Products follow the active design mode; a choice made in the other mode waits there. */
export function productsOfMode(draft: CreateDraft, mode: Mode): DraftProduct[] {
  return draft.selectedProducts.filter((product) => product.mode === mode);
}

export function hasChosenItems(draft: CreateDraft, mode: Mode): boolean {
  return productsOfMode(draft, mode).length > 0 || draft.uploadedProductImages.length > 0;
}

export function hasAnsweredAll(draft: CreateDraft, questionIds: readonly string[]): boolean {
  return questionIds.every((id) => Boolean(draft.flowAnswers[id]));
}

export function hasChosenSpace(draft: CreateDraft): boolean {
  return Boolean(draft.uploadedSpaceImage || draft.selectedSpaceId);
}

/** The publishable snapshot of a chosen product (docs/product.md §3 selected_products entry). */
export function toSelectedProduct(product: DraftProduct): SelectedProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    brandId: product.brandId,
    imageUrl: product.imageUrl,
    quantity: 1,
  };
}
