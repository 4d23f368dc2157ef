import { messages } from '@dwellscape/shared/messages';

/*
 * The gate's markup, written into index.html at build time (vite.config.ts, staticGate): the gate paints with the
 * page's first bytes and takes the password before the app's code has arrived (bench/README.md). The classes are the
 * app's own Tailwind classes, inlined with the stylesheet; the texts are docs/product.md's, from `messages`.
 */

export type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[];

const SVG_NS = 'http://www.w3.org/2000/svg';

/* Lucide's icons (ISC licence), as lucide-react draws them: lucide-react/dist/esm/icons/<name>.mjs */
const sparkles: IconNode = [
  [
    'path',
    {
      d: 'M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z',
    },
  ],
  ['path', { d: 'M20 2v4' }],
  ['path', { d: 'M22 4h-4' }],
  ['circle', { cx: '4', cy: '20', r: '2' }],
];
const lockKeyhole: IconNode = [
  ['circle', { cx: '12', cy: '16', r: '1' }],
  ['rect', { x: '3', y: '10', width: '18', height: '12', rx: '2' }],
  ['path', { d: 'M7 10V7a5 5 0 0 1 10 0v3' }],
];
export const circleAlert: IconNode = [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['line', { x1: '12', x2: '12', y1: '8', y2: '12' }],
  ['line', { x1: '12', x2: '12.01', y1: '16', y2: '16' }],
];
export const loaderCircle: IconNode = [['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }]];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const attributesOf = (attributes: Readonly<Record<string, string>>) =>
  Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

/** lucide-react's attributes of every icon. */
const iconAttributes = {
  width: '24',
  height: '24',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
};

/** An icon as an inline SVG, hidden from assistive technology (the text beside it says what it means). */
export function iconSvg(node: IconNode, className: string): string {
  const children = node.map(([tag, attributes]) => `<${tag}${attributesOf(attributes)}></${tag}>`).join('');
  return `<svg xmlns="${SVG_NS}"${attributesOf({ ...iconAttributes, class: className, 'aria-hidden': 'true' })}>${children}</svg>`;
}

/** The same icon as a DOM element, for the gate's script to add (the alert's icon, the button's spinner). */
export function iconElement(node: IconNode, className: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const attributes = { ...iconAttributes, class: className, 'aria-hidden': 'true' };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  for (const [tag, childAttributes] of node) {
    const child = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(childAttributes)) child.setAttribute(name, value);
    svg.append(child);
  }
  return svg;
}

/** The field's classes; with `gateFieldErrorClasses` while a failure shows. */
export const gateFieldClasses =
  'h-12 w-full rounded-xl border border-white/20 bg-white px-4 text-base text-[#16221f] shadow-inner outline-none transition-[box-shadow,border-color] placeholder:text-[#7b8782] focus-visible:border-white focus-visible:ring-4 focus-visible:ring-white/30 focus-visible:outline-none dark:border-white/25 dark:bg-[#0b1f1c] dark:text-[#ece8e1] dark:placeholder:text-[#9aa8a2]';
export const gateFieldErrorClasses = ['border-[#f3b08e]', 'ring-4', 'ring-[#e0764a]/40'] as const;

/** Nested doorway arches behind the title: a quiet architectural motif. */
function archLines(): string {
  const paths = [0, 1, 2, 3, 4].map((ring) => {
    const inset = 40 + ring * 32;
    const width = 400 - inset * 2;
    const d = `M${inset} 420 V${200 + ring * 8} a${width / 2} ${width / 2} 0 0 1 ${width} 0 V420`;
    return `<path d="${d}" stroke="currentColor" stroke-width="${ring === 0 ? 2 : 1.25}"></path>`;
  });
  return (
    `<svg aria-hidden="true" viewBox="0 0 400 420" fill="none" class="pointer-events-none absolute top-[-2rem] ` +
    `left-1/2 -z-10 w-[34rem] max-w-none -translate-x-1/2 text-white opacity-[0.07]">${paths.join('')}</svg>`
  );
}

/**
 * docs/product.md §2 and §4: the beta gate shown at every app load. Its element ids are what the gate's script
 * (gate-controller.ts) works with.
 */
export function gateMarkup(): string {
  const text = escapeHtml;
  return `<div id="gate" class="contents"><div class="gate-backdrop relative isolate flex min-h-dvh flex-col overflow-hidden text-white">
<div aria-hidden="true" class="gate-glow pointer-events-none absolute inset-0 -z-10"></div>
${archLines()}
<main class="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center px-6 pt-[max(3rem,env(safe-area-inset-top))] pb-8">
<div class="animate-fade-up text-center">
<div class="mx-auto mb-6 grid size-16 place-items-center rounded-2xl border border-white/20 bg-white/10 shadow-[0_8px_32px_-8px_rgb(0_0_0/0.4)] backdrop-blur-md">${iconSvg(sparkles, 'size-7 text-[#f3b08e]')}</div>
<h1 class="text-[2.5rem] leading-none font-bold tracking-tight">${text(messages.productNameMark)}</h1>
<p class="mx-auto mt-4 max-w-[21rem] text-base leading-relaxed text-white/75">${text(messages.tagline)}</p>
</div>
<form id="gate-form" method="post" action="/api/gate" data-invalid-text="${text(messages.gate.invalid)}" data-rate-limited-text="${text(messages.gate.rateLimited)}" class="mt-10 animate-fade-up rounded-3xl border border-white/15 bg-white/[0.08] p-5 shadow-[0_24px_64px_-24px_rgb(0_0_0/0.55)] backdrop-blur-xl [animation-delay:120ms]">
<label for="gate-password" class="mb-2 flex items-center gap-2 text-sm font-medium text-white/90">${iconSvg(lockKeyhole, 'size-4 text-white/60')}${text(messages.gate.passwordLabel)}</label>
<input id="gate-username" type="text" name="username" autocomplete="username" value="${text(messages.productName)}" readonly hidden>
<input id="gate-password" type="password" name="password" required autocomplete="current-password" placeholder="${text(messages.gate.passwordPlaceholder)}" class="${gateFieldClasses}">
<div id="gate-message" class="min-h-7 pt-2" aria-live="assertive"></div>
<button id="gate-submit" type="submit" class="mt-1 inline-flex h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-xl bg-[#e0764a] text-base font-semibold text-[#1e0f08] shadow-[0_10px_24px_-10px_rgb(224_118_74/0.9)] transition-[background-color,transform] hover:bg-[#e8875d] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white active:scale-[0.98] disabled:cursor-default disabled:opacity-80">${text(messages.gate.submit)}</button>
</form>
</main>
<footer class="pb-[max(1.5rem,env(safe-area-inset-bottom))] text-center text-xs font-medium tracking-wide text-white/55">${text(messages.gate.footer)}</footer>
</div></div>
${appShellMarkup()}`;
}

/** The id of the app's shape in static markup (appShellMarkup), shown once the password is accepted. */
export const APP_SHELL_ID = 'app-shell';

const skeleton = (className: string) => `<div class="skeleton relative overflow-hidden rounded-xl ${className}"></div>`;

/** The feed card's skeleton (components/design-card/design-card-skeleton.tsx), in static markup. */
function cardSkeleton(): string {
  return `<div class="overflow-hidden rounded-2xl border border-border/70 bg-surface shadow-card">
<div class="flex items-center gap-3 px-4 py-3">${skeleton('size-9 rounded-full')}<div class="flex-1 space-y-2">${skeleton('h-3 w-32')}${skeleton('h-2.5 w-20')}</div>${skeleton('h-2.5 w-16')}</div>
${skeleton('aspect-[4/3] rounded-none')}
<div class="space-y-3 p-4">${skeleton('h-4 w-2/3')}<div class="space-y-2">${skeleton('h-3 w-full')}${skeleton('h-3 w-4/5')}</div></div>
</div>`;
}

/**
 * The app's shape (header, the feed's skeleton, the navigation: app/routes/screen-loading.tsx's ShellLoading), shown
 * under the gate from the moment the password is accepted and taken away by the app's layout once it is there: the
 * white of the unlock transition fades into it, never into an empty page, whatever the app's code is still loading.
 */
function appShellMarkup(): string {
  return `<div id="${APP_SHELL_ID}" hidden aria-hidden="true" class="fixed inset-0 z-[55] overflow-hidden bg-background">
<div class="fixed inset-x-0 top-0 border-b border-border/70 bg-background/85 pt-[env(safe-area-inset-top)]"><div class="mx-auto flex h-14 max-w-lg items-center justify-between gap-3 px-4">${skeleton('h-8 w-36')}${skeleton('h-8 w-24')}</div></div>
<div class="mx-auto flex w-full max-w-lg flex-col gap-5 px-4 pt-[calc(env(safe-area-inset-top)+3.5rem+1.25rem)]"><div class="space-y-2">${skeleton('h-7 w-48')}${skeleton('h-3.5 w-64')}</div>${cardSkeleton()}${cardSkeleton()}</div>
<div class="fixed inset-x-0 bottom-0 border-t border-border/80 bg-surface/90 pb-[env(safe-area-inset-bottom)]"><div class="mx-auto grid h-[4.25rem] max-w-lg grid-cols-5 items-center justify-items-center px-2">${[0, 1, 2, 3, 4].map(() => skeleton('size-8 rounded-xl')).join('')}</div></div>
</div>`;
}
