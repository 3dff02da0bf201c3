import { test as base, type Browser, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * `test` with baseURL read at run time: the global setup picks the server's port after the
 * config was first evaluated, and passes it to the workers as ELP_E2E_BASE_URL.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.ELP_E2E_BASE_URL;
    if (!url) throw new Error('ELP_E2E_BASE_URL is not set: run through playwright.config.ts (global setup starts the server)');
    await use(url);
  },
});

/** A second, independent browser session (own cookies and storage) on the same server. */
export async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}
