import { z } from 'zod';
import { codesOf, ExerciseProgressStatus, ExerciseType, type ExerciseProgressStatus as ProgressStatus } from '../enums';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';

/**
 * The students journal (spec 1 §2.9 /courses/{courseId}/students-journal and its progress check,
 * download and task queue; spec 2 §3.3 journal state, §4 grade aggregation), the course's exports
 * through the task queue (spec 3 §7.10 "Exports") and the responses upload (spec 1 §2.9
 * …/responses-upload). The spec gives the export paths; the journal, progress check, journal
 * export and responses calls have no path in it: these are in its style (docs/decisions/running-a-course.md, exports-and-tasks.md).
 */

/** Spec 2 §3.3: the students journal shows lectures, tests, tasks and surveys unless other types are chosen. */
export const JOURNAL_DEFAULT_TYPES: readonly ExerciseType[] = [ExerciseType.lecture, ExerciseType.test, ExerciseType.task, ExerciseType.survey];

/** Students of one journal page at most (the screen pages by 50; the whole course up to 1,000 at once). */
export const JOURNAL_MAX_TAKE = 1000;

const positiveId = z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig);
const exerciseTypeCode = z.coerce
  .number(m.type)
  .int(m.type)
  .refine((v) => (codesOf(ExerciseType) as number[]).includes(v), 'validation.invalid');
/** Repeated (`?exerciseTypes=10&exerciseTypes=20`) or comma-separated values. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(item).max(max, m.tooBig).optional());
const search = z.string(m.type).trim().max(200, m.tooLong).optional();
const paging = (max: number, dflt: number) => ({
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(max, m.tooBig).default(dflt),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig).default(0),
});

/** The journal's filters (spec 2 §3.3 journal state: groupId, exerciseTypes) plus a search by name or e-mail. */
export const journalFilter = z.object({
  groupId: positiveId.optional(),
  exerciseTypes: listOf(exerciseTypeCode, 5),
  search,
});
export type JournalFilter = z.infer<typeof journalFilter>;

export const journalQuery = journalFilter.extend(paging(JOURNAL_MAX_TAKE, 50));

export const progressCheckQuery = z.object({
  groupId: positiveId.optional(),
  search,
  status: listOf(z.coerce.number(m.type).int(m.type).refine((v) => (codesOf(ExerciseProgressStatus) as number[]).includes(v), 'validation.invalid'), 5),
  ...paging(100, 20),
});

/** Spec 2 §4 grade aggregation, over the scores of a row (a student) or a column (an exercise). */
export interface GradeAggregates {
  /** mean of the scores present */
  average: number | null;
  max: number | null;
  min: number | null;
  sum: number;
  /** 0..100: completed (status 4 or 5, not a failed SCORM result) of all cells of the row or column */
  donePercent: number;
  /** completed without a score (no digit) */
  withoutDigit: number;
}

export interface JournalExercise {
  id: number;
  label: string;
  exerciseType: ExerciseType;
  lessonId: number;
  lessonLabel: string;
  /** over every student the filters match (all pages) */
  aggregates: GradeAggregates;
}

/** One cell: the student's progress status (spec 2 §4) and score on one exercise; null = not started. */
export interface JournalCell {
  status: ProgressStatus;
  score: number | null;
  /** a SCORM result below the passing mark: handed in (status 4) but not completed; absent otherwise */
  failed?: true;
  /** an answer of the student's attempts here was made without a connection and sent late (issue 31): when the latest such was made; absent otherwise */
  sentLateAt?: string;
}

export interface JournalStudent {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupId: number | null;
  groupLabel: string | null;
  /** aligned with `exercises` */
  cells: (JournalCell | null)[];
  aggregates: GradeAggregates;
  /** the states the course's conditions set for the student (docs/decisions/course-automation.md) */
  states: string[];
}

export interface StudentsJournal {
  exercises: JournalExercise[];
  students: JournalStudent[];
  /** students the filters match (all pages) */
  total: number;
  /** the filters applied (types defaulted) */
  exerciseTypes: ExerciseType[];
}

export interface ProgressCheckRow {
  studentId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupLabel: string | null;
  status: ProgressStatus;
  score: number | null;
  /** of the last attempt */
  maxScore: number | null;
  attempts: number;
  restarts: number;
  startedAt: string | null;
  completedAt: string | null;
  /** the instructor's evaluation of the last attempt */
  evaluation: 'draft' | 'evaluated' | null;
}

