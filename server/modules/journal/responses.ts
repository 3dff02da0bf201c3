import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { journalCalls as calls, type ResponsesSummary } from '../../../shared/calls/journal.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { studentScope, type CourseAccess } from '../courses/access.js';
import { rowsOf } from '../../db/rows.js';
import { lessonShownInCourse, shownInCourse } from '../learning/availability.js';
import { journalExerciseNotFound } from './progressCheck.js';
import type { Who } from './query.js';

/**
 * Responses upload (spec 1 §2.9 /courses/{courseId}[/{lessonId}[/{exerciseId}]]/responses-upload):
 * the files students answered with (file questions; any answer naming files) in a course, one
 * lesson or one exercise, as one zip streamed as it is made (yazl; each file read from storage
 * when its turn comes, so neither the zip nor the files sit in memory). The attempts a retake
 * discarded are left out; a tutor gets their assigned students' files only.
 */

const lessonNotFound = () => notFound('LessonNotFound', { title: 'journal.lessonNotFound' });

interface Scope {
  lessonId?: number;
  exerciseId?: number;
}

interface Outline {
  lessons: ResponsesSummary['lessons'];
  lesson: ResponsesSummary['lesson'];
  exercise: ResponsesSummary['exercise'];
}

/** The course's lessons and exercises (as it shows them) and the chosen ones: 404 for a lesson or exercise it does not show. */
async function outline(db: Db, access: CourseAccess, q: Scope): Promise<Outline> {
  const rows = rowsOf<{ lesson_id: number; lesson_label: string; id: number | null; label: string | null }>(
    await db.execute(sql`select l."id" as "lesson_id", l."label" as "lesson_label", e."id", e."label"
      from "lessons" l left join "exercises" e on e."lesson_id" = l."id" and ${shownInCourse(sql`e."id"`, sql`l."constraints"`, access.course.id)}
      where l."program_id" = ${access.course.programId} and ${lessonShownInCourse(sql`l."constraints"`, access.course.id)}
      order by l."sequence", l."id", e."sequence", e."id"`),
  );
  const lessons: Outline['lessons'] = [];
  for (const r of rows) {
    let lesson = lessons.at(-1);
    if (lesson?.id !== r.lesson_id) lessons.push((lesson = { id: r.lesson_id, label: r.lesson_label, exercises: [] }));
    if (r.id !== null) lesson.exercises.push({ id: r.id, label: r.label ?? '' });
  }
  const lesson = q.lessonId === undefined ? null : lessons.find((l) => l.id === q.lessonId);
  if (lesson === undefined) throw lessonNotFound();
  let exercise: Outline['exercise'] = null;
  if (q.exerciseId !== undefined) {
    const within = lesson ? [lesson] : lessons;
    const found = within.flatMap((l) => l.exercises).find((e) => e.id === q.exerciseId);
    if (!found) throw journalExerciseNotFound();
    exercise = found;
  }
  return { lessons, lesson: lesson ? { id: lesson.id, label: lesson.label } : null, exercise };
}

/** The answered files of the scope, one row per (attempt, file), in course order. */
function answeredFiles(access: CourseAccess, who: Who, q: Scope, select: SQL, tail: SQL = sql``): SQL {
  const scope = studentScope(access, who, sql`t."account_id"`);
  return sql`select ${select}
    from "attempts" t
    join "answers" an on an."attempt_id" = t."id"
    join lateral (
      select distinct x."fid" from (
        select an."file_id" as "fid"
        union all select (v.value)::int from jsonb_array_elements_text(case when jsonb_typeof(an."value"->'fileIds') = 'array' then an."value"->'fileIds' else '[]'::jsonb end) v
      ) x where x."fid" is not null
    ) ff on true
    join "files" f on f."id" = ff."fid"
    join "accounts" a on a."id" = t."account_id"
    join "exercises" e on e."id" = t."exercise_id"
    join "lessons" l on l."id" = e."lesson_id"
    left join "slides" s on s."id" = an."slide_id"
    where t."course_id" = ${access.course.id} and t."status" <> 'discarded' and e."program_id" = ${access.course.programId}
      and ${shownInCourse(sql`e."id"`, sql`l."constraints"`, access.course.id)}
      ${q.lessonId !== undefined ? sql`and l."id" = ${q.lessonId}` : sql``}
      ${q.exerciseId !== undefined ? sql`and e."id" = ${q.exerciseId}` : sql``}
      ${scope ? sql`and ${scope}` : sql``}
    ${tail}`;
}

