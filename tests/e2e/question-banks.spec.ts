import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * The question banks in the browser (spec 1 §2.10), on a phone and a desktop: an instructor
 * creates a sequence question from its tab of /resources, finds it by the title search, edits
 * and deletes it; the page never scrolls sideways (a table scrolls inside its own box).
 */
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 375, height: 740 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`question banks on a ${name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('create a sequence question, find it, edit it, delete it', async ({ page }) => {
      test.setTimeout(90_000);
      const label = `E2E последовательность ${name} ${Date.now().toString(36)}`;
      await signIn(page, DEMO.instructor, '/resources?tab=sequence');
      await dismissCookies(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByRole('link', { name: /^(создать|create)$/i }).click();
      await expect(page).toHaveURL(/\/resources\/sequence-questions\/create$/);
      await page.getByLabel(/^(название|title)/i).first().fill(label);
      const items = page.getByLabel(/^(элемент|item)/i);
      await items.nth(0).fill('Первый');
      await items.nth(1).fill('Второй');
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.getByTestId('save').click();
      await expect(page).toHaveURL(/\/resources\?tab=sequence$/);

      await page.getByPlaceholder(/^(поиск|search)/i).fill(label);
      const link = page.getByRole('link', { name: label });
      await expect(link).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);

      await link.click();
      await expect(page).toHaveURL(/\/resources\/sequence-questions\/\d+\/edit$/);
      const title = page.getByLabel(/^(название|title)/i).first();
      await expect(title).toHaveValue(label);
      await title.fill(`${label} правка`);
      await page.getByTestId('save').click();
      await expect(page).toHaveURL(/\/resources\?tab=sequence$/);
      await page.getByPlaceholder(/^(поиск|search)/i).fill(`${label} правка`);
      await expect(page.getByRole('link', { name: `${label} правка` })).toBeVisible();

      await page.getByRole('row', { name: new RegExp(`${label} правка`) }).getByTestId('delete').click();
      await page.getByRole('button', { name: /^(подтвердить|confirm)$/i }).click();
      await expect(page.getByRole('link', { name: `${label} правка` })).toHaveCount(0);
    });
  });
}

test.describe('every question-bank screen on a phone (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('fits the screen: each tab, each kind\'s create and edit forms, a question\'s answers', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.instructor, '/resources');
    await dismissCookies(page);
    // the demo data has a question of each kind (spec 3 §7.8 list calls)
    const lists = { closed: 'answers', free: 'free', matching: 'matches', sequence: 'sequences', code: 'code' };
    const first: Record<string, number> = {};
    for (const [kind, word] of Object.entries(lists)) {
      const answer = (await (await page.request.post(`/api/questions/${word}/list?take=1`)).json()) as { result: { id: number }[] };
      expect(answer.result[0], `a demo ${kind} question`).toBeTruthy();
      first[kind] = answer.result[0].id;
    }
    const screens = [
      ...Object.keys(lists).map((tab) => `/resources?tab=${tab}`),
      ...Object.keys(lists).flatMap((kind) => [`/resources/${kind}-questions/create`, `/resources/${kind}-questions/${first[kind]}/edit`]),
      `/resources/closed-questions/${first.closed}/answers`,
      `/resources/closed-questions/${first.closed}/answer/create`,
    ];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('loading')).toHaveCount(0);
      expect(await noSidewaysScroll(page), path).toBe(true);
    }
  });
});
