import { useTranslate } from '../app';
import { useAccount } from '../layout/useAccount';
import { ErrorPage, LinkAction } from './ErrorPage';

export type ForbiddenVariant = 'student' | 'instructor';

/**
 * No access (403), in the student and instructor variants (spec 1 §2.11, §6). Without a
 * variant it follows the caller's role.
 */
export function ForbiddenPage({ variant }: { variant?: ForbiddenVariant }) {
  const translate = useTranslate();
  const { principal } = useAccount();
  const staff = principal.role === 'Instructors' || principal.role === 'Root';
  const kind = variant ?? (staff ? 'instructor' : 'student');
  return (
    <ErrorPage
      code="403"
      title={translate('app.errors.forbidden.title')}
      text={translate(`app.errors.forbidden.${kind}`)}
      actions={
        kind === 'instructor' ? (
          <LinkAction to="/courses" label="app.errors.toCourses" />
        ) : (
          <LinkAction to="/" label="app.common.backHome" />
        )
      }
    />
  );
}
