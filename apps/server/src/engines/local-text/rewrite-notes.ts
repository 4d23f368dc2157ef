import { NOTES_MAX_LENGTH } from '@dwellscape/shared';
import { asSentence, cutAtWord, mergeDuplicates, normaliseText, splitStatements, tidyStatement } from './clean-text';
import { vocabularies, type SpaceKind, type SpaceVocabulary } from './vocabulary';

const OTHER_LABEL = 'Also';

/** "I'd really like more plants" → "More plants"; "we don't want any clutter" → "Avoid clutter". */
function asWish(statement: string): string {
  const negative =
    /^(?:(?:i|we) )?(?:really |definitely )?(?:don't|do not|never) (?:want|like|need)(?: to see)?(?: any)? (.+)$/i.exec(
      statement,
    ) ?? /^(?:i|we) (?:hate|dislike|can't stand) (.+)$/i.exec(statement);
  if (negative) return `avoid ${negative[1]}`;
  // only a wish for a thing is shortened; "I want it to feel calm" reads well as it is
  const wish =
    /^(?:i|we)(?: really| definitely)? (?:want|would like|'d like|need|love|wish for|hope for)(?: to have)? ((?:a|an|some|more|less|fewer|lots|plenty|another|extra|new|bigger|larger|smaller|softer|warmer|brighter|cooler|better)\b.*)$/i.exec(
      statement,
    );
  return wish ? wish[1]! : statement;
}

function sectionOf(statement: string, vocabulary: SpaceVocabulary): string {
  const text = statement.toLowerCase();
  let best = OTHER_LABEL;
  let bestHits = 0;
  for (const section of vocabulary.sections) {
    const hits = text.match(new RegExp(section.keywords.source, 'g'))?.length ?? 0;
    if (hits > bestHits) {
      best = section.label;
      bestHits = hits;
    }
  }
  return best;
}

function applyVocabulary(text: string, vocabulary: SpaceVocabulary): string {
  return vocabulary.replacements.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

/**
 * The local text engine's notes rewrite: rough notes become a design brief grouped by what a
 * designer works on in this kind of space. Every wish is kept in the person's own words (tidied),
 * repeats are merged, and nothing is added that they did not ask for.
 */
export function rewriteNotesAsBrief(notes: string, spaceType: SpaceKind): string {
  const vocabulary = vocabularies[spaceType];
  const statements = mergeDuplicates(
    splitStatements(notes)
      .map(tidyStatement)
      .filter((s) => /[\p{L}\p{N}]/u.test(s)),
  );
  if (statements.length === 0) return cutAtWord(normaliseText(notes), NOTES_MAX_LENGTH);

  const grouped = new Map<string, string[]>();
  for (const statement of statements) {
    const text = asSentence(applyVocabulary(asWish(statement), vocabulary));
    const label = sectionOf(text, vocabulary);
    grouped.set(label, [...(grouped.get(label) ?? []), text]);
  }

  const order = [...vocabulary.sections.map((s) => s.label), OTHER_LABEL];
  const lines = [`Design brief for ${vocabulary.place}:`];
  for (const label of order) {
    const items = grouped.get(label);
    if (items) lines.push(`${label}: ${items.join(' ')}`);
  }
  return fitWithin(lines, NOTES_MAX_LENGTH);
}

/** Whole lines while they fit; the last one cut at a word if it does not. */
function fitWithin(lines: string[], max: number): string {
  let out = '';
  for (const line of lines) {
    const next = out ? `${out}\n${line}` : line;
    if (next.length <= max) {
      out = next;
      continue;
    }
    const room = max - out.length - 1;
    if (room > 20) out = `${out}\n${cutAtWord(line, room)}`;
    break;
  }
  return out;
}
