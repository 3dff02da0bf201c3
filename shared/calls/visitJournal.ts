import { z } from 'zod';
import type { ListAnswer } from '../account';
import { defineCalls, returns } from '../http/call';

/**
 * The visit journal (spec 1 §2.9 /courses/{courseId}/visit-journal, spec 3 §7.10 "Visit journal",
 * spec 2 §5 visit mark set/cleared): lessons × students of a course with a mark per exercise and
 * per lesson, group performance, the visits report and the journal's exports.
 * Server: server/modules/visitJournal. Client: src/resources/visitJournal.
 */

/** How a mark came: the instructor's (manual), a confirmed digital code, or the student's own absence report. */
export type VisitSource = 'manual' | 'digital_code' | 'absent';

export interface VisitMark {
  source: VisitSource;
  /** present: manual or digital code; absent: the student reported an absence (Trace/Absent) */
  present: boolean;
  markedAt: string;
}

export interface JournalLesson {
  id: number;
  label: string;
  sequence: number;
  exercises: number;
}

export interface JournalExercise {
  id: number;
  label: string;
  exerciseType: number;
  sequence: number;
}

export interface JournalGroup {
  id: number;
  label: string;
  students: number;
}

export interface JournalRow {
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupId: number | null;
  groupLabel: string | null;
  /** the mark of the lesson itself */
  lesson: VisitMark | null;
  /** marks per exercise id (exercises without a mark are absent from the map) */
  exercises: Record<string, VisitMark>;
}

export interface LessonJournal extends ListAnswer<JournalRow> {
  lesson: { id: number; label: string };
  exercises: JournalExercise[];
  /** whether the caller may set and clear marks here (EditVisitJournal) */
  canEdit: boolean;
}

export interface ExerciseJournalRow extends Omit<JournalRow, 'lesson' | 'exercises'> {
  mark: VisitMark | null;
}

export interface ExerciseJournal extends ListAnswer<ExerciseJournalRow> {
  exercise: JournalExercise;
  canEdit: boolean;
}

export interface GroupPerformance {
  lessons: { id: number; label: string }[];
  /** one row per group of the course and one (id null) for students without a group, when there are any */
  groups: {
    id: number | null;
    label: string | null;
    students: number;
    /** per lesson id: students present (a lesson mark or a mark of one of its exercises) and their share 0..100 */
    lessons: Record<string, { present: number; percent: number }>;
    /** the share over all the lessons, 0..100 */
    percent: number;
  }[];
}

export interface VisitReportRow {
  courseId: number;
  courseLabel: string;
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupLabel: string | null;
  /** lessons (or the exercises asked for) the student was present at */
  present: number;
  /** student-reported absences among them */
  absent: number;
  /** lessons (or exercises) counted */
  total: number;
  percent: number;
}

const MAX_ID = 2_147_483_647;
export const journalId = z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(MAX_ID, 'validation.tooBig');
const idList = z.array(journalId).max(500, 'validation.tooBig');

/** The view of a lesson or an exercise: the group (0 = students without a group), a name/e-mail search and the page. */
export const journalViewInput = z.object({
  groupId: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(MAX_ID, 'validation.tooBig').nullish(),
  search: z.string().trim().max(200, 'validation.tooBig').nullish(),
  take: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(500, 'validation.tooBig').default(50),
  skip: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(10_000_000, 'validation.tooBig').default(0),
});
export type JournalViewInput = z.input<typeof journalViewInput>;

export const groupPerformanceInput = z.object({
  courseId: journalId,
  /** only these lessons (default: every lesson of the course) */
  lessonIds: idList.nullish(),
});

/**
 * The visits report and the visits export (spec 3 §7.10: Training, AccountId, GroupIds,
 * TrainingIds, LessonIds, ExerciseIds, Attributes). The spec's capitalised names are taken as they are.
 */
export const visitReportInput = z
  .object({
    Training: journalId.nullish(),
    TrainingIds: idList.nullish(),
    AccountId: journalId.nullish(),
    GroupIds: idList.nullish(),
    LessonIds: idList.nullish(),
    ExerciseIds: idList.nullish(),
    /** students whose attribute has the value */
    Attributes: z.array(z.object({ attributeId: journalId, value: z.string().max(500, 'validation.tooBig') })).max(20, 'validation.tooBig').nullish(),
    take: z.coerce.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(1000, 'validation.tooBig').default(100),
    skip: z.coerce.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(10_000_000, 'validation.tooBig').default(0),
  })
  .refine((v) => !!v.Training || !!v.TrainingIds?.length, { message: 'validation.required', path: ['TrainingIds'] });
