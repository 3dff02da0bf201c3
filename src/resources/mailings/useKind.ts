import { useLocation, useParams } from 'react-router-dom';
import type { MailingKindPath } from './paths';

/** The kind of mailing a screen is about, from its path (…/auto-notifications or …/manual-notifications), and its ids. */
export function useMailingScreen() {
  const { courseId = '', notificationId } = useParams();
  const kind: MailingKindPath = useLocation().pathname.includes('/auto-notifications') ? 'auto' : 'manual';
  return { courseId, notificationId, kind, k: (key: string) => `resources.mailings.${key}` };
}
