import { registerMessages, type Lang } from '../i18n/messages.js';

/** Texts of the sign-in flow: the embedded provider's pages and the account calls' errors. */
const ru = {
  'auth.login.title': 'Вход в ELP',
  'auth.login.subtitle': 'Образовательная платформа',
  'auth.login.login': 'Логин (e-mail)',
  'auth.login.password': 'Пароль',
  'auth.login.submit': 'Войти',
  'auth.login.wrongPassword': 'Неверный логин или пароль',
  'auth.login.tooMany': 'Слишком много неудачных попыток входа. Повторите через {minutes} мин. или войдите с устройства, на котором вы уже входили в ELP.',
  'auth.login.switchLang': 'English',
  'auth.login.cancel': 'Отмена',
  'auth.interaction.expired': 'Сеанс входа истёк или уже завершён. Начните вход заново.',
  'auth.interaction.restart': 'Войти заново',
  'auth.logout.title': 'Выход',
  'auth.logout.question': 'Выйти из учётной записи ELP на этом устройстве?',
  'auth.logout.yes': 'Да, выйти',
  'auth.logout.no': 'Нет, остаться',
  'auth.logout.done': 'Вы вышли из учётной записи.',
  'auth.logout.back': 'На главную',
  'auth.error.title': 'Ошибка входа',
  'auth.error.back': 'На главную',
  'auth.loginFailed': 'Не удалось войти',
  'auth.userCreateFailed': 'Не удалось создать пользователя: не переданы фамилия и имя. Обратитесь в поддержку',
  'auth.invalidReturnUrl': 'Адрес возврата должен быть путём на этом сайте',
};

const en: Record<keyof typeof ru, string> = {
  'auth.login.title': 'Sign in to ELP',
  'auth.login.subtitle': 'Learning platform',
  'auth.login.login': 'Login (e-mail)',
  'auth.login.password': 'Password',
  'auth.login.submit': 'Sign in',
  'auth.login.wrongPassword': 'Incorrect login or password',
  'auth.login.tooMany': 'Too many failed sign-in attempts. Try again in {minutes} min., or sign in from a device you have signed in to ELP on before.',
  'auth.login.switchLang': 'Русский',
  'auth.login.cancel': 'Cancel',
  'auth.interaction.expired': 'The sign-in session has expired or is already finished. Please start again.',
  'auth.interaction.restart': 'Sign in again',
  'auth.logout.title': 'Sign out',
  'auth.logout.question': 'Sign out of ELP on this device?',
  'auth.logout.yes': 'Yes, sign me out',
  'auth.logout.no': 'No, stay signed in',
  'auth.logout.done': 'You have signed out.',
  'auth.logout.back': 'Home',
  'auth.error.title': 'Sign-in error',
  'auth.error.back': 'Home',
  'auth.loginFailed': 'Failed to log in',
  'auth.userCreateFailed': 'Failed to create a user: the last and first name were not transmitted. Contact support',
  'auth.invalidReturnUrl': 'The return address must be a path on this site',
};

export type AuthMessageKey = keyof typeof ru;
export const authMessages: Record<Lang, Record<AuthMessageKey, string>> = { ru, en };

registerMessages(authMessages);
