import { describe, expect, it } from 'vitest';
import {
  allows, canAccessPath, FLAGS, flagsFromClaims, landingFor, roleFromClaims, ROLES, ruleForPath, rules,
  type Flag, type Principal, type RuleKey,
} from '../../shared/permissions';
import { screens } from '../../shared/screens';

const instructor = (...flags: Flag[]): Principal => ({ role: 'Instructors', flags });
const student: Principal = { role: 'Students', flags: [] };
const root: Principal = { role: 'Root', flags: [] };
const guest: Principal = { role: 'Guest', flags: [] };

describe('the permission table', () => {
  // Walks every rule: Root passes wherever an instructor may go; an instructor with
  // every flag passes every staff rule; a flagged rule refuses an instructor without flags.
  for (const [key, rule] of Object.entries(rules) as [RuleKey, (typeof rules)[RuleKey]][]) {
    it(`rule ${key} behaves per role and flag`, () => {
      for (const role of ROLES) {
        const p: Principal = { role, flags: [...FLAGS], accessToPhysical: true };
        expect(allows(p, key), `${role} on ${key}`).toBe((rule.roles as readonly string[]).includes(role));
      }
      const flagged = 'anyOf' in rule || 'allOf' in rule;
      if ((rule.roles as readonly string[]).includes('Instructors')) {
        expect(allows(instructor(), key), `no-flag instructor on ${key}`).toBe(!flagged);
      }
      if ('anyOf' in rule) {
        for (const f of rule.anyOf) expect(allows(instructor(f), key), `${f} alone on ${key}`).toBe(!('allOf' in rule));
        const others = FLAGS.filter((f) => !(rule.anyOf as readonly string[]).includes(f));
        expect(allows(instructor(...others), key), `only other flags on ${key}`).toBe(false);
      }
      if ('allOf' in rule) {
        for (const f of rule.allOf) expect(allows(instructor(...rule.allOf.filter((x) => x !== f)), key)).toBe(false);
        expect(allows(instructor(...rule.allOf), key)).toBe(true);
      }
    });
  }

  it('walks every screen of the screen table to a known rule', () => {
    for (const [path, screen] of Object.entries(screens)) expect(rules[screen.rule], path).toBeDefined();
  });

  it.each([
    ['/courses', instructor(), true],
    ['/courses/list', instructor(), false],
    ['/courses/list', instructor('AdminPanelAccess'), true],
    ['/courses/student-profiles-merge', instructor('AdminPanelAccess'), false],
    ['/courses/student-profiles-merge', instructor('AdminPanelAccess', 'MergingProfiles'), true],
    ['/courses/12/student-management', instructor('ShowStudents'), true],
    ['/courses/12/student-management/5/page', instructor(), false],
    ['/courses/12/instructors', instructor('TrainingInstructorSettings'), true],
    ['/courses/12/instructors/3/tutor-join', instructor('TrainingInstructorSettings'), false],
    ['/courses/12/visit-journal/digitalCode', instructor('ShowVisitJournal'), false],
    ['/courses/12/visit-journal', instructor('ShowVisitJournal'), true],
    ['/programs', instructor('CreateGroupLessons'), true],
    ['/programs/1/2/3/slides/content/create', instructor('CreateGroupLessons'), false],
    ['/programs/1/2/3/slides/content/create', instructor('OnlyEditSettings'), true],
    ['/resources', instructor('OnlyEditSettings'), false],
    ['/resources/sequence-questions/create', instructor('OnlyEditSettings'), true],
    ['/applications-enrollment', instructor(), false],
    ['/courses', student, false],
    ['/courses', root, true],
    ['/resources', root, true],
    ['/my-courses', student, true],
    ['/my-courses', instructor(), false],
    ['/physmath-breakthrough', student, false],
    ['/physmath-breakthrough', { ...student, accessToPhysical: true }, true],
    ['/welcome', guest, true],
    ['/my-courses', guest, false],
    ['/invite/abc', guest, true],
  ] as const)('%s for %o → %s', (path, who, expected) => {
    expect(canAccessPath(who, path)).toBe(expected);
  });

  it('matches literal segments before parameters and ignores letter case', () => {
    expect(ruleForPath('/courses/list')).toBe('adminPanel');
    expect(ruleForPath('/Courses/List')).toBe('adminPanel');
    expect(ruleForPath('/courses/77')).toBe('staff');
    expect(ruleForPath('/no/such/screen')).toBeNull();
  });
});

describe('claims', () => {
  it('reads the role claim, else Guest', () => {
    expect(roleFromClaims({ role: 'Students' })).toBe('Students');
    expect(roleFromClaims({ role: ['Students', 'Root'] })).toBe('Root');
    expect(roleFromClaims({ role: 'Someone' })).toBe('Guest');
    expect(roleFromClaims({})).toBe('Guest');
  });
  it('turns Role_ claims into flags', () => {
    expect(flagsFromClaims({ Role_ShowStudents: true, Role_X: 'false', role: 'Instructors', other: 1 })).toEqual(['ShowStudents']);
  });
  it('lands each role where spec 1 §2.1 says', () => {
    expect(landingFor('Guest')).toBe('/welcome');
    expect(landingFor('Students')).toBe('/my-courses');
    expect(landingFor('Instructors')).toBe('/courses');
    expect(landingFor('Root')).toBe('/courses');
  });
});
