import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.ts';

/** One server for the run; tests reach it through TESTAMENT_E2E_URL. Playwright calls the returned teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(fileURLToPath(new URL('../../../client/dist/index.html', import.meta.url)))) {
    throw new Error('client/dist is missing: run `npm run build:client` (npm run test:e2e does it for you)');
  }
  const server = await startServer();
  process.env.TESTAMENT_E2E_URL = server.url;
  return () => server.stop();
}
