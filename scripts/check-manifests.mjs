// Each resource folder declares itself in a small file that its layer's composition root finds by convention, so
// adding a resource edits no list (docs/architecture.md, "Adding a resource"). This fails, naming the folder, when
// one lacks its declaration:
// - services/commands/src/<x>/commands.ts, for an aggregate's folder (one with a decide.ts);
// - services/projections/src/<x>/read-model.ts, for a folder defining a read model (`export const <x>Projection`);
// - services/gateway/src/routes/<x>/routes.ts, for every route folder;
// - client/src/features/<x>/routes.tsx, for a feature with a screen (a *Page.tsx, *Tab.tsx or *Workspace.tsx),
//   each of which it loads by import().
// That nothing imports these files (a list again) is checked by .dependency-cruiser.cjs (`*-found-not-listed`).
// Part of `npm run check:architecture`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const TEST = /\.test\.tsx?$/;
const folders = (dir) => readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (!TEST.test(name)) yield path;
  }
}

const missing = [];

for (const folder of folders('services/commands/src')) {
  const dir = join(root, 'services/commands/src', folder);
  if (existsSync(join(dir, 'decide.ts')) && !existsSync(join(dir, 'commands.ts'))) {
    missing.push(`services/commands/src/${folder}/ holds an aggregate but has no commands.ts declaring its commands`);
  }
}

for (const folder of folders('services/projections/src')) {
  const dir = join(root, 'services/projections/src', folder);
  const definesReadModel = [...files(dir)].some((path) => /^export const \w+Projection\b/m.test(readFileSync(path, 'utf8')));
  if (definesReadModel && !existsSync(join(dir, 'read-model.ts'))) {
    missing.push(`services/projections/src/${folder}/ defines a read model but has no read-model.ts declaring it`);
  }
}

for (const folder of folders('services/gateway/src/routes')) {
  if (!existsSync(join(root, 'services/gateway/src/routes', folder, 'routes.ts'))) {
    missing.push(`services/gateway/src/routes/${folder}/ has no routes.ts`);
  }
}

for (const feature of folders('client/src/features')) {
  const dir = join(root, 'client/src/features', feature);
  const screens = [...files(dir)].filter((path) => /(Page|Tab|Workspace)\.tsx$/.test(path));
  if (screens.length === 0) continue;
  const manifest = join(dir, 'routes.tsx');
  if (!existsSync(manifest)) {
    missing.push(`client/src/features/${feature}/ has screens but no routes.tsx declaring them`);
    continue;
  }
  const declared = readFileSync(manifest, 'utf8');
  for (const screen of screens) {
    const specifier = `./${relative(dir, screen)}`;
    if (!declared.includes(`import('${specifier}')`)) {
      missing.push(`client/src/features/${feature}/routes.tsx does not load ${specifier} (a screen no route shows)`);
    }
  }
}

if (missing.length > 0) {
  console.error(`Folders without their declaration:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log('every aggregate, read model, route folder and screen is declared where its layer finds it');
