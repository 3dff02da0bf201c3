import { ANALYTICS_HUB } from '../../shared/calls/analytics.js';
import type { HubDefinition } from './hub-server.js';

/**
 * Live answer analytics: the server calls `AnswersChanged(courseId)` on the connections of the
 * course's staff (ExportStudentActions) when answers of the course were saved, at most once a
 * second per course (server/modules/analytics/live.ts); the typical errors page then refetches
 * (and sees only what it may: the call checks the course and a tutor's students). Nothing is
 * invoked by the client.
 */
export const analyticsHub: HubDefinition = {
  path: ANALYTICS_HUB,
  rule: 'studentActions',
  methods: {},
};
