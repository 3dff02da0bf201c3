/**
 * Code tables of spec 2 §4 with their exact codes, shared by the browser and the server.
 * Plain data only: no React, no Node.
 *
 * Each table is an `as const` object named after the UI word, with a type of its values
 * (`ExerciseType` the object, `ExerciseType` the type of its codes) and, where handy,
 * a list of its codes for zod (`z.union(...)`/`z.enum(...)`) and database checks.
 * Codes are kept exactly; a code the spec skips stays unused (progress status 2).
 */

type ValueOf<T> = T[keyof T];

/** Codes of a table, for validation (`codesOf(ExerciseType)` → [10, 20, 30, 40, 50]). */
export function codesOf<T extends Record<string, string | number>>(table: T): ValueOf<T>[] {
  return Object.values(table) as ValueOf<T>[];
}

/** Name of a code in a table (`nameOf(ExerciseType, 20)` → 'test'), or undefined. */
export function nameOf<T extends Record<string, string | number>>(table: T, code: unknown): keyof T | undefined {
  return (Object.keys(table) as (keyof T)[]).find((k) => table[k] === code);
}

// ---------------------------------------------------------------- content

/** Exercise type (what the student does): lecture, test, task, survey, offline. */
export const ExerciseType = { lecture: 10, test: 20, task: 30, survey: 40, offline: 50 } as const;
export type ExerciseType = ValueOf<typeof ExerciseType>;

/** Exercise kind (how it is authored, spec 2 §3.1). Not a numeric code table. */
export const ExerciseKind = { presentation: 'presentation', scorm: 'scorm', webinar: 'webinar', lti: 'lti' } as const;
export type ExerciseKind = ValueOf<typeof ExerciseKind>;

/** When an exercise opens to a student. */
export const ExerciseAvailabilityRule = {
  unavailable: 0,
  /** after all previous exercises */
  afterAllPrevious: 1,
  afterPrevious: 4,
  always: 99,
} as const;
export type ExerciseAvailabilityRule = ValueOf<typeof ExerciseAvailabilityRule>;

/** When an exercise counts as completed. */
export const ExerciseCompletionCondition = {
  completed: 10,
  completedWithResult: 20,
  completedAwaitingEvaluation: 30,
} as const;
export type ExerciseCompletionCondition = ValueOf<typeof ExerciseCompletionCondition>;

/** Slide page type (what a page of the player is). */
export const SlidePageType = {
  unknown: 0,
  content: 1,
  question: 2,
  test: 3,
  start: 4,
  end: 5,
  video: 6,
  web: 7,
  picture: 8,
  audio: 9,
  object: 10,
  pdf: 11,
  pptx: 12,
  hostedVideo: 13,
  trace: 41,
} as const;
export type SlidePageType = ValueOf<typeof SlidePageType>;

/** Content kind of an authored slide. */
export const ContentKind = {
  content: 1,
  answers: 10,
  code: 11,
  sequence: 12,
  matching: 13,
  attributes: 15,
  video: 30,
  hostedVideo: 31,
  audio: 32,
  web: 35,
  free: 40,
  pdf: 46,
  pptx: 47,
  file: 60,
} as const;
export type ContentKind = ValueOf<typeof ContentKind>;

/**
 * Slide or content type codes (strings). The spec names both '2.5.2' and '2.8' "text":
 * here '2.5.2' (the free-answer text input, beside date/integer/float/boolean/textarea inputs)
 * is `textInput`, and '2.8' is `text`.
 */
