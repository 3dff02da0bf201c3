import { CheckboxGroupInput, SelectInput, useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { InstructorPanelPermission } from '../../../shared/enums';
import { COURSE_STAFF_ROLES, courseInstructorResource } from '../../../shared/resources/courseInstructors';
import { DeclaredEdit } from '../factory/DeclaredEdit';
import { INSTRUCTOR_PATHS } from './paths';

const roles = COURSE_STAFF_ROLES.map((r) => ({ id: r, name: `resources.course-instructors.roles.${r}` }));
const permissions = Object.entries(InstructorPanelPermission).map(([name, code]) => ({ id: code, name: `resources.course-instructors.permission.${name}` }));

function MemberName() {
  const member = useRecordContext();
  return member ? <Typography variant="h6">{member.name || member.email}</Typography> : null;
}

/** /courses/{courseId}/instructors/{instructorId}/edit: the member's course role and panel permissions. */
export function InstructorEdit() {
  return (
    <DeclaredEdit decl={courseInstructorResource} paths={INSTRUCTOR_PATHS}>
      <MemberName />
      <SelectInput source="courseRole" label="resources.course-instructors.fields.courseRole" choices={roles} />
      <CheckboxGroupInput source="panelPermissions" label="resources.course-instructors.fields.panelPermissions" choices={permissions} row={false} />
    </DeclaredEdit>
  );
}
