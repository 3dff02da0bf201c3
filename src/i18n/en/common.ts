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
  sortable: 'sortable item',
  sort: {
    instructions: 'To move an item, press space or Enter, move it with the arrow keys, press space or Enter again to drop it, or Escape to cancel.',
    picked: 'Picked up «{{label}}», position {{position}} of {{total}}.',
    moved: '«{{label}}» is at position {{position}} of {{total}}.',
    dropped: '«{{label}}» dropped at position {{position}} of {{total}}.',
    cancelled: 'Moving cancelled, «{{label}}» is back in its place.',
  },
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
