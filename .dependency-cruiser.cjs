// The import rules `npm run check` enforces with dependency-cruiser
// (docs/architecture.md, issue 20): no import cycle, at run time or in types;
// an area reaches another area only through its face (areas/<area>/index.ts);
// the platform (apps/server/src/platform, db) and packages/core import no
// area. Type-only imports, `import()` and deep paths all count.
// Run alone: `npm run check:imports`.
const SERVER_AREAS = '^apps/server/src/areas/';

/** From one area of `root` to another area's file other than its face. */
const faceOnly = (name, root) => ({
  name,
  severity: 'error',
  comment: 'Another area is used through its face (areas/<area>/index.ts) only.',
  from: { path: `${root}([^/]+)/` },
  to: {
    path: `${root}[^/]+/`,
    pathNot: [`${root}$1/`, `${root}[^/]+/index\\.tsx?$`],
  },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, at run time or in types: break it with a narrow dependency.',
      // The schema files mirror the database's foreign keys (clients -> files ->
      // appointments -> clients), which Drizzle reads lazily (`() => t.id`); they
      // are being split per area (issue 20, point 2), which settles this.
      from: { pathNot: '^apps/server/src/db/schema/' },
      to: { circular: true },
    },
    faceOnly('server-area-face-only', SERVER_AREAS),
    // The web's areas have no faces yet (one index.ts): only cycles are checked there.
    {
      name: 'platform-imports-no-area',
      severity: 'error',
      comment: 'The platform and the database layer import no area.',
      from: { path: '^apps/server/src/(platform|db)/' },
      to: { path: SERVER_AREAS },
    },
    {
      name: 'areas-import-no-composition-root',
      severity: 'error',
      comment: 'Areas never import the composition root.',
      from: { path: SERVER_AREAS },
      to: { path: '^apps/server/src/(app|main|open-deps|compose)\\.ts$' },
    },
    {
      name: 'core-imports-no-app',
      severity: 'error',
      comment: 'packages/core is shared by the apps and imports none of them.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve would hide a dependency from these rules.',
      from: { path: '^(apps|packages)/' },
      to: { couldNotResolve: true, pathNot: ['^(virtual|node):'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '/\\.tsbuild/', '/migrations/'] },
    // Type-only imports count: a cycle in types is a cycle.
    tsPreCompilationDeps: true,
    detectJSDocImports: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
