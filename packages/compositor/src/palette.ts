import type { Mode } from '@dwellscape/shared';

/** How the photo is re-graded. Each axis runs from -1 to 1; 0 leaves it alone. */
export interface Grade {
  /** cool (blue) ↔ warm (amber) */
  warmth: number;
  /** moody (darker, vignetted) ↔ bright (lifted, airy) */
  brightness: number;
  saturation: number;
  contrast: number;
  /** The style's signature colour, washed into the mid-tones (0–255 RGB). */
  accent: readonly [number, number, number];
  accentStrength: number;
}

interface Nudge {
  warmth?: number;
  brightness?: number;
  saturation?: number;
  contrast?: number;
  accent?: readonly [number, number, number];
}

const amber = [214, 150, 84] as const;
const terracotta = [196, 110, 78] as const;
const sand = [214, 190, 150] as const;
const aqua = [96, 178, 196] as const;
const steel = [120, 136, 150] as const;
const gold = [206, 170, 92] as const;
const leaf = [104, 160, 92] as const;
const moss = [126, 146, 100] as const;
const rose = [210, 140, 150] as const;
const navy = [60, 80, 140] as const;
const blush = [226, 180, 176] as const;
const lavender = [160, 140, 200] as const;

/** Words people answer with, and how each pulls the grade. Matched on word starts. */
const lexicon: ReadonlyArray<readonly [RegExp, Nudge]> = [
  [/\bcos|\bcoz|\bsnug|\bhygge/, { warmth: 0.6, brightness: -0.15, saturation: 0.05, accent: amber }],
  [/\bwarm/, { warmth: 0.7 }],
  [/\bcool|\bcold|\bicy|\bcrisp/, { warmth: -0.7 }],
  [/\bmodern|\bcontemporary|\bsleek/, { warmth: -0.15, contrast: 0.3, saturation: -0.1, accent: steel }],
  [/\bminimal|\bsimple|\bclean/, { brightness: 0.35, saturation: -0.3, contrast: -0.05 }],
  [/\bscandi|\bnordic/, { brightness: 0.45, warmth: -0.1, saturation: -0.25, accent: sand }],
  [/\bindustrial|\burban|\bloft/, { warmth: -0.3, brightness: -0.25, contrast: 0.4, saturation: -0.3, accent: steel }],
  [/\bboho|\bbohemian|\beclectic/, { warmth: 0.5, saturation: 0.35, accent: terracotta }],
  [/\bcoastal|\bbeach|\bnautical|\bseaside/, { warmth: -0.35, brightness: 0.4, saturation: 0.1, accent: aqua }],
  [/\bluxur|\bglam|\belegant|\bopulent/, { contrast: 0.35, brightness: -0.15, saturation: 0.1, accent: gold }],
  [/\brustic|\bfarmhouse|\bcabin|\bcountry/, { warmth: 0.5, saturation: -0.1, accent: terracotta }],
  [/\bmood|\bdark|\bdramatic|\bintimate|\bevening|\bnight/, { brightness: -0.6, contrast: 0.3 }],
  [/\bbright|\bairy|\bsunny|\blots\b|\bplenty|\babundant|\bfull sun|\bopen/, { brightness: 0.5 }],
  [/\bdim|\blow\b|\blimited|\bshade|\bshady/, { brightness: -0.3 }],
  [/\bneutral|\bbeige|\bearth|\bnatural/, { saturation: -0.2, warmth: 0.2, accent: sand }],
  [/\bbold|\bvibrant|\bcolou?rful|\bsaturated|\bplayful/, { saturation: 0.5, contrast: 0.2 }],
  [/\bpastel|\bsoft|\bgentle|\bcalm|\bserene|\brelax/, { saturation: -0.15, brightness: 0.25, contrast: -0.2 }],
  [/\bmonochrom|\bblack and white|\bgr[ae]yscale/, { saturation: -0.8, contrast: 0.2 }],
  [/\btropic|\blush|\bjungle/, { saturation: 0.4, warmth: 0.2, accent: leaf }],
  [/\bdesert|\barid|\bxeri|\bdrought|\bdry\b/, { warmth: 0.6, saturation: -0.1, accent: sand }],
  [/\bmediterr|\btuscan|\bspanish/, { warmth: 0.5, brightness: 0.3, accent: terracotta }],
  [/\bzen|\bjapan|\bwabi/, { saturation: -0.2, contrast: -0.1, accent: moss }],
  [/\bcottage|\benglish|\bromantic/, { saturation: 0.2, warmth: 0.2, accent: rose }],
  [/\bgreen|\bsage|\bolive|\bforest|\bbotanic/, { accent: leaf }],
  [/\bblue|\bnavy|\bindigo/, { warmth: -0.2, accent: navy }],
  [/\bteal|\bturquoise|\baqua/, { accent: aqua }],
  [/\bred\b|\brust\b|\bterracotta|\borange|\bclay/, { warmth: 0.3, accent: terracotta }],
  [/\byellow|\bmustard|\bgold|\bbrass/, { warmth: 0.3, accent: gold }],
  [/\bpink|\bblush|\bpeach/, { accent: blush }],
  [/\bpurple|\bviolet|\blavender/, { accent: lavender }],
  [/\bgr[ae]y\b|\bcharcoal|\bslate/, { saturation: -0.25, accent: steel }],
  [/\bwhite\b|\bivory|\bcream/, { brightness: 0.2, saturation: -0.1 }],
  [/\bblack\b/, { contrast: 0.2, brightness: -0.1 }],
];

type Rgb = readonly [number, number, number];

function averageColour(colours: Rgb[]): Rgb {
  const mean = (c: 0 | 1 | 2) => Math.round(colours.reduce((s, colour) => s + colour[c], 0) / colours.length);
  return [mean(0), mean(1), mean(2)];
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Maps the answers (and any extra style words) to a grade. Pure and order-independent: the
 * same words give the same grade, whatever order the questions came in.
 */
export function gradeFromAnswers(answers: Record<string, string>, mode: Mode, extraText = ''): Grade {
  const text = [
    ...Object.keys(answers)
      .sort()
      .map((k) => answers[k] ?? ''),
    extraText,
  ]
    .join(' ')
    .toLowerCase();
  // a light house style, so even an empty quiz reads as a restyle rather than the original photo
  const sum = { warmth: 0.15, brightness: 0.1, saturation: 0.1, contrast: 0.15 };
  const accents: Rgb[] = [];
  for (const [pattern, nudge] of lexicon) {
    if (!pattern.test(text)) continue;
    sum.warmth += nudge.warmth ?? 0;
    sum.brightness += nudge.brightness ?? 0;
    sum.saturation += nudge.saturation ?? 0;
    sum.contrast += nudge.contrast ?? 0;
    if (nudge.accent) accents.push(nudge.accent);
  }
  const fallback = mode === 'landscape' ? leaf : sand;
  const accent = accents.length === 0 ? fallback : averageColour(accents);
  return {
    warmth: clamp(sum.warmth, -1, 1),
    brightness: clamp(sum.brightness, -1, 1),
    saturation: clamp(sum.saturation, -1, 1),
    contrast: clamp(sum.contrast, -1, 1),
    accent,
    accentStrength: accents.length === 0 ? 0.08 : 0.16,
  };
}
