import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { createHttpClient } from '../http/fetchJson';
import { errorCodeOf } from '../http/errors';

/**
 * The learner journey's calls (spec 3 §7.3–7.4) as plain typed functions over the app's
 * HTTP client, and a react-query hook for reads. Shapes mirror server/modules/catalogue and
 * server/modules/learning.
 */
const http = createHttpClient();

export async function getJson<T>(url: string): Promise<T> {
  return (await http(url)).json as T;
}

export async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const res = await http(url, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json as T;
}

export { errorCodeOf };

/** The server's text of a failed call (its Title), if it is a string. */
export function serverText(error: unknown): string | undefined {
  const e = error as { body?: { Title?: unknown; Description?: unknown } } | null;
  const t = e?.body?.Description ?? e?.body?.Title;
  return typeof t === 'string' && t ? t : undefined;
}

export function useApi<T>(key: readonly unknown[], url: string | null, options: Partial<UseQueryOptions<T>> = {}) {
  return useQuery<T>({ queryKey: ['learner', ...key], queryFn: () => getJson<T>(url!), enabled: url !== null, retry: false, ...options });
}

export interface CatalogueCard { id: number; label: string; picture: string | null; begin: string | null; end: string | null }
export interface CataloguePage { result: CatalogueCard[]; metadata: { filteredRecords: number } }

export interface Person { accountId: number; picture: string | null; firstName: string; lastName: string; eMail: string; phone: string | null; role: string }
export interface CoursePreview {
  training: number;
  label: string;
  picture: string | null;
  datesStatus: 'past' | 'current' | 'future';
  begin: string | null;
  end: string | null;
  description: string | null;
  joinMode: 'direct' | 'application';
  exercises: { id: number; label: string; description: string | null; kind: string; exerciseType: number; lesson: string }[];
  group: { training: number; label: string } | null;
  instructors: Person[];
  tutors: Person[];
  support: { initials: string | null; telegramAddress: string | null; emailAddress: string | null; phoneNumber: string | null } | null;
  isJoined: boolean;
  applicationPending: boolean;
}

export interface UnfilledAttribute {
  id: number;
  name: string;
  label: string;
  description: string | null;
  type: number;
  regex: string | null;
  min: number | null;
  max: number | null;
  options: { id: number | string; label: string }[];
  isTextArea: boolean;
}

export interface CourseItem {
  id: number;
  type: 1 | 2;
  label: string;
  begin: string | null;
  end: string | null;
  picture: string | null;
  isFavorite: boolean;
  completed: boolean;
  modulesAmountCalc?: number;
  maxModulesAmountCalc?: number;
  isJoined?: boolean;
}
export interface MyCourses {
  result: CourseItem[];
  warning: { courseId: number; lessonId: number; exerciseId: number; exerciseLabel: string; courseLabel: string } | null;
}
export interface CourseFolder { id: number; label: string; description: string | null; result: CourseItem[] }

export interface Exercise {
  id: number;
  lessonId: number;
  label: string;
  description: string | null;
  kind: string;
  exerciseType: number;
  status: 0 | 1 | 3 | 4 | 5;
  score: number | null;
  restarts: number;
  restartLimit: number;
  isAvailable: boolean;
  isFavorite: boolean;
  files: { title: string; address: string }[];
}
export interface Lesson { id: number; number: number; label: string; status: 'notStarted' | 'inProgress' | 'completed'; exercises: Exercise[] }
export interface CourseDescription {
  id: number;
  label: string;
  picture: string | null;
  description: string | null;
  group: string | null;
  begin: string | null;
  end: string | null;
  open: string | null;
  close: string | null;
  alwaysAvailableByDates: boolean;
  footer: string | null;
  topics: string[];
  tags: { label: string }[];
  files: { title: string; address: string }[];
  tutor: { id: number; firstName: string; lastName: string } | null;
  moderator: { id: number; firstName: string; lastName: string } | null;
  progress: { completed: number; total: number; percent: number };
  rating: { position: number; studentsCount: number; averageScore: number };
  isFavorite: boolean;
  nextExercise: { trainingId: number; lessonId: number; exerciseId: number; label: string } | null;
}
export interface FavoriteExercise {
  id: number;
  label: string;
  exerciseType: number;
  status: number;
  isAvailable: boolean;
  trainingId: number;
  trainingLabel: string;
  lessonId: number;
  lessonLabel: string;
  lessonNumber: number;
}
export interface LinkNode { id: number; text: string; address: string | null; children: LinkNode[] }
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
}
export interface Achievements {
  certificates: { certificateId: number; title: string; date: string; trainingId: number; trainingLabel: string; file: string | null }[];
  achievements: { kind: string; trainingId: number | null; awardedAt: string }[];
}

/** Link to the exercise player (spec 1 §2.3). */
export const playerPath = (courseId: number, lessonId: number, exerciseId: number) => `/my-courses/course/${courseId}/${lessonId}/${exerciseId}/start`;

/** A link address: a leading slash means the platform host (spec 2 §3.3). */
export const absoluteAddress = (address: string) => (address.startsWith('/') ? `${window.location.origin}${address}` : address);

/** 'D MMMM YYYY' in the current language; 0001-01-01 and 9999-12-31 mean unset. */
export function formatDay(value: string | null, locale: string): string {
  if (!value || value.startsWith('0001-01-01') || value.startsWith('9999-12-31')) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString(locale === 'en' ? 'en-GB' : 'ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
}
