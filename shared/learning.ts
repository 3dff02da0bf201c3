import type { AttributeFormItem } from './attributes/definition';
import type { AchievementKind, CourseRole, ExerciseKind, ExerciseProgressStatus, ExerciseProgressStatusText, JoinMode, TrainingKind } from './enums';

/**
 * What a student sees of courses (spec 1 §2.2–2.3; spec 3 §7.3–7.4): the answers of the catalogue
 * and learning calls (calls/catalogue.ts, calls/learning.ts), read by the learner pages and
 * written by server/modules/{catalogue,learning}. Dates are ISO strings; null = not set.
 */

/** A course on a card: the catalogue, my courses, a course folder, the Physmath section. */
export interface CourseCard {
  id: number;
  label: string;
  picture: string | null;
  begin: string | null;
  end: string | null;
}

/** A card of my courses or of a course folder: a course (type 1) or a course group (type 2). */
export interface CourseListItem extends CourseCard {
  type: TrainingKind;
  isFavorite: boolean;
  completed: boolean;
  /** a course group: my completed courses of it, and all its courses */
  modulesAmountCalc?: number;
  maxModulesAmountCalc?: number;
  /** in a course folder: whether I study in it (else the card leads to the catalogue preview) */
  isJoined?: boolean;
}

/** GET /api/students/trainings: the cards, and the latest exercise left in progress that is open now. */
export interface MyCourses {
  result: CourseListItem[];
  warning: { courseId: number; lessonId: number; exerciseId: number; exerciseLabel: string; courseLabel: string } | null;
}

/** GET /api/students/sets/{courseGroupId}: a published course group as a folder. */
export interface CourseFolder extends CourseCard {
  description: string | null;
  result: CourseListItem[];
}

/** A title and an address attached to a course or an exercise (a leading slash means this site). */
export interface AttachedFile {
  title: string;
  address: string;
}

/** Support contacts of a course (its settings). */
export interface CourseSupport {
  initials?: string;
  hideSupport?: boolean;
  telegramAddress?: string;
  emailAddress?: string;
  phoneNumber?: string;
  isHideChatSupport?: boolean;
  accountId?: number;
}

/** A person of a course's staff as students see them. */
export interface CourseStaffMember {
  accountId: number;
  picture: string | null;
  firstName: string;
  lastName: string;
  eMail: string;
  phone: string | null;
  role: CourseRole;
}

/** An exercise on the course page, with the caller's status and whether it is open to them now. */
export interface CourseExercise {
  id: number;
  lessonId: number;
  label: string;
  /** null when the exercise hides its description */
  description: string | null;
  kind: ExerciseKind;
  exerciseType: number;
  availabilityRule: number;
  status: ExerciseProgressStatus;
  statusText: ExerciseProgressStatusText;
  score: number | null;
  /** the SCORM package's result was failed: over (status 4) but not completed — not counted in progress */
  failed: boolean;
  restarts: number;
  restartLimit: number;
  isAvailable: boolean;
  isFavorite: boolean;
  files: AttachedFile[];
}

/** 'submitted': every exercise handed in, some still awaiting an instructor's check */
export type LessonStatus = 'notStarted' | 'inProgress' | 'submitted' | 'completed';

/** GET /api/students/trainings/{courseId}/lessons: a lesson with its exercises, numbered from 1. */
export interface CourseLesson {
  id: number;
  number: number;
  label: string;
  status: LessonStatus;
  exercises: CourseExercise[];
}

/** The exercise to continue with (NextExercise; none answers 204). */
export interface NextExercise {
  trainingId: number;
  lessonId: number;
  exerciseId: number;
  label: string;
}

type PersonName = { id: number; firstName: string; lastName: string; picture: string | null };

/** GET /api/students/trainings/{courseId}/description: the course page's head, progress and rating. */
export interface CourseDescription {
  id: number;
  picture: string | null;
  label: string;
  description: string | null;
  group: string | null;
  begin: string | null;
  end: string | null;
  alwaysAvailableByDates: boolean;
  open: string | null;
  close: string | null;
  footer: string | null;
  topics: string[];
  tags: { label: string }[];
  files: AttachedFile[];
  support: CourseSupport | null;
  tutor: PersonName | null;
  moderator: PersonName | null;
  /** 'N/M completed' and the percent (spec 2 §9); `inReview`: handed in, awaiting an instructor's check */
  progress: { completed: number; total: number; percent: number; inReview: number };
  /** the caller's place among the course's students by total score */
  rating: { position: number; studentsCount: number; averageScore: number; score: number };
  isFavorite: boolean;
  nextExercise: NextExercise | null;
}

/** A favourite exercise with its course and lesson. */
export interface FavoriteExercise {
  id: number;
  label: string;
  exerciseType: number;
  status: ExerciseProgressStatus;
  isAvailable: boolean;
  trainingId: number;
  trainingLabel: string;
  lessonId: number;
  lessonLabel: string;
  lessonNumber: number;
}

/** A link of my courses' link trees (GET /api/students/trainings/links). */
export interface MyLink {
  id: number;
  text: string;
  address: string | null;
  children: MyLink[];
}

/** One day's event of my courses' schedules (GET /api/students/trainings/{YYYY-MM-DD}). */
export interface CalendarEvent {
  date: string;
  end: string | null;
  location: string | null;
  exercise: string | null;
  lesson: string | null;
  exercise_Id: number | null;
  lesson_Id: number | null;
  trainingId: number;
  trainingLabel: string;
  isScheduleAffectAccess: boolean;
}

/** GET /api/Achievements: my certificates (file: its address) and other achievements. */
export interface Achievements {
  certificates: { certificateId: number; title: string; date: string; trainingId: number; trainingLabel: string; file: string | null; studentId: number }[];
  achievements: { kind: AchievementKind; trainingId: number | null; awardedAt: string }[];
}

/** GET /api/students/physmath (rule 'physmath'). */
export interface PhysmathSection {
  /** section courses the caller studies in (any publication state), with their Completed mark */
  myCourses: (CourseCard & { completed: boolean })[];
  /** published, not finished section courses the caller has not joined, by start date */
  catalogue: CourseCard[];
}

/** The catalogue's preview of a course (GET /api/catalog/course/{courseId}), for guests too. */
export interface CoursePreview {
  training: number;
  label: string;
  picture: string | null;
  datesStatus: 'past' | 'current' | 'future';
  begin: string | null;
  end: string | null;
  open: string | null;
  close: string | null;
  alwaysAvailableByDates: boolean;
  description: string | null;
  joinMode: JoinMode;
  exercises: { id: number; label: string; description: string | null; kind: ExerciseKind; exerciseType: number; lesson: string }[];
  group: { training: number; label: string } | null;
  instructors: CourseStaffMember[];
  tutors: CourseStaffMember[];
  support: {
    initials: string | null;
    hide_Support: boolean;
    telegramAddress: string | null;
    emailAddress: string | null;
    phoneNumber: string | null;
    isHideChatSupport: boolean;
  } | null;
  isJoined: boolean;
  applicationPending: boolean;
}

/** A mandatory profile attribute still unfilled for a course (400.14's form). */
/** An attribute of the 400.14 form: the form item with the student's answer (shared/attributes). */
export type UnfilledAttribute = AttributeFormItem;

/** Joining a course: by application (isApply) or directly. */
export interface JoinAnswer {
  isApply: boolean;
  trainingId: number;
}
