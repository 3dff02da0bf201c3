import { Button } from '@mui/material';
import { Datagrid, FunctionField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { courseInstructorResource } from '../../../shared/resources/courseInstructors';
import { PageFrame } from '../../ui/PageFrame';
import { DeclaredList, RowDeleteButton } from '../factory/DeclaredList';
import { editPath, fillRoute } from '../factory/paths';
import { InstructorActions } from './InstructorActions';
import { INSTRUCTOR_PATHS } from './paths';

const f = (field: string) => `resources.course-instructors.fields.${field}`;

/** /courses/{courseId}/instructors: the course's staff with search; add and remove by e-mail, Excel export; a tutor's students. */
export function InstructorList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return (
    <PageFrame title={translate('resources.course-instructors.title')} back={`/courses/${courseId}`} plain>
      <DeclaredList decl={courseInstructorResource} paths={INSTRUCTOR_PATHS} actions={<InstructorActions courseId={courseId} />}>
        <Datagrid rowClick={(id) => editPath(courseInstructorResource.name, INSTRUCTOR_PATHS, id, { courseId })} bulkActionButtons={false}>
          <FunctionField source="name" label={f('name')} render={(r: RaRecord) => r.name || r.email} />
          <TextField source="email" label={f('email')} />
          <FunctionField source="courseRole" label={f('courseRole')} render={(r: RaRecord) => translate(`resources.course-instructors.roles.${r.courseRole}`)} />
          <FunctionField
            label=""
            textAlign="right"
            render={(r: RaRecord) => (
              <>
                {r.courseRole === 'tutor' && (
                  <Button size="small" component={Link} to={fillRoute(INSTRUCTOR_PATHS.tutorStudents, { courseId, instructorId: r.id })} onClick={(e) => e.stopPropagation()}>
                    {translate('resources.course-instructors.tutorStudents')}
                  </Button>
                )}
                <RowDeleteButton decl={courseInstructorResource} />
              </>
            )}
          />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
