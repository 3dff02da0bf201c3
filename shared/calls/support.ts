import { z } from 'zod';
import type { ListAnswer } from '../account';
import { defineCalls, returns } from '../http/call';

/**
 * Administrator's support tools (spec 1 §2.9; spec 3 §7.9 "Support and rights"): user search,
 * one account's rights, and the merge of two student profiles (`ProfileCombine`).
 */
export interface SupportUser {
  accountId: number;
  fullName: string;
  eMail: string;
  role: string;
  permissions: string[];
  lastLoginAt: string | null;
}

export interface ProfileRights {
  accountId: number;
  fullName: string;
  eMail: string;
  role: string;
  /** permission flags (Role_<Flag> claims) */
  permissions: string[];
  accessToPhysical: boolean;
  /** the main account when this one is linked to one */
  mainAccountId: number | null;
  /** courses where the account is staff */
  courses: { courseId: number; label: string; courseRole: string; panelPermissions: number[]; isCreator: boolean }[];
}

/** What a merge moves from an account (spec issue 13 item 6): counts per kind of record. */
export interface MergeCounts {
  enrolments: number;
  attempts: number;
  answers: number;
  certificates: number;
  achievements: number;
  attributeValues: number;
}

export interface MergeCandidate {
  accountId: number;
  fullName: string;
  eMail: string;
  role: string;
  counts: MergeCounts;
}

export interface MergePreview {
  accounts: MergeCandidate[];
  /** e-mails of the list that name no account */
  notFound: string[];
}

export interface MergeResult {
  survivingAccountId: number;
  mergedAccountId: number;
  /** rows moved to the surviving account, per table */
  moved: Record<string, number>;
  /** rows of the merged account that lost to the surviving account's (conflict rule), per table */
  superseded: Record<string, number>;
}

export const supportUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** e-mails separated by commas, semicolons or spaces (the spec's `emailString`; its format is not given) */
export const mergeQuery = z.object({ emailString: z.string().trim().min(1, 'validation.required').max(2000, 'validation.tooLong') });

export const mergeBody = z
  .object({
    survivingAccountId: z.coerce.number().int().positive(),
    mergedAccountId: z.coerce.number().int().positive(),
  })
  .refine((b) => b.survivingAccountId !== b.mergedAccountId, { message: 'support.merge.sameAccount', path: ['mergedAccountId'] });
export type MergeInput = z.input<typeof mergeBody>;

export const supportCalls = defineCalls('support', {
  users: { method: 'GET', path: '/api/instructors/support/users', rule: 'adminPanel', query: supportUsersQuery, response: returns<ListAnswer<SupportUser>>(), summary: 'Search accounts by name or e-mail' },
  rights: { method: 'GET', path: '/api/Instructors/Support/Profile/{accountId}/Rights', rule: 'adminPanel', response: returns<ProfileRights>(), summary: 'Role, permission flags and course roles of one account' },
  mergePreview: { method: 'GET', path: '/api/ProfileCombine', rule: 'profileMerge', query: mergeQuery, response: returns<MergePreview>(), summary: 'The accounts of the e-mails and what a merge would move from each' },
  merge: { method: 'POST', path: '/api/ProfileCombine', rule: 'profileMerge', body: mergeBody, response: returns<MergeResult>(), summary: 'Merge the merged student account into the surviving one (one transaction)' },
});
