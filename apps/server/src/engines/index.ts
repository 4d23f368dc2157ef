import type { Config } from '../config';
import type { FileStorage } from '../storage/file-storage';
import { CompositorImageEngine } from './compositor';
import { RewriterTextEngine } from './local-text';
import { OpenAiImageEngine, OpenAiTextEngine } from './openai';
import type { Engines } from './types';

/** The image and text engines chosen by IMAGE_ENGINE / TEXT_ENGINE; `local` needs no network. */
export function createEngines(config: Config, _storage: FileStorage): Engines {
  const remote = { baseUrl: config.openai.baseUrl, apiKey: config.openai.apiKey };
  return {
    image:
      config.imageEngine === 'openai'
        ? new OpenAiImageEngine({ ...remote, model: config.openai.imageModel })
        : new CompositorImageEngine(),
    text:
      config.textEngine === 'openai'
        ? new OpenAiTextEngine({ ...remote, model: config.openai.textModel })
        : new RewriterTextEngine(),
  };
}
