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

/** The same server under the other loopback name: the app's own address is 127.0.0.1, this is localhost (or the reverse). */
function otherLoopbackName(baseURL: string): string {
  const url = new URL(baseURL);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
}

test('opened at the other loopback host name, the app moves to its public address and signs in', async ({ page, baseURL }) => {
  const other = otherLoopbackName(baseURL!);
  await page.goto(`${other}/welcome`);
  await page.getByRole('button', { name: /начать обучение|start learning/i }).click();
  await submitLoginForm(page, DEMO.student);
  await expect(page).toHaveURL(exactly('/my-courses'));
  // it got there by moving to PUBLIC_URL before sign-in started
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/`));
  expect(await (await page.request.get('/api/account/current-state')).json()).toMatchObject({ role: 'Students', eMail: DEMO.student });
});

test('the sign-in start opened at the other host name also ends signed in', async ({ page, baseURL }) => {
  await page.goto(`${otherLoopbackName(baseURL!)}/api/auth/login?returnTo=%2Fmy-courses`);
  await submitLoginForm(page, DEMO.student2);
  await expect(page).toHaveURL(exactly('/my-courses'));
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/`));
});

test('a failed sign-in says why on the welcome page', async ({ page }) => {
  await page.goto('/welcome?loginError=SignInCookieMissing');
  await expect(page.getByTestId('login-error')).toContainText(/другому адресу сайта/);
  await page.goto('/welcome?loginError=whatever');
  await expect(page.getByTestId('login-error')).toHaveText('Не удалось войти');
});

test('after signing out, the next sign-in asks for the password (shared lab computer)', async ({ page }) => {
  await signIn(page, DEMO.student);
  await expect(page).toHaveURL(exactly('/my-courses'));

  await page.getByTestId('profile-menu-button').click();
  await page.getByTestId('logout-menu-item').click();
  await page.getByRole('dialog').getByRole('button', { name: /^(выйти|log out)$/i }).click();
  await expect(page).not.toHaveURL(exactly('/my-courses'));
  expect((await (await page.request.get('/api/account/current-state')).json()).role).toBe('Guest');

  // the next person at this computer starts signing in
  await page.goto('/welcome');
  await page.getByRole('button', { name: /начать обучение|start learning/i }).click();
  await expect(page.locator('input[name="password"]'), 'the login form, not an immediate sign-in as the previous student').toBeVisible();
  await expect(page.locator('input[name="login"]')).toHaveValue('');
});
