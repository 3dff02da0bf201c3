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
    // the instructor's list says which course the student wrote from
    await expect(widget.getByRole('button').filter({ hasText: question }).getByTestId('chat-course')).toContainText(/Чат |Course: /);
    await widget.getByRole('button').filter({ hasText: question }).click();
    await expect(widget.getByTestId('chat-message').filter({ hasText: question })).toBeVisible();
    // seen in full: Read, and the count goes
    await expect(instructor.getByTestId('chat-menu-unread')).not.toContainText('1');
    await expect(studentChat).toBeHidden();
    const answer = `Ответ преподавателя ${unique()}`;
    await widget.getByRole('textbox', { name: /^(сообщение|message)$/i }).fill(answer);
    await widget.getByRole('textbox', { name: /^(сообщение|message)$/i }).press('Enter');
    await expect(widget.getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();

    // the student, without reloading: a polite live region reads the answer out, the menu counts it, the chat shows it
    await expect(page.getByTestId('chat-announcer')).toContainText(answer);
    await expect(page.getByTestId('chat-announcer')).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByTestId('chat-menu-unread')).toContainText('1');
    await page.getByTestId('menu-chat').click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: answer }).click();
    await expect(page.getByRole('dialog').getByTestId('chat-message').filter({ hasText: answer })).toBeVisible();
    await expect(page.getByTestId('chat-menu-unread')).not.toContainText('1');
    // the instructor's tick turns Read once the student has seen the answer
    const tick = widget.getByTestId('chat-message').filter({ hasText: answer }).locator('[data-status="Read"]');
    await expect(tick).toBeVisible();
    // visible as a UI part: at least 16 px, at least 3:1 against its bubble
    const { size, ratio } = await tick.evaluate((svg) => {
      const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i] * (top[3] ?? 1) + under[i] * (1 - (top[3] ?? 1)));
      const lum = (c: number[]) => {
        const [r, g, b] = c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      let bubble = svg.parentElement!;
      while (getComputedStyle(bubble).backgroundColor === 'rgba(0, 0, 0, 0)') bubble = bubble.parentElement!;
      const paper = rgba(getComputedStyle(svg.closest('.MuiDialog-paper')!).backgroundColor);
      const bg = over(rgba(getComputedStyle(bubble).backgroundColor), paper);
      const fg = over(rgba(getComputedStyle(svg).color), bg);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      return { size: svg.getBoundingClientRect().width, ratio: (a + 0.05) / (b + 0.05) };
    });
    expect(size).toBeGreaterThanOrEqual(16);
    expect(ratio).toBeGreaterThanOrEqual(3);

    // on a phone the chat has one close button; the conversation goes back to the list instead
    await page.setViewportSize({ width: 375, height: 760 });
    const phoneChat = page.getByRole('dialog');
    await expect(phoneChat.getByRole('button', { name: /^(к списку чатов|back to the chats)$/i })).toBeVisible();
    await expect(phoneChat.getByRole('button', { name: /^(закрыть|close)$/i })).toHaveCount(1);
  } finally {
    await instructor.context().close();
  }
});
