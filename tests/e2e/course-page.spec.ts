import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';
import { freshCourse, unique } from './support/courses';

/**
 * Issue 15: the course page's tooltips, menu and retake dialog load on use (not on the first
 * load). In a real browser they still appear on hover and on keyboard focus, and the focus stays
 * on the button whose tooltip loaded.
 */
test('the course page loads its tooltips and its exercise menu on use; hover, focus and keys still work', async ({ page, browser, baseURL }) => {
  const courseId = await freshCourse(browser, baseURL, `E2E страница курса ${unique()}`);
  await signIn(page, DEMO.student2, '/my-courses');
  await dismissCookies(page);
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`);
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname); });
  await page.goto(`/my-courses/course/${courseId}`);
  await expect(page.getByTestId('lesson').first()).toBeVisible();
  expect(scripts.filter((s) => /\/(Tooltip|Popper|Menu|Modal)-/.test(s))).toEqual([]);

  // the lock of a closed exercise: its name first, the tooltip on hover
  const lock = page.getByTestId('exercise-row').getByLabel(/^(недоступно|not available)/i).first();
  await expect(lock).toBeVisible();
  await lock.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();

  // the chat button, reached by the keyboard: the tooltip shows and the focus stays
  const chat = page.getByRole('button', { name: /^(начать чат|start a chat)$/i }).first();
  const menuButton = /^(действия с упражнением|exercise actions)$/i;
  // the last exercise's menu button comes just before it (the side panels follow the lessons)
  await page.getByTestId('exercise-row').last().getByRole('button', { name: menuButton }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tooltip')).toHaveText(/^(начать чат|start a chat)$/i);
  await expect(chat).toBeFocused();

  // the exercise menu loads on opening, and the keyboard moves in it
  await page.getByTestId('exercise-row').first().getByRole('button', { name: menuButton }).click();
  const favour = page.getByRole('menuitem', { name: /^(добавить в избранное|add to favou?rites)$/i });
  await expect(favour).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(favour).toBeHidden();

  // a lesson closes and opens from its heading's button
  const summary = page.getByTestId('lesson').first().getByRole('heading').getByRole('button');
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  await summary.click();
  await expect(summary).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('lesson').first().getByRole('link').first()).toBeHidden();
  await summary.press('Enter');
  await expect(page.getByTestId('lesson').first().getByRole('link').first()).toBeVisible();
});
