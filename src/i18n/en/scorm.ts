import type { CatalogueOf } from '../catalogue';
import type { scorm as ru } from '../ru/scorm';

export const scorm: CatalogueOf<typeof ru> = {
  frameTitle: 'SCORM lesson: {{title}}',
  statusLabel: 'Lesson status:',
  status: {
    notAttempted: 'not attempted',
    incomplete: 'incomplete',
    completed: 'completed',
    passed: 'passed',
    failed: 'failed',
    browsed: 'browsed',
    unknown: 'unknown',
  },
  score: 'Score: {{score}} of {{max}}',
  review: 'The attempt is over: the lesson is open for review, changes are not saved.',
  backToCourse: 'Return to course',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  outline: {
    title: 'Contents',
    current: 'now',
  },
  previous: 'Previous',
  next: 'Next',
  finish: 'Finish',
  over: {
    multi: 'This part of the lesson is finished. Choose what to open next in the contents, or finish the lesson.',
    single: 'The lesson has ended its session: you can go back to the course.',
  },
  ended: {
    done: 'You have reached the end of the lesson.',
    exit: 'This part of the lesson is over.',
    exitAll: 'The lesson is over.',
    suspendAll: 'The lesson is suspended: continue when you are ready.',
    resume: 'Back to the lesson',
  },
  error: {
    load: 'Failed to load the lesson',
    notFound: "The exercise's SCORM package was not found",
    sessionNotFound: 'Active session not found',
    timeExpired: 'The time allotted for response has expired',
    save: "Failed to save the lesson's result",
    launcher: 'The lesson did not start: reload the page. If that does not help, tell the administrator (the address for SCORM packages, CONTENT_ORIGIN, is unreachable).',
  },
};
