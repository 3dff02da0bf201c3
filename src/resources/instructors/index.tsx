import { courseInstructorResource } from '../../../shared/resources/courseInstructors';
import { resourceFromDeclaration } from '../factory';
import { InstructorEdit } from './InstructorEdit';
import { InstructorList } from './InstructorList';
import { INSTRUCTOR_PATHS } from './paths';

/** Staff of a course: the declared list and edit (course role, panel permissions); people are added by e-mail lists. */
export const instructors = resourceFromDeclaration(courseInstructorResource, { list: InstructorList, edit: InstructorEdit, paths: INSTRUCTOR_PATHS });
