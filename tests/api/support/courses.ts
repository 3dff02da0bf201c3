import { expect } from 'vitest';
import { exercises, lessons, programs } from '../../../server/db/schema/index.js';
import type { SignedIn, TestApp } from './app.js';

/** Helpers shared by tests/api/courses*.test.ts, sets*.test.ts and tasks*.test.ts. */
export function courseHelpers(t: TestApp) {
  const call = async (who: SignedIn | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'GET', url, headers: { ...(who ? who.headers : {}), ...headers }, payload: payload as object });

  /** A program with one lesson of two exercises (test, lecture), written straight to the database. */
  async function seedProgram(label = 'Программа', createdBy: number | null = null) {
    const [program] = await t.db.insert(programs).values({ label, isReady: true, createdBy }).returning();
    const [lesson] = await t.db.insert(lessons).values({ programId: program.id, label: 'Урок 1', sequence: 0 }).returning();
    const ex = await t.db
      .insert(exercises)
      .values([
        { programId: program.id, lessonId: lesson.id, label: 'Тест', exerciseType: 20, sequence: 0 },
        { programId: program.id, lessonId: lesson.id, label: 'Лекция', exerciseType: 10, sequence: 1 },
      ])
      .returning();
    return { program, lesson, exercises: ex };
  }

  const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  async function createCourse(who: SignedIn, programId: number, extra: Record<string, unknown> = {}) {
    const res = await call(who, 'POST', '/api/instructors/trainings/create', { programId, begin: day(-10), end: day(30), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; label: string };
  }

  async function createSet(who: SignedIn, body: Record<string, unknown>, parentId?: number) {
    const url = parentId ? `/api/instructors/sets/${parentId}/child` : '/api/instructors/sets';
    const res = await call(who, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; label: string };
  }

  /** Polls a task until it leaves queued/running (or the time is up). */
  async function waitForTask(who: SignedIn, taskId: number, timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const res = await call(who, 'GET', `/api/instructors/queue/task/${taskId}`);
      expect(res.statusCode, res.body).toBe(200);
      const task = res.json() as { status: { id: string }; progress: number; error: string | null; summary: Record<string, number> };
      if (!['queued', 'running'].includes(task.status.id) || Date.now() > until) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return { call, seedProgram, createCourse, createSet, waitForTask, day };
}
