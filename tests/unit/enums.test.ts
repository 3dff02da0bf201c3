import { describe, expect, it } from 'vitest';
import {
  AnswerCorrectness,
  AttributeDataType,
  AttributeRequirement,
  ChoiceMode,
  codesOf,
  ContentKind,
  CourseTabFilter,
  DEFAULT_COURSE_TAB_FILTER,
  ExerciseAvailabilityRule,
  ExerciseCompletionCondition,
  ExerciseProgressStatus,
  ExerciseType,
  Format,
  GroupOrIndividual,
  InputValueType,
  InstructorPanelPermission,
  NamedProfileAttributeId,
  nameOf,
  NotificationType,
  progressStatusText,
  QuestionAnswerKind,
  SlideContentTypeCode,
  SlidePageType,
  slideKinds,
  slideRouteTypeOfApiKind,
  slideRouteTypeOfContentKind,
  StudentStatusInGroup,
  TaskStatus,
  TaskType,
  TrainingKind,
} from '../../shared/enums';

describe('code tables of spec 2 §4', () => {
  it('exercise type', () => {
    expect(codesOf(ExerciseType)).toEqual([10, 20, 30, 40, 50]);
    expect(nameOf(ExerciseType, 50)).toBe('offline');
  });

  it('progress status skips 2', () => {
    expect(codesOf(ExerciseProgressStatus)).toEqual([0, 1, 3, 4, 5]);
    expect(nameOf(ExerciseProgressStatus, 2)).toBeUndefined();
    expect(progressStatusText(ExerciseProgressStatus.completedWithoutVerification)).toBe('COMPLETED_WITHOUT_VERIFICATION');
  });

  it('training kind, course tab filter, student status', () => {
    expect(TrainingKind).toEqual({ unknown: 0, course: 1, courseGroup: 2 });
    expect(CourseTabFilter).toEqual({ all: 0, current: 1, future: 2, past: 3 });
    expect(DEFAULT_COURSE_TAB_FILTER).toBe(1);
    expect(StudentStatusInGroup).toEqual({ studying: 1, expelled: 2, dropped: 3 });
  });

  it('attributes', () => {
    expect(codesOf(AttributeDataType)).toEqual([1, 2, 3, 4, 5, 6, 10, 15, 20, 30, 50, 51, 60, 80]);
    expect(NamedProfileAttributeId.email).toBe(2);
    expect(NamedProfileAttributeId.surname).toBe(69);
    expect(NamedProfileAttributeId.genericField3).toBe(79);
    expect(codesOf(NamedProfileAttributeId)).toHaveLength(35);
    expect(AttributeRequirement.methodologistCorrespondence).toBe(4);
  });

  it('slide content type codes are strings', () => {
    expect(SlideContentTypeCode.checkbox).toBe('2.2.0');
    expect(SlideContentTypeCode.radio).toBe('2.2.1');
    expect(SlideContentTypeCode.textarea).toBe('2.5.10');
    expect(SlideContentTypeCode.text).toBe('2.8');
    expect(SlideContentTypeCode.iframePdf).toBe('7.11');
    expect(SlideContentTypeCode.webinar).toBe('14');
    expect(codesOf(SlideContentTypeCode)).toHaveLength(28);
  });

  it('content kind, page type, question answer kind', () => {
    expect(codesOf(ContentKind)).toEqual([1, 10, 11, 12, 13, 15, 30, 31, 32, 35, 40, 46, 47, 60]);
    expect(SlidePageType.trace).toBe(41);
    expect(SlidePageType.hostedVideo).toBe(13);
    expect(QuestionAnswerKind.external).toBe(101);
    expect(QuestionAnswerKind.matching).toBe(12);
  });

  it('answers, choice and input types', () => {
    expect(AnswerCorrectness).toEqual({ incorrect: 0, correct: 1, notRated: 2 });
    expect(ChoiceMode).toEqual({ checkbox: 0, radio: 1 });
    expect(codesOf(InputValueType)).toEqual([0, 1, 2, 3, 4, 5, 10]);
  });

  it('availability and completion', () => {
    expect(codesOf(ExerciseAvailabilityRule)).toEqual([0, 1, 4, 99]);
    expect(codesOf(ExerciseCompletionCondition)).toEqual([10, 20, 30]);
  });

  it('notifications, panel permissions, formats', () => {
    expect(NotificationType.videoHosting).toBe(5);
    expect(codesOf(InstructorPanelPermission)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(GroupOrIndividual).toEqual({ individual: 1, group: 2 });
    expect(Format).toEqual({ online: 1, offline: 2, hybrid: 3 });
  });

  it('task queue', () => {
    expect(codesOf(TaskStatus)).toEqual(['queued', 'running', 'done', 'failed', 'stopped']);
    // the spec's 21, then ELP's answers (22) and questions (23) exports of spec 3 §7.10
    expect(codesOf(TaskType)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
  });
});

describe('slide kinds', () => {
  it('maps every route type to an API kind and a content kind', () => {
    expect(Object.keys(slideKinds)).toHaveLength(14);
    expect(slideKinds['doc-ppt']).toMatchObject({ apiKind: 'PPTX', contentKind: 47 });
    expect(slideKinds.kinescope).toMatchObject({ apiKind: 'Kinescope', contentKind: 31 });
    expect(slideKinds['matching-question']).toMatchObject({ apiKind: 'Matches', contentKind: 13 });
    expect(slideKinds['code-question']).toMatchObject({ apiKind: 'Code', contentKind: 11 });
  });

  it('finds the route type from the API kind or content kind', () => {
    expect(slideRouteTypeOfApiKind('matches')).toBe('matching-question');
    expect(slideRouteTypeOfApiKind('Nope')).toBeUndefined();
    expect(slideRouteTypeOfContentKind(60)).toBe('file-question');
  });
});
