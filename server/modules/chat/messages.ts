import { registerMessages } from '../../i18n/messages.js';

/** Texts of the chat's answers (spec 3 §8.8 titles) and its notification. */
const ru = {
  'chat.notFound': 'Чат не найден',
  'chat.createFailed': 'Не удалось создать чат',
  'chat.checkFailed': 'Не удалось проверить наличие чата с преподавателем',
  'chat.notAllowed': 'Чат возможен между студентом и преподавателями или тьюторами его курса',
  'chat.notMember': 'Писать в чат могут только его участники',
  'chat.notModerator': 'Блокировать сообщения может модератор курса',
  'chat.messageNotFound': 'Сообщение не найдено',
  'chat.ownMessage': 'Статус своего сообщения ставит получатель',
  'chat.emptyMessage': 'Введите сообщение или прикрепите файл',
  'chat.oneFile': 'К сообщению можно прикрепить один файл',
  'chat.sendFailed': 'Ошибка отправки',
  'chat.fileNotFound': 'Файл не найден: загрузите его заново',
  'chat.uploadFailed': 'Не удалось загрузить файл',
  'chat.notification.newMessage': 'Новое сообщение в чате от {name}',
};

const en: Record<keyof typeof ru, string> = {
  'chat.notFound': 'Chat not found',
  'chat.createFailed': 'Failed to create the chat',
  'chat.checkFailed': 'Failed to check for a chat with the instructor',
  'chat.notAllowed': 'A chat is possible between a student and the instructors or tutors of their course',
  'chat.notMember': 'Only the chat\'s members may write in it',
  'chat.notModerator': 'Only the course\'s moderator may block messages',
  'chat.messageNotFound': 'Message not found',
  'chat.ownMessage': 'The status of a message is set by its recipient',
  'chat.emptyMessage': 'Type a message or attach a file',
  'chat.oneFile': 'A message may carry one file',
  'chat.sendFailed': 'Sending failed',
  'chat.fileNotFound': 'File not found: upload it again',
  'chat.uploadFailed': 'Failed to upload the file',
  'chat.notification.newMessage': 'New chat message from {name}',
};

registerMessages({ ru, en });
