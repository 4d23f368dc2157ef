export { OpenAiImageEngine, IMAGE_TIMEOUT_MS, type OpenAiImageEngineOptions } from './openai-image-engine';
export { OpenAiTextEngine, TEXT_TIMEOUT_MS } from './openai-text-engine';
export type { OpenAiEngineOptions } from './upstream';
