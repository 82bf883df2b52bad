import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server (started by the global setup on a free
 * port with a fresh data directory) in Debian's Chromium: no browser downloads.
 */
export default defineConfig({
  testDir: './src/browser',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  globalSetup: './src/browser/global-setup.ts',
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the screencast: the screencast's frames cost
    // a fifth of the suite's time on two cores (155 s → 123 s over cases, plans and case-list).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});
