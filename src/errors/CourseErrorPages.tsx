import { useTranslate } from '../app';
import { ErrorPage, LinkAction } from './ErrorPage';

/** Instructor course pages (spec 1 §2.9, spec 3 §8.10): 403 and 404 lead back to the course list. */
export function CourseForbiddenPage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      code="403"
      title={translate('app.errors.courseForbidden.title')}
      actions={<LinkAction to="/courses" label="app.errors.toCourses" />}
    />
  );
}

export function CourseNotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      code="404"
      title={translate('app.errors.courseNotFound.title')}
      actions={<LinkAction to="/courses" label="app.errors.toCourses" />}
    />
  );
}

/** Program 404 ('Program not found') leads back to the program list. */
export function ProgramNotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      code="404"
      title={translate('app.errors.programNotFound.title')}
      actions={<LinkAction to="/programs" label="app.errors.toPrograms" />}
    />
  );
}

/** A student's course folder that does not exist ('Training not found'). */
export function CourseFolderNotFoundPage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      code="404"
      title={translate('app.errors.courseFolderNotFound.title')}
      actions={<LinkAction to="/my-courses" label="app.errors.toMyCourses" />}
    />
  );
}
