import { existsSync, readdirSync } from 'node:fs';

/**
 * The folders of `dir` holding `file`, alphabetically: how a composition root finds the resources that declare
 * themselves (a route folder's routes.ts, a read model's read-model.ts). The root imports each by a relative
 * template (`import(\`./${folder}/routes.ts\`)`), which the server's bundle can follow; this only names them.
 */
export function foldersDeclaring(dir: URL, file: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`./${entry.name}/${file}`, dir)))
    .map((entry) => entry.name)
    .sort();
}

/** The TypeScript modules of `dir`, tests left out, by name without `.ts`, alphabetically. */
export function modulesIn(dir: URL): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .sort();
}
