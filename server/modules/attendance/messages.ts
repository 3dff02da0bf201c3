import { registerMessages } from '../../i18n/messages.js';

/** Texts of the digital-code attendance calls (spec 3 §8.4 "Digital code" verbatim; the rest ours). */
const ru = {
  'attendance.getCodeError': 'Ошибка получения кода',
  'attendance.courseAmbiguous': 'Упражнение есть в нескольких ваших курсах: укажите курс',
  'attendance.codeFormat': 'Код состоит из 6 цифр',
  'attendance.codeUnknown': 'Код не найден в этом курсе',
  'attendance.codeExpired': 'Срок действия кода истёк: попросите студента получить новый код',
  'attendance.codeUsed': 'Этот код уже использован',
  'attendance.codeOtherExercise': 'Код выдан для другого упражнения',
  'attendance.confirmed': 'Посещение отмечено: {name}',
};

const en: Record<keyof typeof ru, string> = {
  'attendance.getCodeError': 'get code error',
  'attendance.courseAmbiguous': 'The exercise is in several of your courses: specify the course',
  'attendance.codeFormat': 'The code is 6 digits',
  'attendance.codeUnknown': 'No such code in this course',
  'attendance.codeExpired': 'The code has expired: ask the student to get a new one',
  'attendance.codeUsed': 'This code has already been used',
  'attendance.codeOtherExercise': 'The code was issued for another exercise',
  'attendance.confirmed': 'The visit has been recorded: {name}',
};

registerMessages({ ru, en });
