import { z } from 'zod';
import { dayEnd, dayProblem } from '../days';
import type { ExerciseType } from '../enums';
import { defineCalls, returns } from '../http/call';
import { messages as m } from '../resources/define';
import { journalFilter } from './journal';

/**
 * A course's paths and usage analytics (spec 1 §2.9 /paths-analytics, /usage-analytics; spec 3
 * §7.10 'Analytics' paths, rule ExportStudentActions), the students journal's analytics
 * (/students-journal/analytics, ShowStudents; an ELP path in the journal's style) and the
 * attributes of a course's students (spec 3 §7.10). The spec names no fields: these are ours
 * (NOTES-insight-paths.md). Tutors see their assigned students only.
 */

const positiveId = z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(2_147_483_647, m.tooBig);
/** Repeated (`?lessonIds=1&lessonIds=2`) or comma-separated values. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(item).max(max, m.tooBig).optional());
/** A day (YYYY-MM-DD or DD.MM.YYYY), checked to exist. */
const day = z
  .string(m.type)
  .trim()
  .max(30, m.tooLong)
  .superRefine((v, ctx) => {
    const problem = dayProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .optional();

export const pathsQuery = z.object({ lessonIds: listOf(positiveId, 500), groupId: positiveId.optional() });

/** The longest window usage analytics answers (days). */
export const USAGE_MAX_DAYS = 366;
/** A student with no activity in the last days of the window is inactive. */
export const USAGE_ACTIVE_DAYS = 7;
/** Re-watched video is counted in bins of this many seconds. */
export const WATCH_BIN_SECONDS = 10;

/** begin and end are days (UTC), begin not after end, at most USAGE_MAX_DAYS apart. */
export const usageQuery = z.object({ groupId: positiveId.optional(), begin: day, end: day }).superRefine((q, ctx) => {
  const b = q.begin ? dayEnd(q.begin) : null;
  const e = q.end ? dayEnd(q.end) : null;
  if (!b || !e) return;
  if (b > e) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.invalid' });
  else if ((e.getTime() - b.getTime()) / 86_400_000 >= USAGE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.tooBig' });
});

export interface PathsLesson {
  id: number;
  label: string;
  exercises: number;
}

export interface PathsStep {
  exerciseId: number;
  label: string;
  exerciseType: ExerciseType;
  lessonId: number;
  lessonLabel: string;
  /** 1-based place in the intended (course) order */
  position: number;
  /** students who started it (any progress beyond not started) */
  reached: number;
  completed: number;
  /** of the students who reached the step before, those who did not reach this one */
  dropOff: number;
  /** dropOff as a percentage of the previous step's reached (0 for the first step) */
  dropOffPercent: number;
  /** students whose last activity was on this step and who have not completed it */
  stoppedHere: number;
  /** students who started it before an earlier step of the intended order */
  outOfOrder: number;
}

export interface PathsTransition {
  fromExerciseId: number | null;
  toExerciseId: number;
  students: number;
  /** not the next step of the intended order */
  jump: boolean;
}

export interface PathsAnalytics {
  students: number;
  /** students who completed every step */
  finished: number;
  /** students whose order of starting differs from the intended one */
  offOrder: number;
  steps: PathsStep[];
  /** the most frequent moves from one step to the next started (null = first step), most first */
  transitions: PathsTransition[];
}

/** One course of a program in the program's paths analytics. */
export interface ProgramPathsCourse {
  courseId: number;
  label: string;
  students: number;
  finished: number;
  /** finished as a percentage of students */
  finishedPercent: number;
  offOrder: number;
  offOrderPercent: number;
  /** students who stopped on a step they have not completed */
  stopped: number;
  stoppedPercent: number;
  /** the step most of them stopped at (null when nobody stopped) */
  topStop: { exerciseId: number; label: string; students: number } | null;
}

/**
 * A program's paths across the courses the caller may read (ELP: not in the spec;
 * docs/decisions/analytics.md): the steps in the program's order summed over its courses (drop-off
 * against the summed step before), the moves summed, and each course beside the others.
 */
export interface ProgramPathsAnalytics extends PathsAnalytics {
  program: { id: number; label: string };
  courses: ProgramPathsCourse[];
}

export interface UsageDay {
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** page visits of the course's pages */
  visits: number;
  /** attendance marks of the visit journal */
  attendance: number;
  watchSeconds: number;
  answers: number;
  /** students with any activity that day */
  activeStudents: number;
}

export interface UsageStudent {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  groupId: number | null;
  groupLabel: string | null;
  visits: number;
  attendance: number;
  watchSeconds: number;
  answers: number;
  lastActivity: string | null;
  active: boolean;
}

export interface UsageGroup {
  groupId: number | null;
  label: string | null;
  students: number;
  active: number;
  visits: number;
  attendance: number;
  watchSeconds: number;
  answers: number;
}

export interface RewatchedSegment {
  slideId: number;
  slideLabel: string;
  exerciseLabel: string;
  /** the bin's seconds [from, to) */
  from: number;
  to: number;
  /** students who watched this bin more than once */
  rewatchers: number;
  /** times watched beyond the first, over all students */
  rewatches: number;
}

export interface UsageAnalytics {
  begin: string;
  end: string;
  students: number;
  active: number;
  inactive: number;
  days: UsageDay[];
  byStudent: UsageStudent[];
  byGroup: UsageGroup[];
  /** the most re-watched bins, most first */
  rewatched: RewatchedSegment[];
}

/** Score percentage buckets: [0,20) [20,40) [40,60) [60,80) [80,100]. */
export const SCORE_BUCKETS = [0, 20, 40, 60, 80] as const;

export interface JournalAnalyticsExercise {
  id: number;
  label: string;
  exerciseType: ExerciseType;
  lessonLabel: string;
  /** students per score bucket (percent of the maximum score) */
  buckets: number[];
  scored: number;
  notStarted: number;
  inProgress: number;
  evaluation: number;
  done: number;
  /** average score in percent of the maximum, null without scores */
  averagePercent: number | null;
  medianPercent: number | null;
}

export interface JournalAnalyticsGroup {
  groupId: number | null;
  label: string | null;
  students: number;
  /** average over the group's scored cells, in percent of the maximum */
  averagePercent: number | null;
  /** of all cells of the group, completed */
  donePercent: number;
  /** students per bucket of their own average percent */
  buckets: number[];
}

export interface JournalAnalyticsDay {
  day: string;
  /** cells completed that day */
  completed: number;
  /** percentage of all cells completed by the end of that day */
  cumulativePercent: number;
}

export interface JournalAnalytics {
  students: number;
  exercises: JournalAnalyticsExercise[];
  groups: JournalAnalyticsGroup[];
  progress: JournalAnalyticsDay[];
  exerciseTypes: ExerciseType[];
}

export interface CourseStudentAttribute {
  id: number;
  label: string;
  /** AttributeDataType code */
  type: number;
  /** asked by the course (course attributes) rather than only in profiles */
  course: boolean;
  /** studying students with a value */
  filled: number;
}

const T = '/api/instructors/trainings/{courseId}';
const P = '/api/instructors/programs/{programId}';

export const learningAnalyticsCalls = defineCalls('learning-analytics', {
  pathsLessons: {
    method: 'GET',
    path: `${T}/analytics/paths/lessons`,
    rule: 'studentActions',
    course: { action: 'journal' },
    response: returns<PathsLesson[]>(),
    summary: 'The lessons of a course the paths analytics may be narrowed to',
  },
  paths: {
    method: 'GET',
    path: `${T}/analytics/paths`,
    rule: 'studentActions',
    course: { action: 'journal' },
    query: pathsQuery,
    response: returns<PathsAnalytics>(),
    summary: "How the course's students move through its exercises: reach, drop-off, stops, order",
  },
  /** ELP: the program's author (and Root) read every course of it, an instructor the courses whose journal they read; others are refused */
  programPaths: {
    method: 'GET',
    path: `${P}/analytics/paths`,
    rule: 'studentActions',
    response: returns<ProgramPathsAnalytics>(),
    summary: "How the students of a program's courses move through its exercises, per course and together",
  },
  usage: {
    method: 'GET',
    path: `${T}/analytics/usage`,
    rule: 'studentActions',
    course: { action: 'journal' },
    query: usageQuery,
    response: returns<UsageAnalytics>(),
    summary: 'Activity over time, per student and per group; re-watched video',
  },
  studentAttributes: {
    method: 'GET',
    path: `${T}/students/attributes`,
    rule: 'studentActions',
    course: { action: 'students' },
    response: returns<CourseStudentAttribute[]>(),
    summary: "The attributes of a course's students (columns an export may add)",
  },
  journalAnalytics: {
    method: 'GET',
    path: `${T}/StudentsJournal/Analytics`,
    rule: 'showStudents',
    course: { action: 'journal' },
    query: journalFilter,
    response: returns<JournalAnalytics>(),
    summary: 'Distributions of scores per exercise and per group, progress over time (the journal filters)',
  },
});