export const SlideContentTypeCode = {
  html: '1',
  externalTesting: '2.101',
  checkbox: '2.2.0',
  radio: '2.2.1',
  codeEditor: '2.3',
  dateInput: '2.5.1',
  textInput: '2.5.2',
  integer: '2.5.3',
  float: '2.5.4',
  boolean: '2.5.5',
  textarea: '2.5.10',
  fileAttachment: '2.7',
  text: '2.8',
  matching: '2.12',
  attributes: '2.9',
  scorm: '2.10',
  sequence: '2.11',
  video: '6',
  iframe: '7',
  iframeVideo: '7.6',
  iframePdf: '7.11',
  picture: '8',
  audio: '9',
  externalIframe: '10',
  pdf: '11',
  doc: '12',
  videoHostingPlayer: '13',
  webinar: '14',
} as const;
export type SlideContentTypeCode = ValueOf<typeof SlideContentTypeCode>;

/** Route segment of the typed slide create/edit screens (spec 1 §2.8) plus code-question. */
export const SlideRouteType = {
  content: 'content',
  answersQuestion: 'answers-question',
  freeQuestion: 'free-question',
  fileQuestion: 'file-question',
  attributesQuestion: 'attributes-question',
  video: 'video',
  web: 'web',
  audio: 'audio',
  pdf: 'pdf',
  docPpt: 'doc-ppt',
  kinescope: 'kinescope',
  sequenceQuestion: 'sequence-question',
  matchingQuestion: 'matching-question',
  codeQuestion: 'code-question',
} as const;
export type SlideRouteType = ValueOf<typeof SlideRouteType>;

/** `{Kind}` of POST /api/instructors/Exercises/{exerciseId}/Pages/{Kind} (spec 3 §7.6; Sequence added). */
export const SlidePageApiKind = {
  Content: 'Content',
  Answers: 'Answers',
  Free: 'Free',
  File: 'File',
  Attributes: 'Attributes',
  Video: 'Video',
  Web: 'Web',
  Audio: 'Audio',
  PDF: 'PDF',
  PPTX: 'PPTX',
  Kinescope: 'Kinescope',
  Sequence: 'Sequence',
  Matches: 'Matches',
  Code: 'Code',
} as const;
export type SlidePageApiKind = ValueOf<typeof SlidePageApiKind>;

export interface SlideKindInfo {
  apiKind: SlidePageApiKind;
  contentKind: ContentKind;
  pageType: SlidePageType;
  /** the slide answers a question (it has an attempt answer) */
  isQuestion: boolean;
}

/** One row per authored slide kind: route segment → API kind, content kind, page type. */
export const slideKinds: Readonly<Record<SlideRouteType, SlideKindInfo>> = {
  content: { apiKind: 'Content', contentKind: ContentKind.content, pageType: SlidePageType.content, isQuestion: false },
  'answers-question': { apiKind: 'Answers', contentKind: ContentKind.answers, pageType: SlidePageType.question, isQuestion: true },
  'free-question': { apiKind: 'Free', contentKind: ContentKind.free, pageType: SlidePageType.question, isQuestion: true },
  'file-question': { apiKind: 'File', contentKind: ContentKind.file, pageType: SlidePageType.question, isQuestion: true },
  'attributes-question': { apiKind: 'Attributes', contentKind: ContentKind.attributes, pageType: SlidePageType.question, isQuestion: true },
  video: { apiKind: 'Video', contentKind: ContentKind.video, pageType: SlidePageType.video, isQuestion: false },
  web: { apiKind: 'Web', contentKind: ContentKind.web, pageType: SlidePageType.web, isQuestion: false },
  audio: { apiKind: 'Audio', contentKind: ContentKind.audio, pageType: SlidePageType.audio, isQuestion: false },
  pdf: { apiKind: 'PDF', contentKind: ContentKind.pdf, pageType: SlidePageType.pdf, isQuestion: false },
  'doc-ppt': { apiKind: 'PPTX', contentKind: ContentKind.pptx, pageType: SlidePageType.pptx, isQuestion: false },
  kinescope: { apiKind: 'Kinescope', contentKind: ContentKind.hostedVideo, pageType: SlidePageType.hostedVideo, isQuestion: false },
  'sequence-question': { apiKind: 'Sequence', contentKind: ContentKind.sequence, pageType: SlidePageType.question, isQuestion: true },
  'matching-question': { apiKind: 'Matches', contentKind: ContentKind.matching, pageType: SlidePageType.question, isQuestion: true },
  'code-question': { apiKind: 'Code', contentKind: ContentKind.code, pageType: SlidePageType.question, isQuestion: true },
};

