import type { Config } from '../config';
import type { FileStorage } from '../storage/file-storage';
import type { Engines } from './types';

// scaffold: replaced by the engines implementation
export function createEngines(_config: Config, _storage: FileStorage): Engines {
  const unavailable = async (): Promise<never> => {
    throw new Error('engine not implemented');
  };
  return {
    image: { name: 'local', generateDesign: unavailable, generateFromPrompt: unavailable },
    text: { name: 'local', improveDesignNotes: unavailable, improveCaption: unavailable },
  };
}
