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
    trained_one: 'participant trained',
    trained_other: 'participants trained',
    satisfied_one: 'participant satisfied',
    satisfied_other: 'participants satisfied',
    programs_one: 'additional professional education program',
    programs_other: 'additional professional education programs',
  },
  start: 'Start learning',
  loginError: {
    LoginFailed: 'Failed to log in',
    UserCreateFailed: 'Failed to create a user: the last and first name were not transmitted. Please contact technical support.',
    AccessDenied: 'Sign-in was cancelled',
    SignInCookieMissing:
      'Failed to log in: the browser did not send the sign-in cookie back. Sign-in was probably started at another address of the site, or cookies are off. Open the site at its main address and sign in again.',
    SignInExpired: 'Failed to log in: sign-in took longer than 10 minutes or was started again in another tab. Please sign in again.',
    ProviderError: 'Failed to log in: the sign-in server did not confirm the sign-in. Please try again; if it happens again, contact technical support.',
    ProviderUnavailable: 'Failed to log in: the sign-in server is unavailable. Please try again in a few minutes.',
    RoleMissing:
      'Failed to log in: the sign-in server did not say what your role in ELP is (student, instructor or administrator), so ELP cannot open your account. Please contact technical support: they will assign the role.',
    RoleUnknown:
      'Failed to log in: the sign-in server gave your account a role ELP does not know (ELP knows student, instructor and administrator). Please contact technical support: they will correct the role.',
  },
  loginSupport: 'Technical support:',
};
