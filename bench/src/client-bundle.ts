import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'client/dist');

/** What a browser downloads before the app's first screen: the entry chunk, and every chunk it names to load beside it. */
export interface ClientBundle {
  entryFile: string;
  /** Bytes as built (minified, not compressed: a figure independent of the server's gzip). */
  entryBytes: number;
  /** The entry and its `modulepreload` chunks together. */
  startBytes: number;
  startChunks: number;
}

/** Builds the browser app when it is missing or older than its sources (as `npm start` does), then reads its index.html. */
export async function clientBundle(): Promise<ClientBundle> {
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/build-client.mjs')], { cwd: ROOT, maxBuffer: 1 << 24 });
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  const entryFile = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  if (!entryFile) throw new Error('client/dist/index.html names no entry script: build the client first');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((found) => found[1]!);
  const sizes = await Promise.all([entryFile, ...preloaded].map(async (file) => (await stat(join(DIST, file))).size));
  return { entryFile, entryBytes: sizes[0]!, startBytes: sizes.reduce((sum, size) => sum + size, 0), startChunks: sizes.length };
}
