export type SpaceKind = 'interior' | 'outdoor';

export interface BriefSection {
  label: string;
  /** Word starts that put a statement in this section. */
  keywords: RegExp;
}

export interface SpaceVocabulary {
  /** "the room" / "the yard": what the brief is about. */
  place: string;
  sections: BriefSection[];
  /** Vague words the person used, said the way a designer would for this kind of space. */
  replacements: ReadonlyArray<readonly [RegExp, string]>;
  closings: readonly string[];
}

const styleWords =
  /\b(cos|coz|snug|warm|cool|modern|minimal|scandi|nordic|industrial|boho|bohemian|coastal|rustic|farmhouse|luxur|glam|elegant|moody|calm|serene|relax|feel|vibe|style|aesthetic|look|mood|inviting|welcoming|fresh|clean|tropical|mediterr|zen|japan|cottage|desert|natural|timeless|classic|vintage|retro|eclectic|playful)/;

export const vocabularies: Record<SpaceKind, SpaceVocabulary> = {
  interior: {
    place: 'the room',
    sections: [
      {
        label: 'Lighting',
        keywords:
          /\b(light|lamp|lighting|bright|dark|dim|window|sun|daylight|glow|candle|pendant|sconce|chandelier|curtain|blind)/,
      },
      {
        label: 'Furnishings',
        keywords:
          /\b(sofa|couch|chair|armchair|table|desk|bed|rug|carpet|shel|bookcase|cabinet|dresser|sideboard|ottoman|pouf|stool|bench|cushion|pillow|throw|art|mirror|plant|furniture|furnishing|decor|piece|storage)/,
      },
      {
        label: 'Colours and materials',
        keywords:
          /\b(colou?r|paint|palette|tone|wood|oak|walnut|linen|velvet|leather|wool|cotton|marble|metal|brass|rattan|jute|textur|fabric|pattern|neutral|beige|white|black|gr[ae]y|green|blue|navy|red|pink|yellow|orange|purple|brown|terracotta|sage|cream|gold)/,
      },
      {
        label: 'Layout and use',
        keywords:
          /\b(layout|space|open|room for|corner|zone|flow|walk|clutter|organi|kids|child|pet|dog|cat|guest|work|read|relax|entertain|sleep|dining|tv|movie|small|big|large|cramped|spacious)/,
      },
      { label: 'Style and mood', keywords: styleWords },
    ],
    replacements: [
      [/\b(the|this|my|our) (place|space|area)\b/gi, '$1 room'],
      [/\bstuff\b/gi, 'furnishings'],
      [/\bthings\b/gi, 'pieces'],
      [/\bmore lights\b/gi, 'more lighting'],
    ],
    closings: [
      'Come on in and make yourself at home.',
      'A room made for slow mornings and easy evenings.',
      'Every corner invites you to stay a little longer.',
    ],
  },
  outdoor: {
    place: 'the yard',
    sections: [
      {
        label: 'Planting',
        keywords:
          /\b(plant|tree|shrub|bush|flower|bloom|grass|lawn|garden|green|herb|vegetable|hedge|fern|palm|succulent|cact|native|perennial|bed|pot|planter)/,
      },
      {
        label: 'Hardscape',
        keywords:
          /\b(patio|deck|path|walkway|paver|paving|stone|gravel|concrete|brick|tile|fence|wall|step|terrace|border|edging|pergola|retaining)/,
      },
      {
        label: 'Outdoor living',
        keywords:
          /\b(seat|sofa|chair|bench|table|dining|eat|fire|grill|bbq|barbecue|lounge|hammock|umbrella|shade|play|kids|child|pet|dog|pool|hot tub|entertain|guest|relax|read)/,
      },
      { label: 'Lighting', keywords: /\b(light|lantern|lamp|glow|night|evening|dark|solar|string)/ },
      {
        label: 'Upkeep and climate',
        keywords:
          /\b(maintenance|maintain|upkeep|water|irrigat|drought|dry|rain|sun|climate|frost|winter|summer|wind|easy care|low effort|mow)/,
      },
      { label: 'Style and mood', keywords: styleWords },
    ],
    replacements: [
      [/\b(the|this|my|our) (place|space|area|outside)\b/gi, '$1 yard'],
      [/\bstuff\b/gi, 'features'],
      [/\bthings\b/gi, 'features'],
      [/\bmore plants\b/gi, 'more planting'],
      [/\bgreenery\b/gi, 'planting'],
    ],
    closings: [
      'Step outside and stay a while.',
      'An outdoor space made for fresh air, long evenings and good company.',
      'Every corner of the yard invites you to slow down and enjoy the open air.',
    ],
  },
};
