/**
 * Child process for the signing key test. `make`: loads or creates the key files key-0.pem … in turn, as
 * a server's process does at its start. `find`: waits for each of them to appear and loads it at once, as
 * a process starting beside that one would. Either prints each key's public half, one line each.
 *
 * Usage: node --import tsx signing-key-child.ts make|find <directory> <count>
 */
import { createPublicKey } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadOrCreateSigningKey } from '../export-seal.ts';

const [mode, dir, count] = process.argv.slice(2);
if ((mode !== 'make' && mode !== 'find') || dir === undefined || count === undefined) {
  console.error('usage: signing-key-child.ts make|find <directory> <count>');
  process.exit(2);
}
const keys: string[] = [];
for (let n = 0; n < Number(count); n++) {
  const file = join(dir, `key-${n}.pem`);
  if (mode === 'find') while (!existsSync(file));
  const publicKey = createPublicKey(loadOrCreateSigningKey(file)).export({ type: 'spki', format: 'der' });
  keys.push(publicKey.toString('base64'));
}
process.stdout.write(`${keys.join('\n')}\n`);
