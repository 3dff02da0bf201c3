import { registerMessages } from '../../i18n/messages.js';

/** Texts of the exercises check (results verification and evaluation; spec 3 gives none: ours). */
const ru = {
  'evaluation.exerciseNotFound': 'Упражнение не найдено в этом курсе',
  'evaluation.sessionNotFound': 'Попытка не найдена в этом упражнении курса',
  'evaluation.studentNotFound': 'Студент не найден среди ваших студентов этого упражнения',
  'evaluation.alreadyEvaluated': 'Попытка уже оценена: чтобы изменить оценку, верните её на проверку',
  'evaluation.notAwaiting': 'Эта попытка не ожидает проверки',
  'evaluation.notEvaluated': 'Попытка не оценена: возвращать на проверку нечего',
  'evaluation.scoreRange': 'Баллы: от 0 до {max}',
  'evaluation.scoreNotManual': 'Этот ответ не проверяется вручную',
  'evaluation.scoreRequired': 'Поставьте баллы за этот ответ',
  'evaluation.pathMismatch': 'Не совпадает с адресом запроса',
  'evaluation.approvedText': 'Результаты упражнения «{exercise}» проверены: {score} из {max}',
};

const en: Record<keyof typeof ru, string> = {
  'evaluation.exerciseNotFound': 'The exercise was not found in this course',
  'evaluation.sessionNotFound': 'No such attempt at this exercise of the course',
  'evaluation.studentNotFound': 'No such student among the ones you check at this exercise',
  'evaluation.alreadyEvaluated': 'The attempt is already evaluated: revert it to evaluation to change the score',
  'evaluation.notAwaiting': 'This attempt is not waiting for a check',
  'evaluation.notEvaluated': 'The attempt is not evaluated: there is nothing to revert',
  'evaluation.scoreRange': 'Points: from 0 to {max}',
  'evaluation.scoreNotManual': 'This answer is not checked manually',
  'evaluation.scoreRequired': 'Give points for this answer',
  'evaluation.pathMismatch': 'Does not match the request address',
  'evaluation.approvedText': 'The results of the exercise «{exercise}» have been checked: {score} of {max}',
};

registerMessages({ ru, en });
