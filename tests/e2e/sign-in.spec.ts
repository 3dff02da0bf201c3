import { expect, test } from './support/fixtures';
import { DEMO, navItem, signIn, submitLoginForm } from './support/ui';

/** Landing per role (spec 1 §2.1) and a menu entry each role sees there (spec 1 §2.5–2.6). */
const accounts = [
  { login: DEMO.student, role: 'Students', landing: '/my-courses', menu: /^(мои курсы|my courses)$/i },
  { login: DEMO.student2, role: 'Students', landing: '/my-courses', menu: /^(мои курсы|my courses)$/i },
  { login: DEMO.instructor, role: 'Instructors', landing: '/courses', menu: /^(курсы|courses)$/i },
  { login: DEMO.teacher, role: 'Instructors', landing: '/courses', menu: /^(курсы|courses)$/i },
  { login: DEMO.root, role: 'Root', landing: '/courses', menu: /^(курсы|courses)$/i },
] as const;

const exactly = (path: string) => new RegExp(`^https?://[^/]+${path}/?(?:[?#].*)?$`);
const PROGRAMS = /^(программы|programs)$/i;

for (const account of accounts) {
  test(`${account.login} (${account.role}) signs in on the login page and lands on ${account.landing}`, async ({ page }) => {
    await signIn(page, account.login);
    await expect(page).toHaveURL(exactly(account.landing));
    await expect(navItem(page, account.menu)).toBeVisible();

    // the session the browser holds is the one the server sees
    const state = await page.request.get('/api/account/current-state');
    expect(state.status()).toBe(200);
    expect(await state.json()).toMatchObject({ role: account.role, eMail: account.login });

    // Programs are by permission: every flag (instructor) and Root see them, no flag (teacher) and students do not
    const seesPrograms = account.login === DEMO.instructor || account.login === DEMO.root;
    if (seesPrograms) await expect(navItem(page, PROGRAMS)).toBeVisible();
    else await expect(navItem(page, PROGRAMS)).toHaveCount(0);
  });
}

test('the sign-in button on the welcome page goes through the login page to the landing', async ({ page }) => {
  await page.goto('/welcome');
  const name = /начать обучение|start learning|войти|sign in|log in/i;
  await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().click();
  await submitLoginForm(page, DEMO.student);
  await expect(page).toHaveURL(exactly('/my-courses'));
});
