#!/usr/bin/env node
// In a checkout the TypeScript source runs (through tsx, installed at the repository's root), so it never lags behind a
// stale bundle; an installed package holds only the bundle that `npm run build` (run by `npm pack`) made from it.
import { existsSync } from 'node:fs';

const source = new URL('../src/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import('../dist/testament.mjs');
}
