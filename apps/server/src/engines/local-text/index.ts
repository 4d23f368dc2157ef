export { RewriterTextEngine } from './rewriter-text-engine';
export { rewriteNotesAsBrief } from './rewrite-notes';
export { rewriteCaption } from './rewrite-caption';
