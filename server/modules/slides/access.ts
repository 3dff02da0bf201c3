import { and, eq, sql } from 'drizzle-orm';
import { ContentKind } from '../../../shared/enums.js';
import { courses, enrolments, exercises, programs, slides } from '../../db/schema/index.js';
import { registerFileAccessCheck, registerUploadTarget } from '../../files/index.js';
import { parseIntId } from '../../resources/records.js';
import { loadExercise } from '../programs/access.js';
import { visibleProgramsWhere } from '../programs/access.js';
import { slideNotFound } from './service.js';

/**
 * Slide media (video, audio, PDF, presentation, hosted video) may be fetched by:
 * - staff who see the slide's program (the programs module's rule), and
 * - students enrolled (studying) in a course that runs the slide's program.
 */
registerFileAccessCheck('slides', async ({ db, user, file }) => {
  if (user.role === 'Instructors') {
    const [hit] = await db
      .select({ id: slides.id })
      .from(slides)
      .innerJoin(exercises, eq(exercises.id, slides.exerciseId))
      .innerJoin(programs, eq(programs.id, exercises.programId))
      .where(and(eq(slides.fileId, file.id), visibleProgramsWhere(user)))
      .limit(1);
    return !!hit;
  }
  if (user.role === 'Students') {
    const [hit] = await db
      .select({ id: slides.id })
      .from(slides)
      .innerJoin(exercises, eq(exercises.id, slides.exerciseId))
      .innerJoin(courses, eq(courses.programId, exercises.programId))
      .innerJoin(enrolments, and(eq(enrolments.courseId, courses.id), eq(enrolments.accountId, user.accountId), eq(enrolments.status, 1)))
      .where(eq(slides.fileId, file.id))
      .limit(1);
    return !!hit;
  }
  return false;
});

/** A resumable upload for a hosted-video slide (own storage): attach the finished file to the slide. */
registerUploadTarget('hosted-video', {
  async authorize({ db, user, targetId }) {
    const id = parseIntId(targetId);
    if (id === null) throw slideNotFound();
    const [slide] = await db.select().from(slides).where(and(eq(slides.id, id), eq(slides.contentKind, ContentKind.hostedVideo))).limit(1);
    if (!slide) throw slideNotFound();
    await loadExercise(db, user, slide.exerciseId);
  },
  async finish({ db, user, targetId, file }) {
    const id = Number(targetId);
    const [slide] = await db.select().from(slides).where(eq(slides.id, id)).limit(1);
    if (!slide) throw slideNotFound();
    await loadExercise(db, user, slide.exerciseId);
    await db
      .update(slides)
      .set({ fileId: file.id, content: sql`jsonb_set(${slides.content}, '{fileId}', to_jsonb(${file.id}::int))`, updatedAt: new Date() })
      .where(eq(slides.id, id));
    return { videoId: String(file.id), slideId: id };
  },
});
