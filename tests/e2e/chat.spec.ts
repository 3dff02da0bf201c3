import { expect, newPage, test } from './support/fixtures';
import { freshCourse, unique } from './support/courses';
import { DEMO, signIn } from './support/ui';

/**
 * Chat (spec 1 §2.7): a student starts a chat from the course page, the instructor answers from the
 * chat widget, and the student's Chat menu counts the answer live, then shows it.
 */
test('a student starts a chat from the course page; the instructor answers from the widget; the student sees it live', async ({ page, browser, baseURL }) => {
  const courseId = await freshCourse(browser, baseURL, `Чат ${unique()}`);

  await signIn(page, DEMO.student2, '/my-courses');
  const joined = await page.request.post(`/api/students/trainings/${courseId}/join`);
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  await page.goto(`/my-courses/course/${courseId}`);
  await page.getByRole('button', { name: /^(начать чат|start a chat)$/i }).first().click();

  const studentChat = page.getByRole('dialog');
  await expect(studentChat.getByTestId('chat-interlocutor')).toBeVisible();
  await expect(studentChat.getByText(/^(чат пуст|the chat is empty)$/i)).toBeVisible();
  const question = `Вопрос по курсу ${unique()}`;
  await studentChat.getByRole('textbox', { name: /^(сообщение|message)$/i }).fill(question);
  await studentChat.getByRole('button', { name: /^(отправить|send)$/i }).click();
  await expect(studentChat.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
  // stored: the sender's tick
  await expect(studentChat.getByTestId('chat-message').filter({ hasText: question }).locator('[data-status]')).toBeVisible();
  await studentChat.getByRole('button', { name: /^(закрыть|close)$/i }).first().click();
  await expect(studentChat).toBeHidden();

  // the instructor: the Chat menu counts the question, the widget shows it and answers
  const instructor = await newPage(browser, baseURL);
  try {
    await signIn(instructor, DEMO.instructor, '/courses');
    await expect(instructor.getByTestId('chat-menu-unread')).toContainText('1');
    await instructor.getByTestId('menu-chat').click();
    const widget = instructor.getByRole('dialog');
    await widget.getByRole('button').filter({ hasText: question }).click();
    await expect(widget.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    // seen in full: Read, and the count goes
    await expect(instructor.getByTestId('chat-menu-unread')).not.toContainText('1');
    await expect(studentChat).toBeHidden();
    const answer = `Ответ преподавателя ${unique()}`;
    await widget.getByRole('textbox', { name: /^(сообщение|message)$/i }).fill(answer);
    await widget.getByRole('textbox', { name: /^(сообщение|message)$/i }).press('Enter');
    await expect(widget.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();

    // the student, without reloading: the menu counts the answer, the chat shows it
    await expect(page.getByTestId('chat-menu-unread')).toContainText('1');
    await page.getByTestId('menu-chat').click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: answer }).click();
    await expect(page.getByRole('dialog').getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await expect(page.getByTestId('chat-menu-unread')).not.toContainText('1');
    // the instructor's tick turns Read once the student has seen the answer
    await expect(widget.getByTestId('chat-message').filter({ hasText: answer }).locator('[data-status="Read"]')).toBeVisible();
  } finally {
    await instructor.context().close();
  }
});
