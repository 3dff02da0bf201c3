import { describe, expect, it } from 'vitest';
import { enrolments } from '../../server/db/schema/index.js';
import { createTestApp } from './support/app.js';
import { studyHelpers } from './support/study.js';

/**
 * Course progress follows the student's finishes and restarts (issue 10 item 16): the
 * instructor's student list, the student's course card and the welcome statistics show it
 * without anyone pressing «Пересчитать прогресс» (success/execute stays as a repair).
 */
const t = await createTestApp();
const h = studyHelpers(t);

describe('course progress without a recalculation', () => {
  it("finish → the student list shows the new percentage and completion; restart lowers it", async () => {
    const data = await h.course();
    const root = await t.signIn('Root');
    const student = await t.signIn('Students');
    await h.enrol(data.course.id, student.accountId);
    const listed = async () => {
      const res = await h.call(root, 'POST', `/api/instructors/students/training/${data.course.id}/list`, {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.find((r: { accountId: number }) => r.accountId === student.accountId) as { progress: number; completed: boolean };
    };
    const myCard = async () => (await h.call(student, 'GET', '/api/students/trainings')).json().result.find((c: { id: number }) => c.id === data.course.id);
    expect(await listed()).toMatchObject({ progress: 0, completed: false });

    // the test: start, answer the required question, finish
    expect((await h.call(student, 'POST', `${data.base}/Pages`, { slideId: 'start' })).statusCode).toBe(200);
    expect((await h.call(student, 'POST', `${data.base}/questions/answers/${data.radio.id}/save`, { optionIds: [data.radioOpts[0].id] })).statusCode).toBe(200);
    expect((await h.call(student, 'POST', `${data.base}/finish`)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ progress: 0.5, completed: false });

    // the lecture: the course is completed
    const lecture = `/api/trainings/${data.course.id}/exercises/${data.lecture.id}`;
    expect((await h.call(student, 'POST', `${lecture}/Pages`, { slideId: 'start' })).statusCode).toBe(200);
    expect((await h.call(student, 'POST', `${lecture}/finish`)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ progress: 1, completed: true });
    expect(await myCard()).toMatchObject({ completed: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/welcome/stats' })).json().trained).toBe(1);

    // a retake of the test: back to half, not completed
    expect((await h.call(student, 'POST', `${data.base}/restart`)).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ progress: 0.5, completed: false });
    expect(await myCard()).toMatchObject({ completed: false });
    const [row] = (await t.db.select().from(enrolments)).filter((e) => e.accountId === student.accountId);
    expect(row.completedAt).toBeNull();
  });
});
