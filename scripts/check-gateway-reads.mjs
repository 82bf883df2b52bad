// The gateway reads read models only through their query modules
// (services/projections/src/<read model>/queries.ts): it never opens a
// collection itself, so every query lives beside the indexes that serve it.
// Part of `npm run check:architecture`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const COLLECTION_ACCESS = /\.collection\s*[<(]/;

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

const problems = [];
for (const file of sources(join(root, 'services/gateway/src'))) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (COLLECTION_ACCESS.test(line))
        problems.push(
          `${relative(root, file)}:${index + 1} opens a read-model collection; add a query to the read model's queries.ts instead`,
        );
    });
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('gateway reads: only through the read models’ query modules');
