import { expect } from 'vitest';
import type { SignedIn, TestApp } from './app.js';

/** Helpers shared by tests/api/programs*.test.ts. */
export function programHelpers(t: TestApp) {
  const call = async (who: SignedIn | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: who ? who.headers : {}, payload: payload as object });

  async function createProgram(who: SignedIn, label = 'Программа') {
    const res = await call(who, 'POST', '/api/Instructors/Courses/Create', { label, description: 'Описание' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; label: string };
  }

  async function createLesson(who: SignedIn, programId: number, label = 'Урок') {
    const res = await call(who, 'POST', `/api/Instructors/Courses/${programId}/Lessons/Create`, { label });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; label: string; sequence: number };
  }

  async function createExercise(who: SignedIn, programId: number, lessonId: number, label = 'Упражнение', extra: object = {}) {
    const res = await call(who, 'POST', `/api/instructors/Courses/${programId}/Lessons/${lessonId}/Exercises/Create/Presentation`, {
      label,
      exerciseType: 20,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; label: string; sequence: number };
  }

  return { call, createProgram, createLesson, createExercise };
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: { field?: string; filename: string; content: Buffer; type?: string }) {
  const boundary = `----elp${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/zip'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
