import type { CatalogueOf } from '../catalogue';
import type { header as ru } from '../ru/header';

export const header: CatalogueOf<typeof ru> = {
  home: 'Home',
  organisation: 'Organisation website',
  settings: 'Settings',
  theme: {
    title: 'Theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
  },
  language: {
    title: 'Language',
    ru: 'RU — Русский',
    en: 'EN — English',
  },
  oldVersion: 'Old version',
  quickAccess: 'Quick-access toolbar setup',
  quickAccessToolbar: 'Quick-access toolbar',
  profileMenu: 'Profile menu',
  identityProfile: 'Sign-in profile',
  switchToMain: 'Go to the main account',
  switchBack: 'Back to the previous account',
  switchedNotice: 'Signed in through a linked account',
  switchFailed: 'Failed to switch the account',
  logout: 'Log out',
  logoutTitle: 'Log out',
  logoutConfirm: 'Do you really want to log out?',
  guest: 'Guest',
};
