import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, newPage } from './fixtures';
import { DEMO, signIn } from './ui';

/** Course set-up shared by the specs: each makes its own fresh course, so specs do not depend on each other or on earlier runs. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The demo program: the lowest-id program the signed-in instructor sees. */
export async function demoProgram(request: APIRequestContext): Promise<{ id: number; label: string }> {
  const res = await request.get('/api/instructors/courses');
  expect(res.status(), 'the programs list answers').toBe(200);
  const programs = (await res.json()) as { id: number; label: string }[];
  expect(programs.length).toBeGreaterThan(0);
  return programs.reduce((a, b) => (b.id < a.id ? b : a));
}

/** A published, current course of the demo program made through the API (as the signed-in instructor). */
export async function createCourseByApi(request: APIRequestContext, label: string, joinMode: 'direct' | 'application' = 'direct', programId?: number): Promise<number> {
  programId ??= (await demoProgram(request)).id;
  const res = await request.post('/api/instructors/trainings/create', {
    data: { programId, label, begin: day(-1), end: day(60), alwaysAvailableByDates: false, joinMode },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const { id } = (await res.json()) as { id: number };
  const pub = await request.put(`/api/instructors/trainings/${id}/settings`, { data: { begin: day(-1), end: day(60), joinMode, isPublished: true } });
  expect(pub.status(), await pub.text()).toBeLessThan(300);
  return id;
}

/** The demo instructor makes a fresh direct-join course of the demo program in a separate session. */
export async function freshCourse(browser: Browser, baseURL: string | undefined, label: string): Promise<number> {
  const instructor = await newPage(browser, baseURL);
  try {
    await signIn(instructor, DEMO.instructor, '/courses');
    return await createCourseByApi(instructor.request, label);
  } finally {
    await instructor.context().close();
  }
}

/**
 * The signed-in student joins the course and starts its lecture «Что такое Python», as the hello
 * page's Start does; answers the lecture and the attempt's first slide (a slide's address needs the attempt).
 */
export async function startLecture(request: APIRequestContext, courseId: number): Promise<{ lecture: { id: number; lessonId: number }; firstSlide: number }> {
  const joined = await request.post(`/api/students/trainings/${courseId}/join`);
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const outline = (await (await request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const lecture = outline.flatMap((l) => l.exercises).find((x) => x.label === 'Что такое Python')!;
  const started = await request.post(`/api/Trainings/${courseId}/Exercises/${lecture.id}/Pages`, { data: { slideId: 'start' } });
  expect(started.status(), await started.text()).toBe(200);
  return { lecture, firstSlide: ((await started.json()) as { slides: { id: number }[] }).slides[0].id };
}

/**
 * The signed-in student joins the course and finishes the lecture before the exercise named
 * `label` (the demo test opens after it): answers that exercise's id and lesson.
 */
export async function joinAndPassLectureBefore(page: Page, courseId: number, label: string): Promise<{ id: number; lessonId: number }> {
  expect((await page.request.post(`/api/students/trainings/${courseId}/join`, { data: {} })).status()).toBeLessThan(300);
  const outline = (await (await page.request.get(`/api/students/trainings/${courseId}/lessons`)).json()) as { exercises: { id: number; lessonId: number; label: string }[] }[];
  const all = outline.flatMap((l) => l.exercises);
  const exercise = all.find((e) => e.label === label)!;
  const lecture = all[all.indexOf(exercise) - 1];
  for (const [path, data] of [['Pages', { slideId: 'start' }], ['finish', undefined]] as const) {
    expect((await page.request.post(`/api/trainings/${courseId}/exercises/${lecture.id}/${path}`, { data })).status()).toBe(200);
  }
  return exercise;
}