export type VisitReportInput = z.input<typeof visitReportInput>;

/** The per-course journal export (job type 12): the group and lessons to export. */
export const journalExportInput = z.object({
  groupId: journalViewInput.shape.groupId,
  lessonIds: idList.nullish(),
});

/** Marks many students at once (Attendance/SendToJournal): the lesson and/or exercise, and the students. */
export const sendToJournalInput = z.object({
  courseId: journalId,
  lessonId: z.unknown().optional(),
  exerciseId: z.unknown().optional(),
  studentIds: z.array(journalId).min(1, 'validation.required').max(500, 'validation.tooBig'),
});

export interface MarkAnswer {
  message: string;
  mark: VisitMark | null;
}

const VJ = '/api/instructors/VisitJournal/Training/{courseId}';
const view = { rule: 'visitJournal', course: { action: 'attendance' } } as const;
/** setting and clearing marks: EditVisitJournal (the digital code journal's flag) */
const edit = { rule: 'digitalCodeJournal', course: { action: 'attendance' } } as const;

export const visitJournalCalls = defineCalls('visit-journal', {
  lessons: { method: 'GET', path: `${VJ}/Lessons`, ...view, response: returns<JournalLesson[]>() },
  exercises: { method: 'GET', path: `${VJ}/Lesson/{lessonId}/Exercises`, ...view, response: returns<JournalExercise[]>() },
  groups: { method: 'GET', path: `${VJ}/Lesson/{lessonId}/Groups`, ...view, response: returns<JournalGroup[]>() },
  lessonView: { method: 'POST', reads: true, path: `${VJ}/Lesson/{lessonId}/List/View`, ...view, body: journalViewInput, response: returns<LessonJournal>() },
  exerciseView: {
    method: 'POST', reads: true,
    path: `${VJ}/Lesson/{lessonId}/Exercise/{exerciseId}/List/View`,
    ...view,
    body: journalViewInput,
    response: returns<ExerciseJournal>(),
  },
  groupPerformance: {
    method: 'POST', reads: true,
    path: '/api/instructors/VisitJournal/GroupPerformance',
    rule: 'visitJournal',
    course: { action: 'attendance', from: 'body.courseId' },
    body: groupPerformanceInput,
    response: returns<GroupPerformance>(),
  },
  markExercise: { method: 'POST', path: `${VJ}/Exercise/{exerciseId}/student/{studentId}`, ...edit, response: returns<MarkAnswer>() },
  unmarkExercise: { method: 'DELETE', path: `${VJ}/Exercise/{exerciseId}/student/{studentId}`, ...edit, response: returns<MarkAnswer>() },
  markLesson: { method: 'POST', path: `${VJ}/Lesson/{lessonId}/student/{studentId}`, ...edit, response: returns<MarkAnswer>() },
  unmarkLesson: { method: 'DELETE', path: `${VJ}/Lesson/{lessonId}/student/{studentId}`, ...edit, response: returns<MarkAnswer>() },
  report: {
    method: 'POST', reads: true,
    path: '/api/instructors/visit-journal/report',
    rule: 'visitJournal',
    body: visitReportInput,
    response: returns<ListAnswer<VisitReportRow>>(),
    summary: 'Visits per student of the courses asked for (present, absent, of how many lessons or exercises)',
  },
  /** job type 20 "visits export": the report as an xlsx through the task queue */
  exportVisits: {
    method: 'POST',
    path: '/api/Instructor/ExportVisit',
    rule: 'visitJournal',
    body: visitReportInput,
    response: returns<{ taskId: number }>(),
  },
  /** job type 12 "visit journal export" (no path in the spec: docs/decisions/exports-and-tasks.md) */
  exportJournal: {
    method: 'POST',
    path: `${VJ}/Export`,
    ...view,
    body: journalExportInput,
    response: returns<{ taskId: number }>(),
  },
});
