import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { createCourseByApi, unique } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * The course and course-group screens as declared resources (issue 11): an instructor makes a
 * course group in the browser, edits it and sees it in its tree; and every course screen fits a
 * phone (375 px) without the page scrolling sideways (wide tables scroll inside their own box).
 */

/** The page itself never scrolls sideways. */
async function fitsWidth(page: Page, path: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

test('an instructor makes a course group, edits it and finds its course in the tree', async ({ page }) => {
  test.setTimeout(90_000);
  const token = unique();
  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const courseLabel = `E2E курс группы ${token}`;
  await createCourseByApi(page.request, courseLabel);

  // --- create: a top-level group with that course
  await page.goto('/courses/course-group/create');
  await page.getByLabel(/^(название|title)/i).fill(`E2E группа ${token}`);
  await page.getByRole('combobox', { name: /курсы в группе|courses in the group/i }).fill(token);
  await page.getByRole('option', { name: courseLabel }).click();
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/courses\/course-group\/\d+$/);
  await expect(page.getByRole('heading', { name: `E2E группа ${token}` })).toBeVisible();
  await expect(page.getByTestId('group-tree').getByRole('link', { name: new RegExp(courseLabel) })).toBeVisible();

  // --- edit: a new title, saved pessimistically, shown on the group's page
  await page.getByTestId('group-actions').getByRole('link', { name: /изменить|edit/i }).click();
  await expect(page).toHaveURL(/\/edit$/);
  const title = page.getByLabel(/^(название|title)/i);
  await expect(title).toHaveValue(`E2E группа ${token}`);
  await title.fill(`E2E группа ${token} (изменена)`);
  await page.getByTestId('save').click();
  await expect(page).toHaveURL(/\/courses\/course-group\/\d+$/);
  await expect(page.getByRole('heading', { name: `E2E группа ${token} (изменена)` })).toBeVisible();

  // --- and the landing lists it among the course groups
  await page.goto('/courses');
  await expect(page.getByTestId('course-groups').getByText(`E2E группа ${token} (изменена)`)).toBeVisible();
});

test.describe('course screens on a phone (375×740)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the course lists, a course, its settings, a course group, its forms and the task queues fit the width', async ({ page }) => {
    test.setTimeout(90_000);
    const token = unique();
    await signIn(page, DEMO.instructor, '/courses');
    await dismissCookies(page);
    // the shell's new-design notice is not these screens' (and is gone once read)
    await page.getByTestId('new-design-disclaimer').getByRole('button').click();
    const courseId = await createCourseByApi(page.request, `E2E курс на телефоне с длинным названием ${token}`);
    const group = await page.request.post('/api/instructors/sets', { data: { label: `E2E группа на телефоне ${token}`, trainingIds: [courseId] } });
    expect(group.status(), await group.text()).toBe(201);
    const groupId = ((await group.json()) as { id: number }).id;

    const screens: [string, (p: Page) => Promise<void>][] = [
      ['/courses', (p) => expect(p.getByTestId('course-list')).toBeVisible()],
      ['/courses/list', (p) => expect(p.getByTestId('all-courses')).toBeVisible()],
      ['/courses/create', (p) => expect(p.getByTestId('save')).toBeVisible()],
      [`/courses/${courseId}`, (p) => expect(p.getByTestId('course-menu')).toBeVisible()],
      [`/courses/${courseId}/edit`, (p) => expect(p.getByTestId('save')).toBeVisible()],
      ['/courses/course-group/create', (p) => expect(p.getByTestId('save')).toBeVisible()],
      [`/courses/course-group/${groupId}`, (p) => expect(p.getByTestId('group-tree')).toBeVisible()],
      [`/courses/course-group/${groupId}/edit`, (p) => expect(p.getByTestId('save')).toBeVisible()],
      [`/courses/course-group/${groupId}/sort`, (p) => expect(p.getByTestId('sortable-item').first()).toBeVisible()],
      [`/courses/course-group/${groupId}/students/add`, (p) => expect(p.getByTestId('save')).toBeVisible()],
      [`/courses/course-group/${groupId}/students/add/task-queue`, (p) => expect(p.getByTestId('task-list')).toBeVisible()],
      ['/courses/visit-stat-download/task-queue', (p) => expect(p.getByTestId('task-list')).toBeVisible()],
    ];
    for (const [path, loaded] of screens) {
      await page.goto(path);
      await loaded(page);
      await fitsWidth(page, path);
    }
  });
});
