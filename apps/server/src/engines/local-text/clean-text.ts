/** Shorthand people type, said in full. Word-bounded and case-insensitive. */
const shorthand: ReadonlyArray<readonly [RegExp, string]> = [
  [/(^|\s)w\/o(?=\s|$)/gi, '$1without'],
  [/(^|\s)w\/(?=\s|$)/gi, '$1with'],
  [/(^|\s)w\/(?=[a-z])/gi, '$1with '],
  [/\s+&\s+/g, ' and '],
  [/\s+\+\s+/g, ' and '],
  [/\b(b\/c|bc|cuz|coz)\b/gi, 'because'],
  [/\babt\b/gi, 'about'],
  [/\b(pls|plz)\b/gi, 'please'],
  [/(?<![\w'-])u(?![\w'-])/gi, 'you'],
  [/(?<![\w'-])ur(?![\w'-])/gi, 'your'],
  [/\btho\b/gi, 'though'],
  [/\bthru\b/gi, 'through'],
  [/\bppl\b/gi, 'people'],
  [/\bidk\b/gi, 'not sure'],
  [/\b(kinda|sorta)\b/gi, 'somewhat'],
  [/\b(gonna)\b/gi, 'going to'],
  [/\b(wanna)\b/gi, 'want to'],
  [/\bdont\b/gi, "don't"],
  [/\bcant\b/gi, "can't"],
  [/\bdoesnt\b/gi, "doesn't"],
  [/\bisnt\b/gi, "isn't"],
  [/\bim\b/gi, "I'm"],
  [/\bive\b/gi, "I've"],
  [/\bi\b/g, 'I'],
];

/** Words that carry no wish: dropped wherever they stand. */
const fillers =
  /(^|[\s,])(um+|uh+|erm+|hmm+|lol|lmao|haha+|ok so|so yeah|yeah|you know|i guess|basically)(?=[\s,.!?]|$)/gi;

/** Unicode-normalised, control characters gone, line breaks kept, spaces collapsed. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\p{Cc}\u200b-\u200d\ufeff]/gu, (c) => (c === '\n' ? c : ' '))
    .replace(/[ \t\u00a0]+/g, ' ')
    .trim();
}

/** Splits notes into statements: lines, bullets, semicolons and sentence ends. */
export function splitStatements(text: string): string[] {
  return normaliseText(text)
    .split(/\n+|;\s*|(?<=[.!?])\s+(?=\S)|\s+(?:-|•|\*|–|—)\s+/)
    .map((s) => s.replace(/^\s*(?:[-*•·–—>]+|\d+[.)])\s*/, '').trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** One statement tidied: shorthand spelled out, fillers and stutters gone, spacing and punctuation fixed. */
export function tidyStatement(statement: string): string {
  let s = ` ${statement} `;
  for (const [pattern, replacement] of shorthand) s = s.replace(pattern, replacement);
  s = s.replace(fillers, '$1');
  s = s
    .replace(/\b(\p{L}+)(\s+\1\b)+/giu, '$1')
    .replace(/\s+([,.!?:])/g, '$1')
    .replace(/([,:])(?=\p{L})/gu, '$1 ')
    .replace(/([!?])\1+/g, '$1')
    .replace(/\.{2,}/g, '.')
    .replace(/,{2,}/g, ',')
    .replace(/^[\s,.;:]+/, '')
    .replace(/[\s,;:]+$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return s;
}

/** Capital first letter, a full stop unless it already ends a sentence. */
export function asSentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const capitalised = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]["')\]]?$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

const stopwords = new Set(
  "a an the and or but to of for in on at with without by from my our your their this that these those is are be it its i we me us you some any more really very so just also too please want would like need have has get make should could can will i'd we'd".split(
    ' ',
  ),
);

/** The words that carry the meaning, singular, lower case: the basis for spotting duplicates. */
export function meaningWords(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .filter((w) => w && !stopwords.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return new Set(words);
}

/**
 * Drops statements that say the same as another: equal meaning words, or all of their meaning
 * words said again in a longer statement (which wins, at the place of the first).
 */
export function mergeDuplicates(statements: string[]): string[] {
  const keys = statements.map(meaningWords);
  const result: Array<{ text: string; key: Set<string> } | null> = [];
  statements.forEach((text, i) => {
    const key = keys[i]!;
    if (key.size === 0) return;
    for (let j = 0; j < result.length; j++) {
      const kept = result[j];
      if (!kept) continue;
      if (isSubset(key, kept.key)) return;
      if (isSubset(kept.key, key)) {
        // the fuller statement takes the place of the first one it covers, and of any other it covers
        result[j] = { text, key };
        for (let k = j + 1; k < result.length; k++) {
          const other = result[k];
          if (other && isSubset(other.key, key)) result[k] = null;
        }
        return;
      }
    }
    result.push({ text, key });
  });
  return result.filter((r): r is { text: string; key: Set<string> } => r !== null).map((r) => r.text);
}

function isSubset(small: Set<string>, big: Set<string>): boolean {
  if (small.size > big.size) return false;
  for (const w of small) if (!big.has(w)) return false;
  return true;
}

/** Cuts at the last word boundary under `max` characters. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '');
}