/** Route type of an API kind (case-insensitive, as the API's paths are), or undefined. */
export function slideRouteTypeOfApiKind(kind: string): SlideRouteType | undefined {
  const k = kind.toLowerCase();
  return (Object.keys(slideKinds) as SlideRouteType[]).find((r) => slideKinds[r].apiKind.toLowerCase() === k);
}

/** Route type of a content kind code, or undefined. */
export function slideRouteTypeOfContentKind(kind: number): SlideRouteType | undefined {
  return (Object.keys(slideKinds) as SlideRouteType[]).find((r) => slideKinds[r].contentKind === kind);
}

/** Special slide ids in the player's route (otherwise a page id). */
export const SlideSpecialId = { start: 'start', end: 'end' } as const;
export type SlideSpecialId = ValueOf<typeof SlideSpecialId>;

// ---------------------------------------------------------------- questions and answers

/** Kind of a student's answer to a question. */
export const QuestionAnswerKind = {
  unknown: 0,
  answers: 2,
  code: 3,
  free: 5,
  draw: 6,
  file: 7,
  evaluation: 8,
  attributes: 9,
  sco: 10,
  sequence: 11,
  matching: 12,
  external: 101,
} as const;
export type QuestionAnswerKind = ValueOf<typeof QuestionAnswerKind>;

export const AnswerCorrectness = { incorrect: 0, correct: 1, notRated: 2 } as const;
export type AnswerCorrectness = ValueOf<typeof AnswerCorrectness>;

/** Closed question: radio = one answer, checkbox = several. */
export const ChoiceMode = { checkbox: 0, radio: 1 } as const;
export type ChoiceMode = ValueOf<typeof ChoiceMode>;

/**
 * Value type of a free-answer question. The spec mentions a multiline kind without a code;
 * `text` (10, rendered as a textarea) is the multiline one.
 */
export const InputValueType = { undefined: 0, date: 1, string: 2, integer: 3, float: 4, boolean: 5, text: 10 } as const;
export type InputValueType = ValueOf<typeof InputValueType>;

/** Code-question languages the sandbox runs (spec 2 §9: the editor defaults to Python). */
export const CodeLanguage = { python: 'python' } as const;
export type CodeLanguage = ValueOf<typeof CodeLanguage>;

// ---------------------------------------------------------------- progress and study

/** Exercise progress status. Code 2 is not used. */
export const ExerciseProgressStatus = {
  notStarted: 0,
  inProgress: 1,
  evaluation: 3,
  completed: 4,
  completedWithoutVerification: 5,
} as const;
export type ExerciseProgressStatus = ValueOf<typeof ExerciseProgressStatus>;

/** Text forms of the progress status that also appear in answers. */
export const ExerciseProgressStatusText = {
  notStarted: 'NOT_STARTED',
  inProgress: 'IN_PROGRESS',
  evaluation: 'EVALUATION',
  completed: 'COMPLETED',
  completedWithoutVerification: 'COMPLETED_WITHOUT_VERIFICATION',
} as const;
export type ExerciseProgressStatusText = ValueOf<typeof ExerciseProgressStatusText>;

/** Text form of a numeric progress status. */
export function progressStatusText(code: ExerciseProgressStatus): ExerciseProgressStatusText {
  const name = nameOf(ExerciseProgressStatus, code) ?? 'notStarted';
  return ExerciseProgressStatusText[name];
}

/** State of an attempt (session). Ours: the spec gives no codes. */
export const AttemptStatus = {
  inProgress: 'in_progress',
  /** finished by the student; question answers graded */
  finished: 'finished',
  /** the time limit passed before the student finished */
  expired: 'expired',
  /** a retake overwrote it */
  discarded: 'discarded',
} as const;
export type AttemptStatus = ValueOf<typeof AttemptStatus>;

