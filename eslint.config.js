import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The server's layering (docs/architecture.md): only *.repo.ts (and db/)
// import Drizzle and the schema; platform imports no area; an area reaches
// another area only through its face (areas/<area>/index.ts). Each group of
// files below gets the full list of what it may not import, because a later
// `no-restricted-imports` replaces an earlier one.
const SERVER = 'apps/server/src';
const drizzle = [
  { regex: '^drizzle-orm(/.*)?$', message: 'Only *.repo.ts files use Drizzle.' },
  { regex: '/db/schema(/.*)?$', message: 'Only *.repo.ts files use the schema.' },
];
const noArea = [{ regex: '/areas/', message: 'The platform imports no area.' }];
/** From a file `depth` folders below areas/<area>/: another area's files other than its index.js. */
const faceOnly = (depth) => [
  {
    regex: `^${'\\.\\./'.repeat(depth + 1)}(?!\\.)[^/]+/(?!index\\.js$)`,
    message: 'Another area is used through its face (areas/<area>/index.ts) only.',
  },
  {
    regex: '^(\\.\\./)+(app|main|open-deps|compose)\\.js$',
    message: 'Areas never import the composition root.',
  },
];
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const notRepo = ['**/*.repo.ts', '**/*.test.ts'];
const layering = [
  restrict([`${SERVER}/**/*.ts`], drizzle, [...notRepo, `${SERVER}/db/**`]),
  restrict([`${SERVER}/platform/**/*.ts`], [...drizzle, ...noArea], notRepo),
  restrict([`${SERVER}/platform/**/*.repo.ts`], noArea),
  restrict([`${SERVER}/areas/*/*.ts`], [...drizzle, ...faceOnly(0)], notRepo),
  restrict([`${SERVER}/areas/*/*.repo.ts`], faceOnly(0)),
  restrict([`${SERVER}/areas/*/*/*.ts`], [...drizzle, ...faceOnly(1)], notRepo),
  restrict([`${SERVER}/areas/*/*/*.repo.ts`], faceOnly(1)),
];

// The web's TanStack Query keys live in one module (apps/web/src/api/query-keys.ts):
// an inline array as a `queryKey` or as the key of a cache call elsewhere is an error.
const CACHE_CALLS =
  'invalidateQueries|refetchQueries|removeQueries|cancelQueries|resetQueries|setQueryData|getQueryData|setQueriesData|getQueriesData|fetchQuery|prefetchQuery|ensureQueryData';
/** An array literal, also as `[...] as const` or `[...] satisfies T`. */
const ARRAY =
  ':matches(ArrayExpression, TSAsExpression[expression.type="ArrayExpression"], TSSatisfiesExpression[expression.type="ArrayExpression"])';
const inlineKey = 'Query keys come from apps/web/src/api/query-keys.ts, not an inline array.';
const queryKeysInOneModule = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: ['apps/web/src/api/query-keys.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `Property[key.name='queryKey'] > ${ARRAY}`, message: inlineKey },
      {
        selector: `CallExpression[callee.property.name=/^(${CACHE_CALLS})$/] > ${ARRAY}:nth-child(1)`,
        message: inlineKey,
      },
    ],
  },
};

// The web writes search parameters through ui/use-screen-search.ts, which does not
// pull the user back to a screen they have just left.
const searchParamsThroughTheScreenHook = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: ['apps/web/src/ui/use-screen-search.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: 'react-router',
            importNames: ['useSearchParams'],
            message: 'Use useScreenSearchParams (apps/web/src/ui/use-screen-search.ts).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'data/**',
      '.tmp/**',
      '**/.stryker-tmp/**',
      'packages/core/reports/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...layering,
  queryKeysInOneModule,
  searchParamsThroughTheScreenHook,
);
