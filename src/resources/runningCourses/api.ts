import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { createHttpClient } from '../../http/fetchJson';
import { errorCodeOf } from '../../http/errors';
import { runningCoursePaths as P } from '../../../shared/runningCourses';

/**
 * Calls of students, groups, instructors, invitations, applications, certificates and links
 * (server/modules/{students,groups,courseInstructors,invitations,applications,certificates,courseLinks}).
 */
const http = createHttpClient();

export const fill = (path: string, params: Record<string, string | number>) => path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k])));
export { P, errorCodeOf };

export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await http(url, { method, body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body) });
  return res.json as T;
}

const noRetryOn4xx = (count: number, error: unknown) => {
  const s = (error as { status?: number }).status;
  return !(s && s < 500) && count < 2;
};

export function useApi<T>(key: readonly unknown[], method: string, url: string | null, body?: unknown, options: Partial<UseQueryOptions<T>> = {}) {
  return useQuery<T>({ queryKey: ['runningCourses', ...key], queryFn: () => api<T>(method, url!, body), enabled: url !== null, retry: noRetryOn4xx, ...options });
}

/** The server's message of a failed call (Description or Title). */
export function serverText(error: unknown): string | undefined {
  const b = (error as { body?: { Description?: unknown; Title?: unknown; message?: unknown } } | null)?.body;
  const t = b?.message ?? b?.Description ?? b?.Title;
  return typeof t === 'string' && t ? t : undefined;
}

/** Field errors of a 400 answer ({ errors: { field: message } }). */
export function fieldErrors(error: unknown): Record<string, string> {
  return ((error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors ?? {}) as Record<string, string>;
}

export interface ListAnswer<T> { result: T[]; metadata: { filteredRecords: number } }
export interface StudentRow { id: number; accountId: number; email: string; name: string; groupId: number | null; groupLabel: string | null; status: number; progress: number; completed: boolean; joinedAt: string }
export interface KickedRow { id: number; accountId: number; email: string; name: string; status: number; kickReason: string | null; kickedAt: string | null }
export interface GroupItem { id: number; label: string }
export interface StaffRow { id: number; accountId: number; email: string; name: string; courseRole: 'instructor' | 'tutor' | 'moderator'; panelPermissions: number[]; isHidden: boolean; isCreator: boolean; studentsCount: number }
export interface TutorStudent { id: number; accountId: number; email: string; name: string; groupId: number | null; attached: boolean }
export interface InvitationRow { id: number; invitationId: number; trainingId: number; code: string; expiryDate: string | null }
export interface ApplicationRow { id: number; trainingId: number; courseLabel: string; accountId: number; email: string; name: string; status: string; createdAt: string }
export interface ExpulsionRow { id: number; trainingId: number; courseLabel: string; accountId: number; email?: string; name?: string; reason: string | null; status: string; file: { id: number; name: string | null; address: string } | null; createdAt: string }
export interface CertificateRow { id: number; trainingId: number; courseLabel: string; studentId: number; studentEmail: string; studentName: string; title: string; date: string; file: { id: number; name: string | null; address: string } | null }
export interface LinkNode { id: number; parentId: number | null; text: string; address: string | null; sequence: number; children: LinkNode[] }
export interface InvitePreview { invitationId: number; courseId: number; code: string; expiryDate: string | null; label: string; description: string | null; picture: string | null; begin: string | null; end: string | null; joinMode: 'direct' | 'application'; isJoined?: boolean; isApplied?: boolean }

/** POSTs and saves the answer as a file (exports answered as a download). */
export async function downloadPost(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', credentials: 'include' });
  if (!res.ok) throw { status: res.status, body: await res.json().catch(() => undefined) };
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  URL.revokeObjectURL(href);
}
