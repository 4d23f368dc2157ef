import type { GenerateDesignInput, GenerateFromPromptInput, ImageEngine, RenderedImage } from '../types';
import { renderLocalDesign } from './render-local-design';

/**
 * The `local` image engine: no network, a deterministic restyle of the photo with the chosen
 * products standing in it. The person's notes and the see-in-space prompt steer the grade too.
 */
export class CompositorImageEngine implements ImageEngine {
  readonly name = 'local' as const;

  async generateDesign(input: GenerateDesignInput, signal?: AbortSignal): Promise<RenderedImage> {
    signal?.throwIfAborted();
    const { fields } = input;
    return renderLocalDesign({
      spaceImage: input.spaceImage,
      products: input.products,
      answers: fields.userAnswers,
      mode: fields.mode,
      spaceType: fields.spaceType,
      styleText: [fields.refinedNotes, fields.userNotes].filter(Boolean).join(' '),
    });
  }

  async generateFromPrompt(input: GenerateFromPromptInput, signal?: AbortSignal): Promise<RenderedImage> {
    signal?.throwIfAborted();
    return renderLocalDesign({
      spaceImage: input.spaceImage,
      products: input.additionalPhotos.map((bytes) => ({ bytes })),
      answers: {},
      mode: input.mode ?? 'interior',
      spaceType: '',
      styleText: input.prompt,
    });
  }
}