export interface ProgressCheck {
  exercise: { id: number; label: string; exerciseType: ExerciseType; lessonId: number; lessonLabel: string };
  /** students of the filters (not the status filter) per progress status */
  byStatus: Record<string, number>;
  result: ProgressCheckRow[];
  metadata: { filteredRecords: number };
}

/** Which journal export: the journal with its filters (task type 3) or every student of the course (16). */
export const JOURNAL_EXPORT_KINDS = ['progress', 'allStudents'] as const;
export type JournalExportKind = (typeof JOURNAL_EXPORT_KINDS)[number];

export const journalExportInput = journalFilter.extend({
  kind: z.enum(JOURNAL_EXPORT_KINDS, 'validation.invalid').default('progress'),
});

/** A body that may be left out (a POST without one arrives as null). */
const optionalBody = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? {}, schema);

export const estimatesExportInput = optionalBody(
  z.object({
    groupId: positiveId.optional(),
    exerciseIds: z.array(positiveId, m.type).max(500, m.tooBig).optional(),
    /** evaluated ones only (default), or drafts too */
    includeDrafts: z.boolean(m.type).optional(),
  }),
);

export const groupLogExportInput = optionalBody(z.object({ groupId: positiveId.optional() }));

export interface QueuedTask {
  taskId: number;
}

/** What a responses upload holds: the scope's labels and the files the caller may download. */
export interface ResponsesSummary {
  course: { id: number; label: string };
  lesson: { id: number; label: string } | null;
  exercise: { id: number; label: string } | null;
  lessons: { id: number; label: string; exercises: { id: number; label: string }[] }[];
  files: number;
  bytes: number;
  students: number;
}

export const responsesQuery = z.object({ lessonId: positiveId.optional(), exerciseId: positiveId.optional() });

const T = '/api/instructors/trainings/{courseId}';

export const journalCalls = defineCalls('students-journal', {
  journal: {
    method: 'GET',
    path: `${T}/StudentsJournal`,
    rule: 'showStudents',
    course: { action: 'journal' },
    query: journalQuery,
    response: returns<StudentsJournal>(),
    summary: 'Students × exercises of a course: status and score per cell, row and column aggregations',
  },
  progressCheck: {
    method: 'GET',
    path: `${T}/StudentsJournal/{exerciseId}/ProgressCheck`,
    rule: 'showStudents',
    course: { action: 'journal' },
    query: progressCheckQuery,
    response: returns<ProgressCheck>(),
    summary: "Each student's progress on one exercise",
  },
  exportJournal: {
    method: 'POST',
    path: `${T}/StudentsJournal/Export`,
    rule: 'showStudents',
    course: { action: 'journal' },
    body: journalExportInput,
    response: returns<QueuedTask>(),
    summary: 'Queues the journal (task type 3) or all-students (16) xlsx export',
  },
  exportEstimates: {
    method: 'POST',
    path: `${T}/instructorestimates/export`,
    rule: 'showStudents',
    course: { action: 'journal' },
    body: estimatesExportInput,
    response: returns<QueuedTask>(),
    summary: "Queues the xlsx export of the instructors' evaluations (task type 14)",
  },
  exportGroupLog: {
    method: 'POST',
    path: '/api/Instructors/Trainings/{courseId}/TrainingStudentGroupLog/Export',
    rule: 'showStudents',
    course: { action: 'students' },
    body: groupLogExportInput,
    response: returns<QueuedTask>(),
    summary: "Queues the xlsx export of the students' group log (task type 21)",
  },
  responses: {
    method: 'GET',
    path: `${T}/Responses`,
    rule: 'showStudents',
    course: { action: 'journal' },
    query: responsesQuery,
    response: returns<ResponsesSummary>(),
    summary: "What the responses upload of a course, lesson or exercise holds",
  },
  responsesZip: {
    method: 'GET',
    path: `${T}/Responses/Zip`,
    rule: 'showStudents',
    course: { action: 'journal' },
    query: responsesQuery,
    summary: "The students' file answers of a course, lesson or exercise as one zip (streamed)",
  },
});
