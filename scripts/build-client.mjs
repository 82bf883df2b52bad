// Builds the browser app into client/dist when it is missing or older than its sources ("builds what is missing").
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'client/dist/index.html');
const sources = [
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
  'client/package.json',
  'contracts/src',
  'package-lock.json',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (builtAt >= changedAt) {
  console.log('client/dist is up to date');
} else {
  console.log(builtAt ? 'client sources changed: building client/dist' : 'client/dist is missing: building it');
  execFileSync('npm', ['run', 'build', '--workspace', 'client'], { cwd: root, stdio: 'inherit' });
}
