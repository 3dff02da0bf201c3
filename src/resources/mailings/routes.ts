import { lazy } from 'react';
import type { ScreenRoute } from '../factory/lazyScreens';
import { MAILING_PATHS as P } from './paths';

const List = lazy(() => import('./MailingList'));
const Form = lazy(() => import('./MailingForm'));

/** The screens of a course's e-mail mailings and Root's outbox, loaded on first visit. */
export const mailingRoutes: ScreenRoute[] = [
  [P.autoList, List],
  [P.autoCreate, Form],
  [P.autoEdit, Form],
  [P.manualList, List],
  [P.manualCreate, Form],
  [P.manualView, lazy(() => import('./MailingView'))],
  [P.manualEdit, Form],
  [P.manualSend, lazy(() => import('./MailingSend'))],
  [P.outbox, lazy(() => import('./OutboxPage'))],
];
