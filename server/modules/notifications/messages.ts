import { registerMessages } from '../../i18n/messages.js';

/** Texts of in-app notifications written by the enrolment producers, and the module's errors. */
const ru = {
  'notifications.enrolled': 'Вы зачислены на курс «{course}»',
  'notifications.expelled': 'Вы отчислены с курса «{course}»',
  'notifications.notFound': 'Уведомление не найдено',
};
const en: typeof ru = {
  'notifications.enrolled': 'You have been enrolled in the course «{course}»',
  'notifications.expelled': 'You have been expelled from the course «{course}»',
  'notifications.notFound': 'Notification not found',
};
registerMessages({ ru, en });
