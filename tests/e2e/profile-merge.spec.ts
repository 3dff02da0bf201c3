import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, navItem, signIn } from './support/ui';

/**
 * Issue 13 item 6, end to end: Root merges the demo graduate's two accounts (graduate@ studies
 * in the future course, gleb.old@ studied in the past one) on /courses/student-profiles-merge;
 * the surviving account then holds both enrolments and its student sees both courses.
 */
const SURVIVOR = 'graduate@example.com';
const MERGED = 'gleb.old@example.com';

test('Root merges two accounts of one student and the surviving one shows both histories', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.root, '/courses/student-profiles-merge');
  await dismissCookies(page);
  await page.getByTestId('merge-emails').fill(`${SURVIVOR}, ${MERGED}`);
  await page.getByTestId('merge-find').click();
  const table = page.getByTestId('merge-preview');
  const survivorRow = table.getByRole('row').filter({ hasText: SURVIVOR });
  await expect(survivorRow).toHaveCount(1);

  // a retry after a finished run finds the old account gone: the survivor already holds both
  const mergedRow = table.getByRole('row').filter({ hasText: MERGED });
  if ((await mergedRow.count()) === 1) {
    await survivorRow.getByRole('radio').check();
    await page.getByTestId('merge-submit').click();
    await page.getByTestId('merge-confirm').click();
    await expect(mergedRow).toHaveCount(0);
    // the page says what happened, takes focus, and links the surviving profile
    const result = page.getByTestId('merge-result');
    await expect(result).toBeVisible();
    await expect(result).toBeFocused();
    await expect(result).toContainText(SURVIVOR);
    await expect(result).toContainText(MERGED);
    await expect(page.getByTestId('merge-survivor-link')).toHaveAttribute('href', /^\/courses\/users\/profile-rights\/\d+$/);
  }
  // Root reaches the screen from the menu too (not only from a button on /courses)
  await expect(navItem(page, /^(слияние профилей|merge profiles)$/i)).toHaveAttribute('href', '/courses/student-profiles-merge');
  // enrolments column: the future course and the past one
  await expect(survivorRow.getByRole('cell').nth(2)).toHaveText('2');

  const student = await browser.newPage({ baseURL });
  await signIn(student, SURVIVOR, '/my-courses');
  await expect(student.getByTestId('my-courses-page')).toBeVisible();
  // the past course came from gleb.old@; the future one (in the demo course group's folder) was his own
  const page_ = student.getByTestId('my-courses-page');
  await expect(page_.getByText('Основы программирования: осенний поток')).toBeVisible();
  await expect(page_.getByText(/Летняя школа программирования|Направление «Программирование»/).first()).toBeVisible();
  await student.close();
});
