// Every reason the code cites must be findable in this repository: a comment
// saying "DECISIONS §12" points at section 12 of docs/decisions.md, and
// "finance spec §2" / "operations spec §4" / "spec §9" at a section of the
// specifications copied under docs/spec/. Run by `npm run check`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const skipDirs = new Set(['node_modules', 'dist', '.git', 'test-results', 'coverage']);
const exts = /\.(ts|tsx|mjs|js|md)$/;

function sections(file) {
  const text = readFileSync(join(root, file), 'utf8');
  return new Set([...text.matchAll(/^##+ (\d+)\./gm)].map((m) => Number(m[1])));
}

const decisions = sections('docs/decisions.md');
const specs = {
  finance: sections('docs/spec/finance-and-contacts.md'),
  operations: sections('docs/spec/operations-and-platform.md'),
};
const anySpec = new Set([...specs.finance, ...specs.operations]);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (skipDirs.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (exts.test(name)) yield path;
  }
}

const problems = [];
const roots = ['apps', 'packages', 'e2e', 'scripts', 'docs', 'README.md'];
let cited = 0;
for (const top of roots) {
  const start = join(root, top);
  const list = statSync(start).isDirectory() ? [...files(start)] : [start];
  for (const path of list) {
    const rel = relative(root, path);
    if (rel === 'docs/decisions.md' || rel.startsWith('docs/spec/')) continue;
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/DECISIONS(?:\.md)? ?§ ?(\d+)/g)) {
      cited += 1;
      if (!decisions.has(Number(m[1])))
        problems.push(`${rel}: DECISIONS §${m[1]} is not a section of docs/decisions.md`);
    }
    for (const m of text.matchAll(/(?:(finance|operations) )?spec(?:ification)? ?§ ?(\d+)/gi)) {
      cited += 1;
      const kind = m[1]?.toLowerCase();
      const known = kind ? specs[kind] : anySpec;
      if (!known.has(Number(m[2])))
        problems.push(`${rel}: ${m[0]} is not a section of the specifications in docs/spec/`);
    }
    if (rel.endsWith('.md') && text.includes('../shared/')) {
      problems.push(
        `${rel}: links outside the repository (../shared/); link docs/decisions.md or docs/spec/ instead`,
      );
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `citations: ${cited} references to DECISIONS and the specifications, all found under docs/`,
);
