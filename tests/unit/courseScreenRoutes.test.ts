import { describe, expect, it } from 'vitest';
import { ruleForPath } from '../../shared/permissions';
import { attendanceRoutes } from '../../src/resources/attendance/routes';
import { certificateRoutes } from '../../src/resources/certificates/routes';
import { groupRoutes } from '../../src/resources/groups/routes';
import { instructorRoutes } from '../../src/resources/instructors/routes';
import { invitationRoutes } from '../../src/resources/invitations/routes';
import { linkRoutes } from '../../src/resources/links/routes';
import { studentRoutes } from '../../src/resources/students/routes';

/**
 * The screens of running a course are listed as [path, screen, rule] rows beside their folders;
 * the rule a row names is the one the shared permission table guards its path with, so the
 * rows can become the one screen table without changing who may open what.
 */
const rows = [...studentRoutes, ...groupRoutes, ...instructorRoutes, ...invitationRoutes, ...certificateRoutes, ...linkRoutes, ...attendanceRoutes];

describe("running a course's screen rows", () => {
  it.each(rows.map(([path, , rule]) => [path, rule] as const))('%s is guarded by %s', (path, rule) => {
    expect(ruleForPath(path.replace(/:\w+/g, '7'))).toBe(rule);
  });

  it('has one row per path, each under a course', () => {
    const paths = rows.map(([path]) => path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(p).toMatch(/^\/courses\/:courseId\//);
  });
});
