// Every package `npm ci` installs must run on the oldest Node the root package.json admits
// (`engines.node`), so the README's Node version stays true and `npm ci` prints no EBADENGINE
// warning: a dependency bumped to a release that needs a newer Node fails here, not on a user's
// machine. Part of `npm run check:architecture`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = new URL('..', import.meta.url).pathname;
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const oldest = semver.minVersion(rootPackage.engines.node).version;

const problems = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const wanted = entry.engines?.node;
  // Only the string form is npm's; a few packages carry an old array form npm ignores.
  if (path === '' || typeof wanted !== 'string') continue;
  if (!semver.satisfies(oldest, wanted)) problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${wanted}`);
}
if (problems.length > 0) {
  console.error(
    `These packages do not run on Node ${oldest} (engines.node in package.json): ` +
      `pin an older release (see README, Run it)\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(`node engines: every locked package runs on Node ${oldest}`);
