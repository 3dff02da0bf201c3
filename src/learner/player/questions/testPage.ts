import type { SlideRouteType } from '../../../../shared/enums';
import type { SlidePage } from '../../../../shared/calls/study/pages';

/** A question slide page as the slide load answers it (unit tests of the forms). */
export function testPage(type: SlideRouteType, content: Record<string, unknown>, answer: unknown = null): SlidePage {
  return {
    sessionId: 77,
    attemptNo: 1,
    status: 'in_progress',
    readOnly: false,
    startedAt: '2026-01-01T10:00:00Z',
    deadlineAt: null,
    serverTime: '2026-01-01T10:00:00Z',
    secondsLeft: null,
    exercise: { id: 5, label: 'Тест', kind: 'presentation', exerciseType: 20, timeLimitSeconds: null, lessonId: 3 },
    slides: [],
    total: 1,
    slideId: 900,
    number: 1,
    previous: 'start',
    next: 'end',
    onlyForReading: false,
    slide: { id: 900, type, contentKind: 0, pageType: 2, label: 'Вопрос', sequence: 0, duration: null, required: false },
    content,
    answer,
  };
}
