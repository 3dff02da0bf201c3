import type { CatalogueOf } from '../catalogue';
import type { welcome as ru } from '../ru/welcome';

export const welcome: CatalogueOf<typeof ru> = {
  title: 'E-learning platform',
  lead: 'The platform helps to:',
  purpose: {
    manage: 'manage learning',
    interact: 'organise interaction between teachers and students',
    groupWork: 'organise group work among students',
    outcomes: 'evaluate learning outcomes and collect feedback',
  },
  stats: {
    trained: 'participants trained',
    satisfied: 'participants satisfied',
    programs: 'additional professional education programs',
  },
  start: 'Start learning',
  loginError: {
    LoginFailed: 'Failed to log in',
    UserCreateFailed: 'Failed to create a user: the last and first name were not transmitted. Please contact technical support.',
    AccessDenied: 'Sign-in was cancelled',
  },
};
