import type { CatalogueOf } from '../catalogue';
import type { common as ru } from '../ru/common';

export const common: CatalogueOf<typeof ru> = {
  appName: 'ELP',
  loading: 'Loading ...',
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  save: 'Save',
  edit: 'Edit',
  rowsPerPage: 'Rows per page:',
  tryAgain: 'Try again',
  reload: 'Reload the page',
  backHome: 'Back to the home page',
  signIn: 'Sign in',
  back: 'Back',
  retry: 'Retry',
  loadError: 'Could not load the data.',
  empty: 'Nothing here yet',
  dragHandle: 'Drag to change the order',
  /** an e-mail list input (src/ui/EmailListDialog) */
  emails: 'E-mail addresses',
  emailsHint: 'Separated by a comma or a space',
  toast: {
    error: 'Something went wrong',
    updated: 'Successfully updated',
    saved: 'Successfully saved',
    deleted: 'Successfully deleted',
    inDevelopment: 'This feature is under development',
  },
  count: {
    courses_one: '{{count}} course',
    courses_other: '{{count}} courses',
    programs_one: '{{count}} program',
    programs_other: '{{count}} programs',
    students_one: '{{count}} student',
    students_other: '{{count}} students',
  },
};
