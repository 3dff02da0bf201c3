import { defineCalls, returns } from '../http/call';

/**
 * A student's competency (spec 2 §3.2 "competency row: key (name), value (two decimals; radar
 * range 0 to 1)"): the competencies the graded exercises of the student's courses carry, each the
 * weighted average (by the competency's weight on each exercise) of the scores grading wrote.
 */
export interface Skill {
  key: string;
  value: number;
}

/** GET /api/profile/Skills (spec 3 profile "Skills"): the page /competencies (spec 1 §2.3). */
export const competencyCalls = defineCalls('Profile', {
  skills: { method: 'GET', path: '/api/profile/Skills', rule: 'student', response: returns<Skill[]>() },
});
