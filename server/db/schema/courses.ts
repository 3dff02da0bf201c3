// Courses (API "Training"), course groups (API "Set"), staff, students, groups, applications, certificates.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ApplicationStatus,
  Audience,
  CourseRole,
  Format,
  GroupOrIndividual,
  InstructorPanelPermission,
  JoinMode,
  PredicateKind,
  StudentStatusInGroup,
} from '../../../shared/enums.js';
import type { CourseSupport } from '../../../shared/learning.js';
import { accounts } from './accounts.js';
import { createdAt, id, tstz, updatedAt } from './_columns.js';
import { exercises, programs } from './content.js';
import { files } from './system.js';

/**
 * The text the catalogue searches (label and keywords), one expression for the query and its
 * trigram index: the planner uses the index only for this same expression with ILIKE '%term%'.
 */
export const courseSearchText = (t: { label: AnyPgColumn; keywords: AnyPgColumn }) => sql`(${t.label} || ' ' || coalesce(${t.keywords}, ''))`;

/** A course: one run of a program (UI "course", API "Training"). Null dates = unset. */
export const courses = pgTable(
  'courses',
  {
    id: id(),
    /** restrict: a program with courses cannot be dropped (isExistTrainings) */
    programId: integer('program_id').notNull().references(() => programs.id, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    description: text('description'),
    footer: text('footer'),
    picture: text('picture'),
    begin: tstz('begin'),
    end: tstz('end'),
    /** availability window; when both are set, alwaysAvailableByDates is true */
    open: tstz('open'),
    close: tstz('close'),
    alwaysAvailableByDates: boolean('always_available_by_dates').notNull().default(false),
    joinMode: text('join_mode').$type<JoinMode>().notNull().default('direct'),
    requiresEmailConfirmation: boolean('requires_email_confirmation').notNull().default(false),
    relatedCategory: text('related_category'),
    /** the "group" text of the course description */
    groupLabel: text('group_label'),
    tutorId: integer('tutor_id').references(() => accounts.id, { onDelete: 'set null' }),
    moderatorId: integer('moderator_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** visible in the catalogue */
    isPublished: boolean('is_published').notNull().default(false),
    keywords: text('keywords'),
    tags: text('tags').array().notNull().default([]),
    topics: text('topics').array().notNull().default([]),
    format: integer('format').$type<Format>(),
    groupOrIndividual: integer('group_or_individual').$type<GroupOrIndividual>(),
    audience: text('audience').$type<Audience>(),
    language: text('language'),
    support: jsonb('support').$type<CourseSupport>().notNull().default({}),
    /** other settings of PUT .../settings (grading, dates visibility ...) */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('courses_program_idx').on(t.programId),
    index('courses_published_begin_idx').on(t.isPublished, t.begin),
    index('courses_tutor_idx').on(t.tutorId),
    // pg_trgm (created by migration 0001): catalogue search over 10k+ courses without a scan.
    // fastupdate off: no pending list, which only VACUUM would clear (PGlite has no autovacuum)
    // and which the planner rightly prices as a scan; courses are written rarely, searched often
    index('courses_search_trgm_idx').using('gin', sql`${courseSearchText(t)} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/**
 * A course group (UI "course group/folder", API "Set"): a tree. Child groups hang by parentId;
 * courses are in course_group_items. Both share one `sequence` space inside a parent (Reorder).
 */
export const courseGroups = pgTable(
  'course_groups',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => courseGroups.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    label: text('label').notNull(),
    description: text('description'),
    picture: text('picture'),
    begin: tstz('begin'),
    end: tstz('end'),
    isPublished: boolean('is_published').notNull().default(false),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_groups_parent_idx').on(t.parentId, t.sequence)],
);

/** Courses in a course group, ordered (a course may be in several groups). */
export const courseGroupItems = pgTable(
  'course_group_items',
  {
    courseGroupId: integer('course_group_id').notNull().references(() => courseGroups.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseGroupId, t.courseId] }), index('course_group_items_course_idx').on(t.courseId)],
);

/** Staff of a course: one row per account, with its course role and panel permissions. */
export const courseInstructors = pgTable(
  'course_instructors',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseRole: text('course_role').$type<CourseRole>().notNull().default('instructor'),
    /** InstructorPanelPermission codes */
    panelPermissions: integer('panel_permissions').array().$type<InstructorPanelPermission[]>().notNull().default([]),
    /** hidden from the students' list of instructors */
    isHidden: boolean('is_hidden').notNull().default(false),
    addedAt: tstz('added_at').notNull().defaultNow(),
  },
  (t) => [unique('course_instructors_uq').on(t.courseId, t.accountId), index('course_instructors_account_idx').on(t.accountId)],
);

/** Students attached to a tutor in a course. */
export const tutorStudents = pgTable(
  'tutor_students',
  {
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    tutorId: integer('tutor_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.tutorId, t.studentId] }),
    index('tutor_students_student_idx').on(t.courseId, t.studentId),
  ],
);

/** Student group inside a course. Membership: enrolments.groupId (one group per student per course). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** lead instructor */
    leadId: integer('lead_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('groups_course_idx').on(t.courseId)],
);

/** A student in a course. */
export const enrolments = pgTable(
  'enrolments',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** StudentStatusInGroup: studying 1, expelled 2, dropped 3 */
    status: integer('status').$type<StudentStatusInGroup>().notNull().default(1),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    joinedAt: tstz('joined_at').notNull().defaultNow(),
    kickedAt: tstz('kicked_at'),
    kickReason: text('kick_reason'),
    invitationId: integer('invitation_id').references(() => invitations.id, { onDelete: 'set null' }),
    completed: boolean('completed').notNull().default(false),
    completedAt: tstz('completed_at'),
    /** 0..1 share of exercises completed */
    progress: doublePrecision('progress').notNull().default(0),
    finalScore: doublePrecision('final_score'),
  },
  (t) => [
    unique('enrolments_course_account_uq').on(t.courseId, t.accountId),
    index('enrolments_account_idx').on(t.accountId, t.status),
    index('enrolments_course_group_idx').on(t.courseId, t.groupId),
  ],
);

/** History of a student's enrolment: joins, group moves, expulsions (group log export, kicked list). */
export const enrolmentLog = pgTable(
  'enrolment_log',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** joined | group_changed | expelled | dropped | restored */
    event: text('event').notNull(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    reason: text('reason'),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('enrolment_log_course_idx').on(t.courseId, t.at), index('enrolment_log_account_idx').on(t.accountId)],
);

/** Invitation link to a course. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    expiryDate: tstz('expiry_date'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_course_idx').on(t.courseId)],
);

/** Application to join a course whose joinMode is 'application'. */
export const enrollmentApplications = pgTable(
  'enrollment_applications',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollment_applications_pending_uq').on(t.courseId, t.accountId).where(sql`${t.status} = 'pending'`),
    index('enrollment_applications_course_status_idx').on(t.courseId, t.status),
    index('enrollment_applications_account_idx').on(t.accountId),
  ],
);

/** Template document for expulsion applications. */
export const expulsionTemplates = pgTable('expulsion_templates', {
  id: id(),
  label: text('label').notNull(),
  body: text('body'),
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A student's application to leave a course. */
export const expulsionApplications = pgTable(
  'expulsion_applications',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => expulsionTemplates.id, { onDelete: 'set null' }),
    /** the signed application */
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** pending | allowed | denied | withdrawn */
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    withdrawnAt: tstz('withdrawn_at'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('expulsion_applications_course_status_idx').on(t.courseId, t.status),
    index('expulsion_applications_account_idx').on(t.accountId),
  ],
);

/** Certificate (API "Credential"). */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    issuedBy: integer('issued_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** a certificate ELP made from its template (the PDF is generated), not an uploaded PDF */
    generated: boolean('generated').notNull().default(false),
    /** study hours printed on a generated certificate */
    hours: integer('hours'),
    /** the random id of its public verification page (/verify/{code}); generated certificates only */
    verificationCode: text('verification_code').unique(),
    /** revoked: the verification page says so and the student no longer sees it as valid */
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('certificates_course_idx').on(t.courseId), index('certificates_student_idx').on(t.studentId)],
);

/** Favourite course (exerciseId null) or favourite exercise of a course. */
export const favorites = pgTable(
  'favorites',
  {
    id: id(),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    exerciseId: integer('exercise_id').references(() => exercises.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorites_course_uq').on(t.accountId, t.courseId).where(sql`${t.exerciseId} is null`),
    uniqueIndex('favorites_exercise_uq').on(t.accountId, t.courseId, t.exerciseId).where(sql`${t.exerciseId} is not null`),
  ],
);

/** Link (artifact) tree shown to students; courseId null = shown in every course. */
export const courseLinks = pgTable(
  'course_links',
  {
    id: id(),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => courseLinks.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    address: text('address'),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [index('course_links_course_idx').on(t.courseId, t.parentId, t.sequence)],
);

/**
 * A course's automation condition (UI "condition", API "predicate"): when its event holds for a
 * student over the linked exercises (exerciseIds and every exercise of lessonIds, ids of the
 * course's program), it sets a state, makes an application or issues a document
 * (docs/decisions/course-automation.md). `payload` holds the kind's fields and the event's
 * parameters (minScorePercent, date).
 */
export const predicates = pgTable(
  'predicates',
  {
    id: id(),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PredicateKind>().notNull(),
    label: text('label'),
    sequence: integer('sequence').notNull().default(0),
    exerciseIds: integer('exercise_ids').array().notNull().default([]),
    lessonIds: integer('lesson_ids').array().notNull().default([]),
    eventType: text('event_type'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    lastExecutedAt: tstz('last_executed_at'),
    /** who made it: the actor of the applications and certificates it makes */
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('predicates_course_idx').on(t.courseId, t.sequence)],
);

/**
 * A condition fired for a student: once per student (the unique key makes a second firing, a
 * re-run or a concurrent event, write nothing), with what it did. A state condition's `state`
 * is the student's state in the course (the students journal shows it).
 */
export const predicateRuns = pgTable(
  'predicate_runs',
  {
    id: id(),
    predicateId: integer('predicate_id').notNull().references(() => predicates.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull().references(() => courses.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** a state condition's state */
    state: text('state'),
    /** what it made: { applicationId } / { expulsionApplicationId } / { certificateId } / { enrolled } */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull().default({}),
    /** why nothing was made, or how (e.g. a certificate without a file) */
    note: text('note'),
    firedAt: tstz('fired_at').notNull().defaultNow(),
  },
  (t) => [unique('predicate_runs_uq').on(t.predicateId, t.accountId), index('predicate_runs_course_idx').on(t.courseId, t.accountId)],
);

/**
 * Conditions template (CreateTemplates / templates/all): a course's conditions saved under a name
 * and applied to courses of the same program (exercise ids are the program's).
 */
export const conditionTemplates = pgTable(
  'condition_templates',
  {
    id: id(),
    label: text('label').notNull(),
    /** { predicates: TemplatePredicate[] } (shared/calls/conditions.ts) */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** the program whose exercise ids the conditions name */
    programId: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    /** the course it was saved from: its staff may use it */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('condition_templates_program_idx').on(t.programId)],
);
