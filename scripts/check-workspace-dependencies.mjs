// Each workspace package must declare, in its own package.json, the workspace
// packages its source imports (npm would otherwise resolve them by accident of
// hoisting). Part of `npm run check:architecture`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const IMPORT = /(?:from|import)\s*\(?\s*'(@testament\/[a-z-]+)/g;

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mjs)$/.test(name)) yield path;
  }
}

const problems = [];
for (const workspace of rootPackage.workspaces) {
  const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8'));
  const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }));
  for (const file of sources(join(root, workspace, 'src'))) {
    for (const [, used] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (used !== manifest.name && !declared.has(used))
        problems.push(`${relative(root, file)} imports ${used}, which ${workspace}/package.json does not declare`);
    }
  }
}
if (problems.length > 0) {
  console.error([...new Set(problems)].join('\n'));
  process.exit(1);
}
console.log(`workspace dependencies: every import of a workspace package is declared (${rootPackage.workspaces.length} packages)`);
