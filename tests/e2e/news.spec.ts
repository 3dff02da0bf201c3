import { expect, newPage, test } from './support/fixtures';
import { DEMO, signIn } from './support/ui';

test('news created by the instructor in the browser appears for the student on /news', async ({ page, browser, baseURL }) => {
  const title = `Новость e2e ${Date.now().toString(36)}`;
  const body = `Текст новости для проверки ${title}`;

  await signIn(page, DEMO.instructor);
  await expect(page).toHaveURL(/\/courses/);
  await page.goto('/instructors/news/create');

  const titleInput = page.locator('[name="title"]').or(page.getByLabel(/^(заголовок|название|title)/i)).first();
  const contentInput = page
    .locator('textarea[name="contentValue"], input[name="contentValue"], [contenteditable="true"]')
    .or(page.getByLabel(/^(содержание|текст|content|text)/i))
    .first();
  await titleInput.fill(title);
  await contentInput.fill(body);
  await page.getByRole('button', { name: /^(сохранить|save|создать|create|опубликовать|publish)$/i }).first().click();
  await expect(page).not.toHaveURL(/\/instructors\/news\/create/);

  await page.goto('/instructors-news');
  await expect(page.getByText(title).first()).toBeVisible();

  const student = await newPage(browser, baseURL);
  try {
    await signIn(student, DEMO.student);
    await expect(student).toHaveURL(/\/my-courses/);
    await student.goto('/news');
    await expect(student.getByText(title).first()).toBeVisible();

    // and the student's API agrees, with the list answer shape
    const feed = await student.request.get('/api/students/NewsFeed?take=10&skip=0');
    expect(feed.status()).toBe(200);
    const answer = (await feed.json()) as { result: { title: string }[]; metadata: { filteredRecords: number } };
    expect(answer.result.map((n) => n.title)).toContain(title);
    expect(answer.metadata.filteredRecords).toBeGreaterThan(1); // the seeded items and this one
    expect(answer.metadata.filteredRecords).toBeGreaterThanOrEqual(answer.result.length);
  } finally {
    await student.context().close();
  }
});
