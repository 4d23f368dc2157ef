import { CAPTION_MAX_LENGTH } from '@dwellscape/shared';
import { asSentence, cutAtWord, mergeDuplicates, normaliseText, splitStatements, tidyStatement } from './clean-text';
import { vocabularies, type SpaceKind } from './vocabulary';

const MAX_OWN_SENTENCES = 2;
const MAX_SENTENCE_LENGTH = 240;

/** A stable pick from a list: the same text always gets the same closing line. */
function pickFor(text: string, options: readonly string[]): string {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return options[(hash >>> 0) % options.length]!;
}

/**
 * The local text engine's caption rewrite: one to three sentences — the person's own (tidied,
 * repeats merged, at most two) and an inviting closing line in the space's vocabulary.
 * Hashtags stay, at the end.
 */
export function rewriteCaption(caption: string, spaceType: SpaceKind): string {
  const vocabulary = vocabularies[spaceType];
  const text = normaliseText(caption);
  const hashtags = [...new Set(text.match(/#[\p{L}\p{N}_]+/gu) ?? [])].slice(0, 10);
  const withoutTags = text.replace(/#[\p{L}\p{N}_]+/gu, ' ');

  const own = mergeDuplicates(splitStatements(withoutTags).map(tidyStatement).filter(Boolean))
    .slice(0, MAX_OWN_SENTENCES)
    .map((s) => asSentence(cutAtWord(s, MAX_SENTENCE_LENGTH)));
  const closing = pickFor(own.join(' ').toLowerCase(), vocabulary.closings);
  const sentences = [...own, closing];
  const tags = hashtags.join(' ');
  const body = cutAtWord(sentences.join(' '), CAPTION_MAX_LENGTH - (tags ? tags.length + 1 : 0));
  return tags ? `${body} ${tags}` : body;
}
