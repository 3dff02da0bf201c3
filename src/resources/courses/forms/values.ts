import type { CourseRecord } from '../../../../shared/courses';
import { inputDay } from '../../../ui/dates';

/** Form values → the call's body: "always" drops open and close; empty texts become null. */
export function toCourseBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) body[k] = v === '' ? null : v;
  if (body.alwaysAvailableByDates !== true) {
    body.alwaysAvailableByDates = false;
    body.open = null;
    body.close = null;
  }
  return body;
}

/** A course record → the settings form (dates as calendar days). */
export function settingsValues(c: CourseRecord): Record<string, unknown> & { id: number } {
  return {
    id: c.id,
    label: c.label,
    description: c.description ?? '',
    picture: c.picture,
    begin: inputDay(c.begin),
    end: inputDay(c.end),
    alwaysAvailableByDates: c.alwaysAvailableByDates,
    open: inputDay(c.open),
    close: inputDay(c.close),
    groupLabel: c.groupLabel ?? '',
    tutorEmail: c.tutorEmail ?? '',
    moderatorEmail: c.moderatorEmail ?? '',
    joinMode: c.joinMode,
    requiresEmailConfirmation: c.requiresEmailConfirmation,
    relatedCategory: c.relatedCategory ?? '',
    isPublished: c.isPublished,
    keywords: c.keywords ?? '',
    footer: c.footer ?? '',
    datesVisibility: c.datesVisibility,
    gradeAggregation: c.gradeAggregation,
    passingScore: c.passingScore,
  };
}
