import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the built app (global setup starts `node dist/server/main.js` on a free
 * loopback port with fresh demo data) driven by Debian's Chromium. Playwright's own browser
 * downloads are not available on CI, so /usr/bin/chromium is used when present
 * (CHROMIUM_PATH overrides; without either, Playwright's bundled browser is tried).
 */
const CI = !!process.env.CI;
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  // two cores on the CI machine, shared by the server and the browser
  workers: CI ? 1 : 2,
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  timeout: 60_000,
  // the accessibility walk (~340 screens × 4 views) is a third of it
  globalTimeout: 50 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // set by the global setup; the fixtures in support/fixtures.ts read it again in the workers
    baseURL: process.env.ELP_E2E_BASE_URL,
    browserName: 'chromium',
    locale: 'ru-RU',
    colorScheme: 'light',
    viewport: { width: 1600, height: 1000 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
