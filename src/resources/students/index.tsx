import { studentResource } from '../../../shared/resources/students';
import { resourceFromDeclaration } from '../factory';
import { STUDENT_PATHS } from './paths';
import { StudentList } from './StudentList';

/** Students of a course: the declared list (with the expelled ones beside it); students are added by e-mail lists, not a form. */
export const students = resourceFromDeclaration(studentResource, { list: StudentList, paths: { list: STUDENT_PATHS.list } });
