import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Tests only: the app's named imports from the two barrel packages, `lucide-react` and `radix-ui`, go
 * straight to the module that defines each name. A build drops what the app does not use; a test run does
 * not, and every test file (each with a fresh module graph) would otherwise evaluate all of lucide's
 * ~1,700 icons and all of Radix's ~40 packages to render one icon and one dialog. The components are
 * the same modules either way.
 */
export function directBarrelImports(): Plugin {
  const require = createRequire(import.meta.url);
  const lucideDir = path.dirname(require.resolve('lucide-react/package.json'));
  const radixDir = path.dirname(require.resolve('radix-ui/package.json'));
  const lucide = lucideIcons(lucideDir);
  const radix = radixPackages(radixDir);
  return {
    name: 'dwellscape:direct-barrel-imports',
    apply: 'serve',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/["'](lucide-react|radix-ui)["']/.test(code)) return null;
      let changed = false;
      const out = code.replace(
        /^import\s*\{([^}]*)\}\s*from\s*["'](lucide-react|radix-ui)["'];?/gm,
        (statement, names: string, from: string) => {
          const specifiers = names
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s) => {
              const [imported, local = imported] = s.split(/\s+as\s+/) as [string, string?];
              return { imported, local };
            });
          const table = from === 'lucide-react' ? lucide : radix;
          // anything unexpected (a type-only name left in, a new export) keeps the barrel import as written
          if (specifiers.some((s) => s.imported.startsWith('type ') || !table.has(s.imported))) return statement;
          changed = true;
          return specifiers
            .map(({ imported, local }) =>
              from === 'lucide-react'
                ? `import ${local} from ${JSON.stringify(table.get(imported))};`
                : `import * as ${local} from ${JSON.stringify(table.get(imported))};`,
            )
            .join(' ');
        },
      );
      return changed ? { code: out, map: null } : null;
    },
  };
}

/** Each icon name lucide-react exports (aliases included), by the file whose default export it is. */
function lucideIcons(dir: string): Map<string, string> {
  const barrel = readFileSync(path.join(dir, 'dist/esm/lucide-react.mjs'), 'utf8');
  const icons = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(/^export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)';$/gm)) {
    const target = path.join(dir, 'dist/esm', file!);
    for (const name of names!.split(',')) {
      const exported = /^\s*default as (\w+)\s*$/.exec(name)?.[1];
      if (exported) icons.set(exported, target);
    }
  }
  return icons;
}

/** Each namespace radix-ui exports, by the package it is. */
function radixPackages(dir: string): Map<string, string> {
  const barrel = readFileSync(path.join(dir, 'dist/index.mjs'), 'utf8');
  const packages = new Map<string, string>();
  for (const [, name, pkg] of barrel.matchAll(/^import \* as (\w+) from "(@radix-ui\/[\w-]+)";$/gm)) {
    packages.set(name!, pkg!);
  }
  return packages;
}
