import type { TextEngine } from '../types';
import { rewriteCaption } from './rewrite-caption';
import { rewriteNotesAsBrief } from './rewrite-notes';

/** The `local` text engine: deterministic rewrites, no network. */
export class RewriterTextEngine implements TextEngine {
  readonly name = 'local' as const;

  async improveDesignNotes(notes: string, spaceType: 'outdoor' | 'interior', signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    return rewriteNotesAsBrief(notes, spaceType);
  }

  async improveCaption(caption: string, spaceType: 'outdoor' | 'interior', signal?: AbortSignal): Promise<string> {
    signal?.throwIfAborted();
    return rewriteCaption(caption, spaceType);
  }
}
