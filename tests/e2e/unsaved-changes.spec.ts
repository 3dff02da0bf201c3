import { expect, test } from './support/fixtures';
import { demoProgram } from './support/courses';
import { DEMO, dismissCookies, signIn } from './support/ui';

/**
 * Spec 1 §2.4: a form with unsaved changes asks before it is left, for a link and for the
 * browser's back button. The app runs react-router without its data router (src/app/router), so
 * the production build's own navigation guard is what this exercises.
 */
test('a slide form with changes asks before it is left; refused, it keeps the changes', async ({ page }) => {
  const dialogs: string[] = [];
  let accept = false;
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void (accept ? d.accept() : d.dismiss());
  });
  await signIn(page, DEMO.instructor, '/programs');
  await dismissCookies(page);
  // the demo program (the first one made): other specs add programs of their own, some empty
  await page.goto(`/programs/${(await demoProgram(page.request)).id}`);
  await page.getByTestId('exercise-row').first().getByRole('link', { name: /^(слайды|slides)$/i }).click();
  await expect(page).toHaveURL(/\/slides$/);
  const listPath = new URL(page.url()).pathname;

  await page.getByRole('button', { name: /^(добавить слайд|add a slide)$/i }).click();
  await page.getByRole('menuitem', { name: /^(веб-страница|web page)$/i }).click();
  await expect(page.getByTestId('slide-form-web')).toBeVisible();
  const createPath = new URL(page.url()).pathname;
  // nothing typed yet: leaving does not ask
  await page.goBack();
  await expect(page).toHaveURL((u) => u.pathname === listPath);
  expect(dialogs).toEqual([]);
  await page.goForward();
  await expect(page.getByTestId('slide-form-web')).toBeVisible();

  const title = page.getByRole('textbox', { name: /^(заголовок|title)( \*)?$/i });
  await title.fill('Не сохранённый слайд');

  // the back button: asked, refused, the form and its text stay
  await page.goBack();
  await expect.poll(() => dialogs.length).toBe(1);
  // react-admin's text (ra.message.unsaved_changes)
  expect(dialogs[0]).toMatch(/изменений не были сохранены|unsaved changes/i);
  await expect(page).toHaveURL((u) => u.pathname === createPath);
  await expect(title).toHaveValue('Не сохранённый слайд');

  // a link of the page (the breadcrumb to the program): asked again; accepted, it leaves
  accept = true;
  await page.getByRole('navigation', { name: /breadcrumb|навигационная цепочка|путь/i }).getByRole('link').last().click();
  await expect.poll(() => dialogs.length).toBe(2);
  await expect(page).not.toHaveURL((u) => u.pathname === createPath);
});
