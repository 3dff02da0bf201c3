import type { CatalogueOf } from '../catalogue';
import type { accounts as ru } from '../ru/accounts';

export const accounts: CatalogueOf<typeof ru> = {
  title: 'Linked accounts',
  fullName: 'Full name',
  eMail: 'E-mail',
  logIn: 'Log in',
  current: 'Current',
  main: 'Main',
  unlink: 'Unlink',
  unlinkConfirm: 'Unlink the account {{name}}?',
  unlinked: 'The account is unlinked',
  link: 'Link an account',
  linkTitle: 'Link an account',
  linkHint: 'Enter the e-mail and password of the account to link to the main one.',
  login: 'E-mail',
  password: 'Password',
  linked: 'The account is linked',
  toMain: 'Return to the main account',
  empty: 'No linked accounts',
  loadError: 'The linked accounts could not be loaded',
  cancel: 'Cancel',
};