/** Evaluation of a student's work by an instructor (spec 2 §5). */
export const EvaluationState = { draft: 'draft', evaluated: 'evaluated' } as const;
export type EvaluationState = ValueOf<typeof EvaluationState>;

/** Evaluation modes (no codes in the spec). */
export const EvaluationMode = { noRating: 'no_rating', autoCheck: 'auto_check', manualCheck: 'manual_check' } as const;
export type EvaluationMode = ValueOf<typeof EvaluationMode>;

/** Grade aggregation (no codes in the spec). */
export const GradeAggregation = {
  average: 'average',
  max: 'max',
  min: 'min',
  sum: 'sum',
  donePercent: 'done_percent',
  withoutDigit: 'without_digit',
} as const;
export type GradeAggregation = ValueOf<typeof GradeAggregation>;

// ---------------------------------------------------------------- courses, course groups, catalogue

/** Kind of a list item: a course (training) or a course group (set). */
export const TrainingKind = { unknown: 0, course: 1, courseGroup: 2 } as const;
export type TrainingKind = ValueOf<typeof TrainingKind>;

/** My-courses / catalogue date filter; default current. */
export const CourseTabFilter = { all: 0, current: 1, future: 2, past: 3 } as const;
export type CourseTabFilter = ValueOf<typeof CourseTabFilter>;
export const DEFAULT_COURSE_TAB_FILTER: CourseTabFilter = CourseTabFilter.current;

/** A student's status in a course (enrolment). */
export const StudentStatusInGroup = { studying: 1, expelled: 2, dropped: 3 } as const;
export type StudentStatusInGroup = ValueOf<typeof StudentStatusInGroup>;

/** Role of a staff member in one course. */
export const CourseRole = { instructor: 'instructor', tutor: 'tutor', moderator: 'moderator' } as const;
export type CourseRole = ValueOf<typeof CourseRole>;

/** Parts of the instructor panel a course instructor may use. */
export const InstructorPanelPermission = {
  studentManagement: 1,
  studentJournal: 2,
  attendanceJournal: 3,
  instructorManagement: 4,
  syllabus: 5,
  invitationLink: 6,
} as const;
export type InstructorPanelPermission = ValueOf<typeof InstructorPanelPermission>;

/** How a student joins a course: directly, or by an application an instructor decides. */
export const JoinMode = { direct: 'direct', application: 'application' } as const;
export type JoinMode = ValueOf<typeof JoinMode>;

/** Enrolment and expulsion applications. */
export const ApplicationStatus = { pending: 'pending', allowed: 'allowed', denied: 'denied', withdrawn: 'withdrawn' } as const;
export type ApplicationStatus = ValueOf<typeof ApplicationStatus>;

export const GroupOrIndividual = { individual: 1, group: 2 } as const;
export type GroupOrIndividual = ValueOf<typeof GroupOrIndividual>;

export const Format = { online: 1, offline: 2, hybrid: 3 } as const;
export type Format = ValueOf<typeof Format>;

/** Breadcrumb itemType (API words: Course = program, Training = course, Set = course group). */
export const BreadcrumbItemType = {
  Course: 'Course',
  Lesson: 'Lesson',
  Training: 'Training',
  Exercise: 'Exercise',
  Set: 'Set',
} as const;
export type BreadcrumbItemType = ValueOf<typeof BreadcrumbItemType>;

/** Predicate kinds (no codes in the spec). */
export const PredicateKind = { application: 'application', state: 'state', documentGeneration: 'document_generation' } as const;
export type PredicateKind = ValueOf<typeof PredicateKind>;

/** Practice or stage type (no codes in the spec). */
export const PracticeOrStageType = { moduleFinal: 'module_final', finalCertification: 'final_certification', practice: 'practice' } as const;
export type PracticeOrStageType = ValueOf<typeof PracticeOrStageType>;

