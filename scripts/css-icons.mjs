/**
 * The feed card's icons as CSS (bench/README.md): lucide's drawings become SVG data URLs in Tailwind utilities
 * (`icon-heart`…), shown by one <span> through `mask-image` in the text colour. A lucide-react icon is a
 * component that builds an <svg> and its paths on every render: a feed card drew 10 to 15 of them, a large
 * part of the card's rendering time on a phone. Tailwind emits only the utilities the source uses.
 *
 * `node scripts/css-icons.mjs` writes apps/web/src/styles/css-icons.css; apps/web/test/css-icons.test.ts
 * fails when that file no longer matches this list or the installed lucide-react.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The icons drawn as CSS: lucide's names. `filled` adds `icon-NAME-filled` (a pressed like or save). */
export const cssIconNames = [
  { name: 'badge-check' },
  { name: 'camera' },
  { name: 'bookmark', filled: true },
  { name: 'circle-check' },
  { name: 'heart', filled: true },
  { name: 'image-off' },
  { name: 'message-circle' },
  { name: 'package' },
  { name: 'repeat-2' },
  { name: 'shopping-bag' },
  { name: 'sparkles' },
];

const scriptFile = fileURLToPath(import.meta.url);
export const cssIconsFile = path.join(path.dirname(scriptFile), '../apps/web/src/styles/css-icons.css');

const escapeAttribute = (value) => String(value).replaceAll('&', '&amp;').replaceAll("'", '&apos;');

/** One lucide icon node ([tag, attributes] pairs) as SVG markup: lucide's defaults, in black (a mask uses only its alpha). */
export function iconSvg(node, { filled = false } = {}) {
  const children = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== 'key')
        .map(([key, value]) => `${key}='${escapeAttribute(value)}'`)
        .join(' ');
      return `<${tag} ${attrs}/>`;
    })
    .join('');
  const fill = filled ? '#000' : 'none';
  const strokeWidth = filled ? 2.2 : 2;
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='${fill}' stroke='#000' ` +
    `stroke-width='${strokeWidth}' stroke-linecap='round' stroke-linejoin='round'>${children}</svg>`
  );
}

/** A data URL a CSS url("…") can hold: only the characters that matter in it are escaped. */
export function svgDataUrl(svg) {
  return `data:image/svg+xml,${svg.replaceAll('%', '%25').replaceAll('#', '%23').replaceAll('<', '%3C').replaceAll('>', '%3E').replaceAll('"', '%22')}`;
}

/** The stylesheet: the `icon` base utility and one utility per icon (and filled variant). */
export async function cssIconsStylesheet() {
  const rules = [];
  for (const { name, filled } of cssIconNames) {
    const { __iconData } = await import(`lucide-react/icons/${name}`);
    if (!__iconData?.node) throw new Error(`lucide-react has no icon named ${name}`);
    rules.push(`@utility icon-${name} {\n  --icon: url("${svgDataUrl(iconSvg(__iconData.node))}");\n}`);
    if (filled) {
      rules.push(
        `@utility icon-${name}-filled {\n  --icon: url("${svgDataUrl(iconSvg(__iconData.node, { filled: true }))}");\n}`,
      );
    }
  }
  return [
    '/* Written by scripts/css-icons.mjs from lucide-react: do not edit. */',
    '',
    '/* an icon in the text colour, as large as its box (give it a size-*), drawn by its icon-NAME utility */',
    '@utility icon {',
    '  display: inline-block;',
    '  flex-shrink: 0;',
    '  background-color: currentColor;',
    '  -webkit-mask: var(--icon) center / 100% 100% no-repeat;',
    '  mask: var(--icon) center / 100% 100% no-repeat;',
    '}',
    '',
    rules.join('\n\n'),
    '',
  ].join('\n');
}

if (process.argv[1] === scriptFile) {
  writeFileSync(cssIconsFile, await cssIconsStylesheet());
  console.log(`wrote ${cssIconsFile}`);
}
