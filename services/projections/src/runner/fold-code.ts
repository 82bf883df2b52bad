/**
 * Which code folded the stored read models: a hash of every source file that decides what a fold
 * makes (the read models' and the event contracts', upcasts included). A runner stores it with its
 * checkpoint, and read models folded by other code are folded again from the start.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

let foldCodeHash: string | undefined;

export function foldCode(): string {
  if (foldCodeHash) return foldCodeHash;
  const hash = createHash('sha256');
  const roots = [dirname(dirname(fileURLToPath(import.meta.url))), dirname(fileURLToPath(import.meta.resolve('@testament/contracts')))];
  for (const root of roots) {
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')).sort();
    for (const file of files) hash.update(relative(root, join(root, file))).update('\0').update(readFileSync(join(root, file))).update('\0');
  }
  return (foldCodeHash = hash.digest('hex'));
}
