import { expect, test } from './support/fixtures';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * A course's automation conditions and the conditions templates (issue 28 item 7): the demo
 * instructor adds a condition to the current demo course, saves the course's conditions as a
 * template (/conditions-template/create), and applies the template to another course of the
 * same program, where the condition then appears. All on a phone, whose screens never scroll
 * sideways.
 */
test.use({ viewport: { width: 375, height: 740 } });

test('an instructor creates a condition, saves it as a template and applies it to another course', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const label = `Допуск E2E ${stamp}`;
  const template = `Шаблон условий ${stamp}`;

  await signIn(page, DEMO.instructor, '/courses');
  await dismissCookies(page);
  const courses = (await (await page.request.get('/api/instructors/trainings')).json()) as { id: number; label: string }[];
  const from = Math.min(...courses.map((c) => c.id));
  const to = courses.find((c) => /осенний поток/i.test(c.label))?.id;
  expect(to, 'the demo has a second course of the demo program').toBeTruthy();

  // the course page's menu leads to its conditions
  await page.goto(`/courses/${from}`);
  await page.getByTestId('course-menu').getByRole('link', { name: /условия курса|course conditions/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${from}/conditions$`));

  // a new condition: every exercise of the first lesson completed → a state
  await page.getByRole('link', { name: /добавить условие|add a condition/i }).first().click();
  await expect(page).toHaveURL(new RegExp(`/courses/${from}/conditions/create$`));
  await page.getByLabel(/^(название|name)/i).fill(label);
  await page.getByRole('combobox', { name: /уроки|lessons/i }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  await page.getByLabel(/состояние студента|student’s state/i).fill('Допущен к экзамену');
  await page.getByRole('button', { name: /сохранить|save/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${from}/conditions$`));
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Допущен к экзамену/);

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // saved as a template: the course is chosen and its conditions ticked already
  await page.getByRole('link', { name: /сохранить как шаблон|save as a template/i }).first().click();
  await expect(page).toHaveURL(/\/conditions-template\/create\?/);
  await expect(page.getByRole('checkbox', { name: new RegExp(label) })).toBeChecked();
  await page.getByLabel(/название шаблона|template name/i).fill(template);
  await page.getByRole('button', { name: /сохранить|save/i }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${from}/conditions$`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // applied to the other course: its conditions now hold the template's
  await page.goto(`/courses/${to}/conditions`);
  await page.getByRole('combobox', { name: /применить шаблон|apply a template/i }).click();
  await page.getByRole('option', { name: template }).click();
  await expect(page.getByTestId('apply-template').getByText(label)).toBeVisible();
  await page.getByTestId('template-apply').click();
  await expect(page.getByRole('row').filter({ hasText: label })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
