import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under apps/web/src/features: a new feature is kept apart from the others without editing this list. */
const featureNames = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A glob under apps/server/src, for the server's lint zones. */
const server = (glob) => `./apps/server/src/${glob}`;

/** Markup from strings is how text becomes script: React renders text as text, so nothing here may bypass it. */
const forbiddenEverywhere = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'dangerouslySetInnerHTML is forbidden: render text as text.',
  },
];
const htmlSinks = 'innerHTML|outerHTML';
const forbiddenInTheBrowser = [
  ...forbiddenEverywhere,
  {
    selector: "Property[key.name='dangerouslySetInnerHTML']",
    message: 'dangerouslySetInnerHTML is forbidden: render text as text.',
  },
  {
    selector: `AssignmentExpression > MemberExpression.left[property.name=/^(${htmlSinks})$/]`,
    message: 'Assigning innerHTML/outerHTML parses markup: set textContent or render with React.',
  },
  {
    selector: `AssignmentExpression > MemberExpression.left[property.value=/^(${htmlSinks})$/]`,
    message: 'Assigning innerHTML/outerHTML parses markup: set textContent or render with React.',
  },
  {
    selector: "CallExpression[callee.property.name=/^(write|writeln)$/][callee.object.name='document']",
    message: 'document.write is forbidden: render with React.',
  },
  {
    selector: "CallExpression[callee.property.name=/^(write|writeln)$/][callee.object.property.name='document']",
    message: 'document.write is forbidden: render with React.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
    message: 'Parsing markup from strings is forbidden: render with React.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/shared/tsconfig.json',
            'packages/compositor/tsconfig.json',
            'packages/sample-art/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', ...forbiddenEverywhere],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // web → shared ← server: the two apps never import each other
            { target: './apps/web', from: './apps/server', message: 'The web app must not import server code.' },
            { target: './apps/server', from: './apps/web', message: 'The server must not import web code.' },
            { target: './packages/shared', from: './apps', message: 'packages/shared depends on nothing in apps/.' },
            {
              target: './packages/sample-art',
              from: './apps',
              message: 'packages/sample-art depends on nothing in apps/.',
            },
            {
              target: './apps/web',
              from: './packages/sample-art',
              message: 'The sample art is server-side (the seed and the local render engine).',
            },
            // web: ui/lib → features → app
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            // server: routes → services → repositories → db (decision 0051)
            {
              target: server('db/**'),
              from: server('{modules,plugins,realtime,engines,media,storage,seed}/**'),
              message: 'The database layer sits at the bottom: it imports nothing above it.',
            },
            {
              target: server('**/*.repository.ts'),
              from: server('{**/*.service.ts,**/*.routes.ts,plugins/**,contract-route.ts,response-serializer.ts}'),
              message: 'A repository holds queries only: no services, routes, plugins or transport types.',
            },
            {
              target: server('{modules,realtime}/**/*.service.ts'),
              from: server('{**/*.routes.ts,plugins/**,contract-route.ts,response-serializer.ts}'),
              message:
                'A service holds the rules and knows nothing of HTTP: no routes, plugins or transport types (pass an interface in).',
            },
            {
              target: server('{modules,realtime}/**/*.routes.ts'),
              from: server('{**/*.repository.ts,db/schema.ts}'),
              message: 'A route calls its service; repositories and tables sit below services.',
            },
            {
              target: server('{modules/**/!(*.routes).ts,realtime/**,media/**,storage/**,engines/**}'),
              from: server('plugins/**'),
              message:
                'Plugins are HTTP wiring: code below the routes reaches them only through interfaces in types.ts.',
            },
            {
              // tables and query builders belong to repositories (and the seed, which writes rows)
              target: server(
                '{{modules,plugins,realtime,engines,storage}/**/!(*.repository).ts,media/!(*.repository).ts}',
              ),
              from: [server('db/schema.ts'), './node_modules/drizzle-orm'],
              message: 'Queries and their where clauses belong in a repository (<module>.repository.ts).',
            },
            // a feature never reaches into another feature
            ...featureNames.map((name) => ({
              target: `./apps/web/src/features/${name}`,
              from: './apps/web/src/features',
              except: [`./${name}`],
              message: 'Features do not import each other; move shared needs down to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // a service reaches realtime (the caches and LISTEN/NOTIFY) only through its interfaces, passed in (decision 0051)
    files: ['apps/server/src/{modules,realtime}/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)realtime/',
              allowTypeImports: true,
              message: 'A service uses realtime only through an interface (import type), passed in by its caller.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-syntax': ['error', ...forbiddenInTheBrowser],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
