import type { Config } from '../config';
import { seededLayoutOf, seededSceneWithout } from '@dwellscape/sample-art';
import type { FileStorage } from '../storage/file-storage';
import { CompositorImageEngine, createRenderPool } from './compositor';
import { RewriterTextEngine } from './local-text';
import { OpenAiImageEngine, OpenAiTextEngine } from './openai';
import type { Engines } from './types';

/**
 * The image and text engines chosen by IMAGE_ENGINE / TEXT_ENGINE; `local` needs no network. The image engines
 * share a pool of render threads: `close()` stops it (the app calls it on close).
 */
export function createEngines(config: Config, _storage: FileStorage): Engines {
  const remote = { baseUrl: config.openai.baseUrl, apiKey: config.openai.apiKey };
  // the remote engine uses the pool too: to plan its mask, paste the photo back and measure the receipt
  const renderPool = createRenderPool();
  return {
    image:
      config.imageEngine === 'openai'
        ? new OpenAiImageEngine({ ...remote, model: config.openai.imageModel }, renderPool)
        : new CompositorImageEngine(renderPool, { layoutOf: seededLayoutOf, sceneWithout: seededSceneWithout }),
    text:
      config.textEngine === 'openai'
        ? new OpenAiTextEngine({ ...remote, model: config.openai.textModel })
        : new RewriterTextEngine(),
    warm: () => renderPool.warm(),
    close: async () => {
      await renderPool.close();
    },
  };
}
