import { dirname } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startBuiltServer } from './support/server';

/**
 * Starts the built app once for the whole run, on a free loopback port with a fresh data
 * directory (demo data seeded), and hands its URL to the tests through ELP_E2E_BASE_URL.
 * Set ELP_E2E_BASE_URL yourself to run the specs against a server you started.
 * The returned function is Playwright's teardown.
 */
export default async function globalSetup(config: FullConfig) {
  if (process.env.ELP_E2E_BASE_URL) {
    console.log(`e2e: using the running server at ${process.env.ELP_E2E_BASE_URL}`);
    return;
  }
  const root = config.configFile ? dirname(config.configFile) : process.cwd();
  const server = await startBuiltServer(root);
  process.env.ELP_E2E_BASE_URL = server.url;
  console.log(`e2e: server at ${server.url} (log: ${server.logFile})`);
  return async () => {
    await server.stop();
  };
}
