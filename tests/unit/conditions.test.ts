import { describe, expect, it } from 'vitest';
import { applicationConditionInput, conditionForm, stateConditionInput } from '../../shared/calls/conditions';

/** The rules of a course condition that the form and the server share (shared/calls/conditions.ts). */
describe('condition schemas', () => {
  const state = { kind: 'state', label: 'Допуск', eventType: 'completed', exerciseIds: [1], state: 'Допущен' } as const;
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('takes a state condition with an exercise or a lesson linked', () => {
    expect(conditionForm.safeParse(state).success).toBe(true);
    expect(conditionForm.safeParse({ ...state, exerciseIds: [], lessonIds: [4] }).success).toBe(true);
  });

  it('asks for something linked, a valid deadline, and the course an enrolment leads to', () => {
    expect(issues(conditionForm.safeParse({ ...state, exerciseIds: [] }))).toEqual({ exerciseIds: 'conditions.linkRequired' });
    expect(issues(conditionForm.safeParse({ ...state, eventType: 'deadlineMissed' }))).toEqual({ date: 'validation.required' });
    expect(issues(conditionForm.safeParse({ ...state, eventType: 'deadlineMissed', date: '31.02.2026' }))).toEqual({ date: 'conditions.badDate' });
    expect(conditionForm.safeParse({ ...state, eventType: 'deadlineMissed', date: '28.02.2026' }).success).toBe(true);
    const enrolment = { ...state, kind: 'application', application: 'enrolment' } as const;
    expect(issues(conditionForm.safeParse(enrolment))).toEqual({ targetCourseId: 'validation.required' });
    expect(conditionForm.safeParse({ ...enrolment, targetCourseId: 7 }).success).toBe(true);
    expect(conditionForm.safeParse({ ...enrolment, application: 'expulsion' }).success).toBe(true);
  });

  it('refuses what a kind does not have or an event it does not know', () => {
    expect(conditionForm.safeParse({ ...state, state: ' ' }).success).toBe(false);
    expect(conditionForm.safeParse({ ...state, kind: 'document_generation' }).success).toBe(false);
    expect(conditionForm.safeParse({ ...state, eventType: 'soon' }).success).toBe(false);
    expect(conditionForm.safeParse({ ...state, minScorePercent: 120 }).success).toBe(false);
  });

  it('the per-kind bodies of the calls apply the same rules', () => {
    const { kind: _kind, ...body } = state;
    expect(stateConditionInput.safeParse(body).success).toBe(true);
    expect(issues(stateConditionInput.safeParse({ ...body, exerciseIds: [] }))).toEqual({ exerciseIds: 'conditions.linkRequired' });
    expect(applicationConditionInput.parse({ ...body, application: 'expulsion' })).toMatchObject({ approve: false, lessonIds: [] });
  });
});
