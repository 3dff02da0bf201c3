import { registerMessages } from '../../i18n/messages.js';

/** Texts of the linked-account calls (spec 3 §8.3b "Account linking" verbatim; the rest ours). */
const ru = {
  'accounts.alreadyAdded': 'Пользователь уже добавлен',
  'accounts.incorrectLogin': 'Неверный логин или пароль',
  'accounts.notFound': 'Аккаунт не найден среди связанных',
  'accounts.linkedElsewhere': 'Этот аккаунт уже связан с другим основным аккаунтом',
  'accounts.hasLinked': 'К этому аккаунту привязаны другие аккаунты: его нельзя сделать связанным',
  'accounts.linkingUnavailable': 'Связывание аккаунтов недоступно: вход выполняется через внешний сервис',
  'accounts.tooMany': 'Слишком много неверных попыток. Повторите через {minutes} мин.',
  'accounts.alreadyIn': 'Вы уже в этом аккаунте',
  'accounts.alreadyMain': 'Вы уже в основном аккаунте',
  'accounts.noPrevious': 'Нет предыдущего аккаунта для возврата',
  'accounts.notLinked': 'Аккаунт больше не связан с вашим',
  'accounts.onlyMain': 'Отвязать аккаунт можно только из основного аккаунта',
};
const en: typeof ru = {
  'accounts.alreadyAdded': 'User already added',
  'accounts.incorrectLogin': 'Incorrect login or password',
  'accounts.notFound': 'The account is not among the linked accounts',
  'accounts.linkedElsewhere': 'This account is already linked to another main account',
  'accounts.hasLinked': 'Other accounts are linked to this account: it cannot become a linked account',
  'accounts.linkingUnavailable': 'Linking accounts is unavailable: sign-in goes through an external service',
  'accounts.tooMany': 'Too many wrong attempts. Try again in {minutes} min.',
  'accounts.alreadyIn': 'You are already in this account',
  'accounts.alreadyMain': 'You are already in the main account',
  'accounts.noPrevious': 'There is no previous account to return to',
  'accounts.notLinked': 'The account is no longer linked to yours',
  'accounts.onlyMain': 'Only the main account can unlink an account',
};
registerMessages({ ru, en });
