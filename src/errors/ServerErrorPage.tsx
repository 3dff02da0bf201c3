import { useTranslate } from '../app';
import { useAccount } from '../layout/useAccount';
import { ButtonAction, ErrorPage, LinkAction, reloadPage } from './ErrorPage';

/** Server error (500): courses list for instructors, my courses for others, and reload (spec 1 §2.11). */
export function ServerErrorPage() {
  const translate = useTranslate();
  const { principal } = useAccount();
  const staff = principal.role === 'Instructors' || principal.role === 'Root';
  return (
    <ErrorPage
      code="500"
      title={translate('app.errors.server.title')}
      text={translate('app.errors.server.text')}
      actions={
        <>
          {staff ? (
            <LinkAction to="/courses" label="app.errors.toCourses" />
          ) : (
            <LinkAction to="/my-courses" label="app.errors.toMyCourses" />
          )}
          <ButtonAction onClick={reloadPage} label="app.common.reload" />
        </>
      }
    />
  );
}
