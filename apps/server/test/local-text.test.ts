import { CAPTION_MAX_LENGTH, NOTES_MAX_LENGTH } from '@dwellscape/shared';
import { describe, expect, it } from 'vitest';
import { RewriterTextEngine, rewriteCaption, rewriteNotesAsBrief } from '../src/engines/local-text';

const productNouns =
  /\b(sofa|couch|lamp|rug|chair|table|bed|shelf|mirror|ottoman|bench|planter|pergola|fire pit|hammock)s?\b/gi;
const nounsIn = (text: string) => new Set((text.match(productNouns) ?? []).map((n) => n.toLowerCase()));

const sentencesOf = (text: string) =>
  text
    .replace(/#[\p{L}\p{N}_]+/gu, '')
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);

describe('rewriteNotesAsBrief (interior)', () => {
  const rough =
    'um i want it to feel cozy and warm, like a cabin lol\nmore lights in the evening!!!\n- keep the grey sofa\n- keep the grey sofa\ni dont want any clutter. room for the kids to play w/ their toys; maybe a reading corner by the window & a big rug';
  const brief = rewriteNotesAsBrief(rough, 'interior');
  const lines = brief.split('\n');

  it('opens as a brief for the room and groups wishes under a designer’s headings', () => {
    expect(lines[0]).toBe('Design brief for the room:');
    expect(brief).toMatch(/^Lighting: More lighting in the evening!$/m);
    expect(brief).toMatch(/^Furnishings: Keep the grey sofa\.$/m);
    expect(brief).toMatch(/^Style and mood: I want it to feel cozy and warm, like a cabin\.$/m);
  });

  it('cleans casing, punctuation and shorthand', () => {
    expect(brief).not.toMatch(/\bum\b|\blol\b|!!|w\/|&/);
    expect(brief).toContain('play with their toys');
    expect(brief).toContain('by the window and a big rug');
    for (const line of lines.slice(1)) {
      const sentence = line.slice(line.indexOf(': ') + 2);
      expect(sentence.charAt(0)).toMatch(/[A-Z]/);
      expect(sentence).toMatch(/[.!?]$/);
    }
  });

  it('merges duplicates', () => {
    expect(brief.match(/grey sofa/g)).toHaveLength(1);
  });

  it('keeps what the person does not want', () => {
    expect(brief).toContain('Avoid clutter.');
  });

  it('invents no products', () => {
    for (const noun of nounsIn(brief)) expect(nounsIn(rough).has(noun)).toBe(true);
  });

  it('is deterministic', () => {
    expect(rewriteNotesAsBrief(rough, 'interior')).toBe(brief);
  });
});

describe('rewriteNotesAsBrief (outdoor)', () => {
  const rough =
    'low maintenance pls. more plants. I want more plants and some shade trees. a patio for bbq w/ friends. dont like lawn bc water. solar lights along the path';
  const brief = rewriteNotesAsBrief(rough, 'outdoor');

  it('uses the yard’s vocabulary', () => {
    expect(brief.split('\n')[0]).toBe('Design brief for the yard:');
    expect(brief).toMatch(/^Planting: More planting and some shade trees\. Avoid lawn because water\.$/m);
    expect(brief).toMatch(/^Hardscape: A patio for bbq with friends\.$/m);
    expect(brief).toMatch(/^Lighting: Solar lights along the path\.$/m);
    expect(brief).toMatch(/^Upkeep and climate: Low maintenance please\.$/m);
  });

  it('merges a wish said twice, keeping the fuller one', () => {
    expect(brief.match(/more planting/gi)).toHaveLength(1);
  });

  it('says vague places the way a designer would', () => {
    expect(rewriteNotesAsBrief('the space gets too much sun', 'outdoor')).toContain('The yard gets too much sun.');
    expect(rewriteNotesAsBrief('the space is too dark', 'interior')).toContain('The room is too dark.');
  });
});

describe('rewriteNotesAsBrief limits', () => {
  it('stays within the notes limit for the longest input', () => {
    const long = Array.from({ length: 200 }, (_, i) => `wish number ${i} for a calmer room`)
      .join('. ')
      .slice(0, NOTES_MAX_LENGTH);
    const brief = rewriteNotesAsBrief(long, 'interior');
    expect(brief.length).toBeLessThanOrEqual(NOTES_MAX_LENGTH);
    expect(brief.startsWith('Design brief for the room:')).toBe(true);
  });

  it('returns tidied text when nothing but fillers was written', () => {
    expect(rewriteNotesAsBrief('  um   lol  ', 'interior')).toBe('um lol');
  });
});

describe('rewriteCaption', () => {
  it('makes one to three inviting sentences and keeps hashtags at the end', () => {
    const caption = rewriteCaption('my new living room w/ teal sofa!!! so happy #cozy #home', 'interior');
    expect(caption).toMatch(/^My new living room with teal sofa! So happy\. .+\. #cozy #home$/);
    const sentences = sentencesOf(caption);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
  });

  it('merges repeats and keeps at most two of the person’s sentences', () => {
    const caption = rewriteCaption(
      'finally finished the backyard. finally finished the backyard! took 3 weekends. kids love it. dog too',
      'outdoor',
    );
    expect(caption.startsWith('Finally finished the backyard. Took 3 weekends. ')).toBe(true);
    expect(sentencesOf(caption)).toHaveLength(3);
    expect(caption).not.toContain('kids love it');
  });

  it('closes in the space’s vocabulary, the same way for the same caption', () => {
    const outdoor = rewriteCaption('our patio', 'outdoor');
    expect(outdoor).toMatch(/outside|outdoor|yard/i);
    expect(rewriteCaption('our patio', 'outdoor')).toBe(outdoor);
    expect(rewriteCaption('our den', 'interior')).toMatch(/home|room|corner/i);
  });

  it('invents no products', () => {
    const rough = 'new rug and two chairs, love it';
    for (const noun of nounsIn(rewriteCaption(rough, 'interior'))) expect(nounsIn(rough).has(noun)).toBe(true);
  });

  it('stays within the caption limit', () => {
    const caption = rewriteCaption('word '.repeat(CAPTION_MAX_LENGTH / 5), 'interior');
    expect(caption.length).toBeLessThanOrEqual(CAPTION_MAX_LENGTH);
  });
});

describe('RewriterTextEngine', () => {
  it('answers both operations through the engine interface', async () => {
    const engine = new RewriterTextEngine();
    expect(engine.name).toBe('local');
    expect(await engine.improveDesignNotes('more light', 'interior')).toBe(
      'Design brief for the room:\nLighting: More light.',
    );
    expect(await engine.improveCaption('my yard', 'outdoor')).toMatch(/^My yard\. /);
  });

  it('stops when the caller has gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(new RewriterTextEngine().improveCaption('x', 'interior', controller.signal)).rejects.toThrow();
  });
});
