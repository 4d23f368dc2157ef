import type {
  DrawnView,
  EraseInputBody,
  FidelityReceipt,
  FloorPlane,
  FoundPiece,
  GenerateDesignFields,
  Mode,
} from '@dwellscape/shared';

/** A loaded image handed to an engine: the bytes plus what it shows. */
export interface EngineImage {
  bytes: Buffer;
  /** For product images: the catalogue category (sofa, rug, lamp, planter…) and name. */
  category?: string;
  name?: string;
  brandName?: string;
  /**
   * A person's own item: the real size they gave it (width × depth × height, cm), which renders stand it at. A
   * catalogue product's size comes from the catalogue; anything else gets its category's.
   */
  sizeCm?: { width: number; depth: number; height: number };
  /**
   * A catalogue product's pictures for the local render (decision 0045): alone on a transparent frame, from the front
   * and turned to show a side on the picture's left or right.
   */
  views?: { front: Buffer; left: Buffer; right: Buffer };
}

export interface GenerateDesignInput {
  spaceImage: Buffer;
  /** The storage key of the space photo when it is a stored one: a seeded space's layout is known by it. */
  spaceImageKey?: string;
  products: EngineImage[];
  fields: GenerateDesignFields;
  /** Which variation: the local engine's output is fixed by it (0 is the plain render); remote engines may ignore it. */
  seed?: number;
  /** Placements a person adjusted, by index in `products`: each listed product drawn in its box, the rest left out. */
  placements?: EnginePlacement[];
  /** The floor adjusted placements stand on (the render's, or as the person set it): answered with the render. */
  plane?: FloorPlane['corners'];
  /** The person set that floor: the receipt says so. */
  floorSetByYou?: boolean;
  /** With the floor the person set: the products the render left out, by index, to place on it. */
  placeOnFloor?: number[];
  /** What to erase from the photo before the products are drawn (fractions of the render), checked already. */
  erase?: EraseInputBody;
  /** With `placements`: the products the person removed, by index (not placed): the receipt counts them apart. */
  removed?: number[];
  /** With `placements`: how many of them the person placed by hand where the render left them out (the receipt says). */
  placedByYou?: number;
  /** With `placements`: the layout the render being adjusted found, kept on the new receipt (`renderedLayout`). */
  renderedLayout?: FidelityReceipt['renderedLayout'];
}

/** Where an engine drew one product, by its index in the input's products, in the output's pixels. */
export interface EnginePlacement {
  index: number;
  box: { x: number; y: number; width: number; height: number };
  /** The room's own piece it took the place of. */
  replaced?: string;
  pose?: 'standing' | 'flat' | 'hung' | 'suspended';
  /**
   * A standing product's view as the render drew it (which picture: a variation's turn or the wall's; its warp to the
   * wall's vanishing point): answered with the render, and an adjusted placement that brings it back is drawn from it.
   */
  view?: DrawnView;
}

/** The pictures to adjust a render live (decision 0046): the render without products, each product as drawn. */
export interface EngineLayers {
  base: Buffer;
  products: Array<{ index: number; bytes: Buffer; x: number; y: number; width: number; height: number }>;
}

export interface GenerateFromPromptInput {
  prompt: string;
  spaceImage: Buffer;
  additionalPhotos: Buffer[];
  mode?: Mode;
  seed?: number;
}

/** The result of a render: encoded image bytes (WebP) ready to be stored, and what it kept of the space. */
export interface RenderedImage {
  bytes: Buffer;
  contentType: 'image/webp' | 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** Measured off the event loop by the engine; stored with the render and never taken from a client. */
  receipt: FidelityReceipt;
  /** Where each product was drawn (the local engine); a remote engine does not say. */
  placements?: EnginePlacement[];
  /** What this variation's arrangement changes from the first's, in a few words (the local engine). */
  label?: string;
  /** The floor the products stand on and the pictures to adjust them live (the local engine). */
  plane?: FloorPlane['corners'];
  layers?: EngineLayers;
  /** An uploaded photo's pieces as the local engine's geometry found them, for the erase tool. */
  pieces?: FoundPiece[];
}

export interface ImageEngine {
  readonly name: 'local' | 'openai';
  generateDesign(input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage>;
  generateFromPrompt(input: GenerateFromPromptInput, signal?: AbortSignal): Promise<RenderedImage>;
}

export interface TextEngine {
  readonly name: 'local' | 'openai';
  improveDesignNotes(notes: string, spaceType: 'outdoor' | 'interior', signal?: AbortSignal): Promise<string>;
  improveCaption(caption: string, spaceType: 'outdoor' | 'interior', signal?: AbortSignal): Promise<string>;
}

export interface Engines {
  image: ImageEngine;
  text: TextEngine;
  /** Readies the render threads so the first render after start is as fast as the next. */
  warm(): Promise<void>;
  /** Stops what the engines run in the background (the local image engine's render threads). */
  close(): Promise<void>;
}
