import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: {
    __APP_VERSION__: '"test"',
    __ISSUES_URL__: '"https://issues.example.test/"',
    __CONTACT_EMAIL__: '""',
    __DOCUMENTATION_URL__: '"https://docs.example.test/"',
  },
  test: {
    name: 'client',
    root: new URL('.', import.meta.url).pathname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // The theme stylesheets as the app loads them, so tests read the themes' own colours (theme/status-colors.test.ts); other CSS stays
    // empty.
    css: { include: [/primereact\/resources\/themes\//] },
    // As the node project: a component test that waits on a loaded CI machine must not die at vitest's default 5 s.
    testTimeout: 30_000,
  },
});
