export { OpenAiImageEngine, type OpenAiImageEngineOptions } from './openai-image-engine';
export { OpenAiTextEngine } from './openai-text-engine';