export const Audience = { any: 'any', children: 'children', schoolchildren: 'schoolchildren', students: 'students', adults: 'adults' } as const;
export type Audience = ValueOf<typeof Audience>;

// ---------------------------------------------------------------- profile and attributes

export const AttributeDataType = {
  string: 1,
  bool: 2,
  int: 3,
  float: 4,
  date: 5,
  text: 6,
  address: 10,
  company: 15,
  phone: 20,
  file: 30,
  reference: 50,
  set: 51,
  hierarchy: 60,
  pattern: 80,
} as const;
export type AttributeDataType = ValueOf<typeof AttributeDataType>;

/** Named attribute types of the forms (Pattern is disabled on the profile form). */
export const AttributeFormTypeName = {
  String: 'String',
  Text: 'Text',
  Bool: 'Bool',
  Int: 'Int',
  Float: 'Float',
  Date: 'Date',
  Address: 'Address',
  Company: 'Company',
  Phone: 'Phone',
  File: 'File',
  Pattern: 'Pattern',
  Reference: 'Reference',
  Set: 'Set',
  Hierarchy: 'Hierarchy',
} as const;
export type AttributeFormTypeName = ValueOf<typeof AttributeFormTypeName>;

/** Form type name of a data type code. */
export const attributeFormTypeName: Readonly<Record<AttributeDataType, AttributeFormTypeName>> = {
  1: 'String',
  2: 'Bool',
  3: 'Int',
  4: 'Float',
  5: 'Date',
  6: 'Text',
  10: 'Address',
  15: 'Company',
  20: 'Phone',
  30: 'File',
  50: 'Reference',
  51: 'Set',
  60: 'Hierarchy',
  80: 'Pattern',
};

/** Attribute ids with a fixed meaning (seeded with these ids). */
export const NamedProfileAttributeId = {
  email: 2,
  address: 3,
  registrationAddress: 4,
  passportCopy: 8,
  passportNumber: 10,
  liveRegion: 16,
  registrationRegion: 17,
  passportSeries: 19,
  identityCardDeliveryMethod: 21,
  deliveryAddress: 24,
  diplomaFormSeries: 26,
  citizenship: 30,
  diplomaIssueDate: 31,
  passportDate: 32,
  birthdate: 33,
  position: 34,
  name: 36,
  passportIssuePlace: 41,
  diplomaCopy: 43,
  snilsCopy: 46,
  activityField: 48,
  diplomaFormNumber: 50,
  snils: 53,
  company: 57,
  patronymic: 58,
  sex: 59,
  diplomaRegistrationNumber: 63,
  surname: 69,
  phoneNumber: 73,
  structuralDivision: 74,
  employeeCategory: 75,
  positionInLargeCompany: 76,
  genericField1: 77,
  genericField2: 78,
  genericField3: 79,
} as const;
export type NamedProfileAttributeId = ValueOf<typeof NamedProfileAttributeId>;

/** How strongly a course needs an attribute. */
export const AttributeRequirement = {
  undefined: 0,
  required: 1,
  optional: 2,
  additional: 3,
  methodologistCorrespondence: 4,
} as const;
export type AttributeRequirement = ValueOf<typeof AttributeRequirement>;

/** Usage of a chain result attribute; the strongest wins (required over optional). */
export const AttributeChainUsage = { undefined: 'undefined', optional: 'optional', required: 'required' } as const;
export type AttributeChainUsage = ValueOf<typeof AttributeChainUsage>;

export const Language = { en: 'en', ru: 'ru' } as const;
export type Language = ValueOf<typeof Language>;

/** Achievement kinds (no codes in the spec). */
export const AchievementKind = {
  firstTraining: 'first_training',
  profileCompleted: 'profile_completed',
  firstCourseCompleted: 'first_course_completed',
} as const;
export type AchievementKind = ValueOf<typeof AchievementKind>;

