import { registerMessages } from '../../i18n/messages.js';

const ru = {
  'slides.notFound': 'Слайд не найден',
  'slides.unknownKind': 'Непредусмотренный тип слайда!',
  'slides.questionNotFound': 'Вопрос не найден',
  'slides.fileNotFound': 'Файл не найден',
  'slides.fileWrongType': 'Файл не подходит для этого слайда. Допустимые типы файлов: {allowedExtensions}',
  'slides.attributeNotFound': 'Атрибут не найден',
  'slides.httpsOnly': 'Укажите адрес, начинающийся с https://',
  'slides.blankContent': 'Обязательное поле',
  'slides.orderMismatch': 'Порядок должен перечислить все слайды упражнения ровно по одному разу',
  'slides.hostingNotConfigured': 'Внешний видеохостинг не настроен: загрузите видео в хранилище платформы',
  'slides.videoNotFound': 'Видео не найдено',
  'slides.scormExercise': 'В SCORM-упражнение нельзя добавлять слайды',
};
const en: Record<keyof typeof ru, string> = {
  'slides.notFound': 'Slide not found',
  'slides.unknownKind': 'Unexpected slide type!',
  'slides.questionNotFound': 'Question not found',
  'slides.fileNotFound': 'File not found',
  'slides.fileWrongType': 'This file does not fit the slide. Allowed file types: {allowedExtensions}',
  'slides.attributeNotFound': 'Attribute not found',
  'slides.httpsOnly': 'Enter an address starting with https://',
  'slides.blankContent': 'Required field',
  'slides.orderMismatch': 'The order must list every slide of the exercise exactly once',
  'slides.hostingNotConfigured': 'The external video hosting is not configured: upload the video to the platform storage',
  'slides.videoNotFound': 'Video not found',
  'slides.scormExercise': 'A SCORM exercise has no slides',
};
registerMessages({ ru, en });
