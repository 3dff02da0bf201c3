import { z } from 'zod';
import { defineCalls, returns } from '../http/call';

/** Dashboard widgets of spec 2 §4, in their default order (`/api/AccountSetting/Sequence` reorders them). */
export const DASHBOARD_WIDGETS = [
  'education',
  'profileData',
  'studentNotifications',
  'knowledgeBase',
  'currentCourses',
  'supportContacts',
  'eventsCalendar',
  'mobileCalendarButton',
  'favorites',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/** A setting's value: small scalars only (a settings store, not a document store). */
const settingValue = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);
/** Setting names: letters, digits, dot, dash and underscore (no prototype keys). */
const settingName = z.string().regex(/^[A-Za-z][\w.-]{0,63}$/).refine((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
export const MAX_SETTINGS = 50;

/** GET /api/AccountSetting: the caller's settings and widget order. */
export interface AccountSettings {
  settings: Record<string, string | number | boolean>;
  widgetOrder: DashboardWidget[];
}

/**
 * Per-account settings (spec 3 §7.1 `/api/AccountSetting`, payload not shown): ELP stores named
 * scalar settings (POST merges; null removes one) and the dashboard widgets' order (`/Sequence`,
 * every name once; widgets left out keep their default order after the named ones).
 */
export const accountSettingCalls = defineCalls('accountSettings', {
  get: { method: 'GET', path: '/api/AccountSetting', rule: 'signedIn', response: returns<AccountSettings>() },
  save: {
    method: 'POST',
    path: '/api/AccountSetting',
    rule: 'signedIn',
    body: z.object({ settings: z.record(settingName, settingValue).refine((s) => Object.keys(s).length <= MAX_SETTINGS, `at most ${MAX_SETTINGS} settings`) }),
    response: returns<AccountSettings>(),
  },
  sequence: {
    method: 'POST',
    path: '/api/AccountSetting/Sequence',
    rule: 'signedIn',
    body: z.object({ widgets: z.array(z.enum(DASHBOARD_WIDGETS)).max(DASHBOARD_WIDGETS.length).refine((w) => new Set(w).size === w.length, 'each widget once') }),
    response: returns<AccountSettings>(),
  },
});
