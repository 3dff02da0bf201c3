import { Button } from '@mui/material';
import { useLocaleState, useTranslate } from '../app';
import { formatMomentDay } from '../ui/dates';
import { ErrorPage, LinkAction } from './ErrorPage';

/** Invitation expired: 'The invitation was valid until {date}' (400.2 carries InvitationDate). */
export function InvitationInvalidPage({ date }: { date: string | Date }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const formatted = formatMomentDay(typeof date === 'string' ? date : date.toISOString(), locale);
  return (
    <ErrorPage
      title={translate('app.errors.invitationInvalid.title')}
      text={translate('app.errors.invitationInvalid.text', { date: formatted })}
      actions={<LinkAction to="/" label="app.common.backHome" />}
    />
  );
}

/** Answers to required questions are missing; the button returns to the start of the exercise. */
export function SessionNotCompletedPage({ startPath }: { startPath: string }) {
  const translate = useTranslate();
  return (
    <ErrorPage
      title={translate('app.errors.sessionNotCompleted.title')}
      text={translate('app.errors.sessionNotCompleted.text')}
      actions={<LinkAction to={startPath} label="app.errors.sessionNotCompleted.action" />}
    />
  );
}

/** Joining a course the student is already in: link to my courses. */
export function AlreadyInCoursePage() {
  const translate = useTranslate();
  return (
    <ErrorPage
      title={translate('app.errors.alreadyInCourse.title')}
      actions={<LinkAction to="/my-courses" label="app.errors.toMyCourses" />}
    />
  );
}

/** No connection to the single-sign-on profile: link to that provider's profile page. */
export function NoSsoConnectionPage({ profileUrl }: { profileUrl: string }) {
  const translate = useTranslate();
  return (
    <ErrorPage
      title={translate('app.errors.noSsoConnection.title')}
      actions={
        <Button href={profileUrl} target="_blank" rel="noopener noreferrer" variant="contained">
          {translate('app.errors.noSsoConnection.action')}
        </Button>
      }
    />
  );
}
