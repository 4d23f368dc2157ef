import type { FidelityReceipt, GenerateDesignFields, Mode } from '@dwellscape/shared';

/** A loaded image handed to an engine: the bytes plus what it shows. */
export interface EngineImage {
  bytes: Buffer;
  /** For product images: the catalogue category (sofa, rug, lamp, planter…) and name. */
  category?: string;
  name?: string;
  brandName?: string;
}

export interface GenerateDesignInput {
  spaceImage: Buffer;
  products: EngineImage[];
  fields: GenerateDesignFields;
}

export interface GenerateFromPromptInput {
  prompt: string;
  spaceImage: Buffer;
  additionalPhotos: Buffer[];
  mode?: Mode;
}

/** The result of a render: encoded image bytes (WebP) ready to be stored, and what it kept of the space. */
export interface RenderedImage {
  bytes: Buffer;
  contentType: 'image/webp' | 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** Measured off the event loop by the engine; stored with the render and never taken from a client. */
  receipt: FidelityReceipt;
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
  /** Stops what the engines run in the background (the local image engine's render threads). */
  close(): Promise<void>;
}