// ---------------------------------------------------------------- notifications and chat

export const NotificationType = {
  unknown: 0,
  receivingCertificate: 1,
  includeToCourse: 2,
  approvalOfExerciseResults: 3,
  excludeFromCourse: 4,
  videoHosting: 5,
} as const;
export type NotificationType = ValueOf<typeof NotificationType>;

/** Chat message type as the API shows it. */
export const ChatMessageType = { Text: 'Text', File: 'File', Notification: 'Notification' } as const;
export type ChatMessageType = ValueOf<typeof ChatMessageType>;

/** The current user's receipt of a chat message. */
export const CurrentUserMessageStatus = { Received: 'Received', Read: 'Read' } as const;
export type CurrentUserMessageStatus = ValueOf<typeof CurrentUserMessageStatus>;

/** Local state of an outgoing chat message (client only). */
export const SendingStatus = { None: 'None', Pending: 'Pending', Fail: 'Fail' } as const;
export type SendingStatus = ValueOf<typeof SendingStatus>;

/** Kind of an e-mail mailing of a course. */
export const MailingKind = { auto: 'auto', manual: 'manual' } as const;
export type MailingKind = ValueOf<typeof MailingKind>;

/** Delivery status of one letter (mail_outbox row): queued (also: kept in the outbox without SMTP), sending, sent, failed after the last retry. */
export const MailStatus = { queued: 'queued', sending: 'sending', sent: 'sent', failed: 'failed' } as const;
export type MailStatus = ValueOf<typeof MailStatus>;

/** What sends an automatic mailing: an event (enrolled, results approved) or a date (N days before the course starts or an exercise's deadline, N days after the course ends). */
export const MailingTrigger = { enrolled: 'enrolled', courseStart: 'courseStart', exerciseDeadline: 'exerciseDeadline', resultsApproved: 'resultsApproved', courseCompleted: 'courseCompleted' } as const;
export type MailingTrigger = ValueOf<typeof MailingTrigger>;

export const AlertKind = {
  default: 'default',
  defaultSecondary: 'default-secondary',
  infoSecondary: 'info-secondary',
  successSecondary: 'success-secondary',
  errorSecondary: 'error-secondary',
  warningSecondary: 'warning-secondary',
  info: 'info',
  success: 'success',
  error: 'error',
  warning: 'warning',
} as const;
export type AlertKind = ValueOf<typeof AlertKind>;

// ---------------------------------------------------------------- task queue

/** Task-queue statuses (the spec leaves them to the server; ARCHITECTURE §6). */
export const TaskStatus = { queued: 'queued', running: 'running', done: 'done', failed: 'failed', stopped: 'stopped' } as const;
export type TaskStatus = ValueOf<typeof TaskStatus>;

/**
 * Background job types. The spec gives codes 1 to 21 and 18 names without the mapping;
 * ours keeps the listed order and splits "including or removing teachers and students"
 * into four, which makes 21.
 */
export const TaskType = {
  crmIntegration: 1,
  queueClearing: 2,
  progressDownload: 3,
  recalculateCourseEnd: 4,
  syncUsersWithIdentity: 5,
  dictionaryCopy: 6,
  certificateGeneration: 7,
  includeInstructors: 8,
  removeInstructors: 9,
  includeStudents: 10,
  removeStudents: 11,
  visitJournalExport: 12,
  mailingData: 13,
  inspectors: 14,
  recalculateAvailabilityAndGrades: 15,
  allStudentsDownload: 16,
  certificatesToAccounting: 17,
  videoAnalytics: 18,
  viewingDepth: 19,
  visitsExport: 20,
  groupLogExport: 21,
  /** ELP: the answers export of spec 3 §7.10 (no code in the spec) */
  answersExport: 22,
  /** ELP: the questions export of spec 3 §7.10 (no code in the spec) */
  questionsExport: 23,
} as const;
export type TaskType = ValueOf<typeof TaskType>;
