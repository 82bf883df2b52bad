/**
 * Bundles the server (services/gateway's main.ts) and every TypeScript worker module (`*-worker.ts`,
 * `*.worker.ts`) into plain JavaScript with esbuild, so a start loads a few files instead of compiling
 * a thousand modules through tsx in every thread: a restart on 100,000 tests went from 2.7 s to ~1.3 s.
 * Packages from node_modules stay imports. Each module keeps its own source file's URL as
 * `import.meta.url`, so what it finds beside itself (a plain `.mjs` worker, the browser app) is found
 * as it is unbundled. The versions of the code that folds (read models, the write side's snapshots) are
 * fixed in it, as the sources bundled give them. A bundle is
 * kept under a name made of its contents (`build/server/<hash>/`), written whole before it is named:
 * a server started from one never sees it change.
 */
import { commandCodeVersion } from '@testament/commands/kernel/code-version';
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const output = join(root, 'build/server');
/** Where the bundled code lives: a bundle is found again by a hash of them (`buildServer`). */
export const WORKSPACE_SOURCES = [
  'contracts/src',
  'infra/src',
  'services/commands/src',
  'services/projections/src',
  'services/gateway/src',
];
const WORKER_MODULE = /[-.]worker\.ts$/;
/** Bundles older than this are removed by a later build (a server runs from its bundle as long as it lives). */
const KEEP_OLD_BUNDLES_MS = 7 * 86_400_000;

/** The worker modules (`*-worker.ts`, `*.worker.ts`) under `dir`, each bundled beside the server. */
export function workerModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return workerModules(path);
    return WORKER_MODULE.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `import.meta.url` of a workspace module is its source file's URL, as under tsx. */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(bundler) {
    bundler.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Packages are imported from node_modules at run time; the workspace's own (`@testament/*`) are bundled. */
export const packagesStayImports: Plugin = {
  name: 'packages-stay-imports',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@testament/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** The versions of the read models as their runners fold them (`readModelVersions`), read from the sources bundled. */
async function bundledReadModelVersions(): Promise<Record<string, Record<string, string>>> {
  // Imported only to build: whoever merely starts the server need not load every read model.
  const { auditProjections, readModelProjections, readModelVersions, versionsKey } = await import('@testament/projections');
  const sets = [readModelProjections, auditProjections];
  return Object.fromEntries(sets.map((projections) => [versionsKey(projections), Object.fromEntries(readModelVersions(projections))]));
}

/** Besides the workspace's sources, what a bundle depends on: the compiler's options and version. */
const BUILD_INPUTS = ['package-lock.json', 'tsconfig.json'];

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** A hash of everything a bundle is made from (this file among it): the same sources make the same bundle. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = [...WORKSPACE_SOURCES.flatMap((source) => filesUnder(join(root, source))), ...BUILD_INPUTS.map((file) => join(root, file))];
  for (const file of files.sort()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the bundle if this code has none yet; returns the path of its `main.mjs`. Sources built before are found by
 * their hash (`sources-<hash>` names their bundle) without building again: a start reads them (~50 ms) rather than
 * bundling them and reading the read models' code for its versions (~1.3 s).
 */
export async function buildServer(): Promise<string> {
  const sourcesIndex = join(output, `sources-${sourcesHash()}`);
  const built = existsSync(sourcesIndex) ? join(output, readFileSync(sourcesIndex, 'utf8'), 'main.mjs') : undefined;
  if (built && existsSync(built)) return built;
  const main = await bundle();
  mkdirSync(output, { recursive: true });
  writeFileSync(`${sourcesIndex}.${process.pid}`, basename(dirname(main)));
  renameSync(`${sourcesIndex}.${process.pid}`, sourcesIndex);
  return main;
}

/** The bundle's entry points by output name (`main` and every worker module), and each worker's bundled file by its source URL. */
export function serverEntryPoints(): { entryPoints: Record<string, string>; bundledWorkers: Record<string, string> } {
  const workers = WORKSPACE_SOURCES.flatMap((source) => workerModules(join(root, source)));
  const entryPoints: Record<string, string> = { main: join(root, 'services/gateway/src/main.ts') };
  const bundledWorkers: Record<string, string> = {};
  for (const worker of workers) {
    const name = relative(root, worker).replace(/\.ts$/, '').replace(/[/.]/g, '_');
    entryPoints[name] = worker;
    bundledWorkers[pathToFileURL(worker).href] = `${name}.mjs`;
  }
  return { entryPoints, bundledWorkers };
}

async function bundle(): Promise<string> {
  const { entryPoints, bundledWorkers } = serverEntryPoints();
  const result = await build({
    entryPoints,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: output,
    outExtension: { '.js': '.mjs' },
    write: false,
    plugins: [sourceUrls, packagesStayImports],
    // `startTsWorker` starts a worker module's bundle, found beside its own; snapshots and read models are labelled with the
    // code bundled.
    define: {
      TESTAMENT_BUNDLED_WORKERS: JSON.stringify(bundledWorkers),
      TESTAMENT_COMMAND_CODE_VERSION: JSON.stringify(commandCodeVersion()),
      TESTAMENT_READ_MODEL_VERSIONS: JSON.stringify(await bundledReadModelVersions()),
    },
    logLevel: 'warning',
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(relative(output, file.path)).update(file.contents);
  const directory = join(output, hash.digest('hex').slice(0, 16));
  if (!existsSync(directory)) {
    const staging = `${directory}.${process.pid}.partial`;
    for (const file of result.outputFiles) {
      const path = join(staging, relative(output, file.path));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.contents);
    }
    try {
      renameSync(staging, directory);
    } catch (error) {
      // Another build of the same code named it first.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(directory)) throw error;
    }
    removeOldBundles(directory);
  }
  return join(directory, 'main.mjs');
}

function removeOldBundles(kept: string): void {
  for (const name of readdirSync(output)) {
    const path = join(output, name);
    if (path !== kept && Date.now() - statSync(path).mtimeMs > KEEP_OLD_BUNDLES_MS) rmSync(path, { recursive: true, force: true });
  }
}
