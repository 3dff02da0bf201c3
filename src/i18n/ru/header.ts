/** Header, settings and profile menus of spec 1 §2.4. */
export const header = {
  home: 'На главную',
  organisation: 'Сайт организации',
  settings: 'Настройки',
  theme: {
    title: 'Тема',
    light: 'Светлая',
    dark: 'Тёмная',
    system: 'Как в системе',
  },
  language: {
    title: 'Язык',
    ru: 'RU — Русский',
    en: 'EN — English',
  },
  oldVersion: 'Старая версия',
  quickAccess: 'Настройка панели быстрого доступа',
  /** the toolbar itself: a navigation landmark in the header */
  quickAccessToolbar: 'Панель быстрого доступа',
  profileMenu: 'Меню профиля',
  identityProfile: 'Профиль в системе входа',
  switchToMain: 'Перейти в основной аккаунт',
  switchBack: 'Вернуться в предыдущий аккаунт',
  switchedNotice: 'Вход через связанный аккаунт',
  switchFailed: 'Не удалось сменить аккаунт',
  logout: 'Выйти',
  logoutTitle: 'Выход из системы',
  logoutConfirm: 'Вы действительно хотите выйти?',
  guest: 'Гость',
};
