import { registerMessages } from '../../i18n/messages.js';

/** Texts of the catalogue and learner calls (same keys in both languages; spec 3 §8.2 texts verbatim in English). */
const ru = {
  'learning.trainingNotFound': 'Курс не найден',
  'learning.exerciseNotFound': 'Указанное упражнение не найдено или недоступно',
  'learning.alreadyJoined': 'Вы уже записаны на этот курс',
  'learning.emailNotConfirmed': 'Курс требует подтверждения e-mail. Подтвердите свой e-mail!',
  'learning.enrolImpossible': 'Ошибки при записи на курс',
  'learning.relatedCategory': 'Вы уже состоите в курсе этой категории. Запрещено одновременно находиться в связанных курсах!',
  'learning.unfilledAttributes': 'Заполните обязательные поля профиля',
  'learning.attributeInvalid': 'Недопустимое значение',
  'learning.attributeRequired': 'Обязательное поле',
  'learning.includedToCourse': 'Вы зачислены на курс «{label}»',
};

const en: Record<keyof typeof ru, string> = {
  'learning.trainingNotFound': 'Training not found',
  'learning.exerciseNotFound': 'The specified exercise was not found or could not be accessed',
  'learning.alreadyJoined': 'You are already in this course',
  'learning.emailNotConfirmed': 'The course requires e-mail confirmation. Confirm your e-mail!',
  'learning.enrolImpossible': 'Errors when enrolling in the course',
  'learning.relatedCategory': 'You are already present in the course of this category. It is forbidden to be in related courses at the same time!',
  'learning.unfilledAttributes': 'Fill in the mandatory profile fields',
  'learning.attributeInvalid': 'Invalid value',
  'learning.attributeRequired': 'Required field',
  'learning.includedToCourse': 'You have been enrolled in the course «{label}»',
};

registerMessages({ ru, en });