/** A zip path segment: no separators, control or reserved characters, not '.' or '..', at most 80 characters. */
export function zipSegment(text: string): string {
  const clean = text.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_').replace(/\s+/g, ' ').trim().slice(0, 80).trim();
  return clean === '' || clean === '.' || clean === '..' ? '_' : clean;
}

interface FileRow {
  id: number;
  name: string;
  storage_key: string;
  account_id: number;
  last_name: string | null;
  first_name: string | null;
  email: string;
  lesson_seq: number;
  lesson_label: string;
  exercise_seq: number;
  exercise_label: string;
  attempt_no: number;
}

export function registerResponsesRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.responses, async (request) => {
    const access = courseOf(request);
    const q = request.query;
    const o = await outline(db, access, q);
    const [sum] = rowsOf<{ files: number; bytes: number; students: number }>(
      await db.execute(sql`select count(*)::int as "files", coalesce(sum(x."size"), 0)::float8 as "bytes", count(distinct x."account_id")::int as "students"
        from (${answeredFiles(access, currentUser(request), q, sql`distinct f."id", f."size", t."account_id"`)}) x`),
    );
    return { course: { id: access.course.id, label: access.course.label }, ...o, files: sum?.files ?? 0, bytes: Number(sum?.bytes ?? 0), students: sum?.students ?? 0 };
  });

  route(fastify, calls.responsesZip, async (request, reply) => {
    const access = courseOf(request);
    const q = request.query;
    const o = await outline(db, access, q);
    const rows = rowsOf<FileRow>(
      await db.execute(
        answeredFiles(
          access,
          currentUser(request),
          q,
          sql`f."id", f."name", f."storage_key", a."id" as "account_id", a."last_name", a."first_name", a."email",
            l."sequence" as "lesson_seq", l."label" as "lesson_label", e."sequence" as "exercise_seq", e."label" as "exercise_label", t."attempt_no"`,
          sql`order by l."sequence", l."id", e."sequence", e."id", a."last_name" nulls last, a."first_name" nulls last, a."id", t."attempt_no", s."sequence", f."id"`,
        ),
      ),
    );
    const storage = fastify.storage;
    const zip = new yazl.ZipFile();
    const used = new Set<string>();
    const unique = (path: string) => {
      let p = path;
      const dot = path.lastIndexOf('.');
      const [stem, ext] = dot > path.lastIndexOf('/') + 1 ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
      for (let i = 2; used.has(p.toLowerCase()); i++) p = `${stem} (${i})${ext}`;
      used.add(p.toLowerCase());
      return p;
    };
    for (const r of rows) {
      const student = zipSegment(`${`${r.last_name ?? ''} ${r.first_name ?? ''}`.trim() || r.email} (${r.account_id})`);
      const path = unique(
        [zipSegment(`${r.lesson_seq + 1}. ${r.lesson_label}`), zipSegment(`${r.exercise_seq + 1}. ${r.exercise_label}`), student, ...(r.attempt_no > 1 ? [`attempt ${r.attempt_no}`] : []), zipSegment(r.name)].join('/'),
      );
      // opened only when yazl reaches this entry: one stored file open at a time
      zip.addReadStreamLazy(path, { compress: true }, (cb) => {
        storage.get(r.storage_key).then((s) => cb(null, s), (err: unknown) => cb(err, undefined as never));
      });
    }
    zip.on('error', (err: Error) => {
      request.log.error({ err }, 'responses zip failed');
      (zip.outputStream as NodeJS.ReadableStream & { destroy(e?: Error): void }).destroy(err);
    });
    zip.end();
    const base = zipSegment(`${access.course.label}${o.lesson ? ` - ${o.lesson.label}` : ''}${o.exercise ? ` - ${o.exercise.label}` : ''}`);
    const name = `${base}.zip`;
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(zip.outputStream);
  });
}
