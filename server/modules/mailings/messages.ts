import { registerMessages } from '../../i18n/messages.js';

/** Texts of course mailings: errors, the letter footer and the in-app notification (rendered in the reader's language). */
registerMessages({
  ru: {
    'mailings.notFound': 'Рассылка не найдена',
    'mailings.alreadySent': 'Рассылка уже отправлена',
    'mailings.alreadySentDescription': 'Отправленную рассылку нельзя изменить или отправить ещё раз',
    'mailings.notManual': 'Отправить вручную можно только ручную рассылку',
    'mailings.triggerRequired': 'Выберите событие, по которому отправляется письмо',
    'mailings.noTrigger': 'У ручной рассылки нет события',
    'mailings.unknownField': 'Неизвестное поле {field}',
    'mailings.badGroup': 'Группа не найдена в курсе',
    'mailings.inPast': 'Время отправки уже прошло',
    'mailings.footer': 'Вы получили это письмо как участник курса «{course}». Уведомления настраиваются в профиле: {link}',
    'mailings.notification': 'Письмо «{subject}» по курсу «{course}»',
    'mailings.sampleStudent': 'Иван Иванов',
    'mailings.sampleExercise': 'Задание 1',
  },
  en: {
    'mailings.notFound': 'Mailing not found',
    'mailings.alreadySent': 'The mailing has been sent',
    'mailings.alreadySentDescription': 'A sent mailing cannot be changed or sent again',
    'mailings.notManual': 'Only a manual mailing is sent by hand',
    'mailings.triggerRequired': 'Choose the event that sends the letter',
    'mailings.noTrigger': 'A manual mailing has no event',
    'mailings.unknownField': 'Unknown field {field}',
    'mailings.badGroup': 'Group not found in the course',
    'mailings.inPast': 'The sending time has passed',
    'mailings.footer': 'You received this letter as a participant of the course «{course}». Notification settings are in your profile: {link}',
    'mailings.notification': 'Letter «{subject}» of the course «{course}»',
    'mailings.sampleStudent': 'John Smith',
    'mailings.sampleExercise': 'Exercise 1',
  },
});
