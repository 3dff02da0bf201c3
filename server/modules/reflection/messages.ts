import { registerMessages } from '../../i18n/messages.js';

/** Texts of reflection authoring and of the feedback reader (ours; spec 2 §6 gives the rules, not the texts). */
const ru = {
  'reflection.noOptionsForText': 'У вопроса с текстовым ответом нет вариантов ответа',
  'reflection.maxAnswersForChoice': 'Максимум выбранных вариантов задаётся только для вопроса с вариантами',
  'reflection.optionsTooFew': 'Добавьте не менее двух вариантов ответа',
  'reflection.minCharsForText': 'Минимум символов задаётся только для вопроса с текстовым ответом',
  'reflection.maxAnswersOverOptions': 'Нельзя выбрать больше вариантов, чем их есть',
  'reflection.optionTwice': 'Вариант ответа указан дважды',
  'reflection.unknownOption': 'Такого варианта ответа у вопроса нет',
  'reflection.questionNotFound': 'Вопрос рефлексии не найден',
  'reflection.orderMismatch': 'Порядок должен назвать каждый вопрос упражнения ровно один раз',
};

const en: Record<keyof typeof ru, string> = {
  'reflection.noOptionsForText': 'A question with a text answer has no options',
  'reflection.maxAnswersForChoice': 'A maximum of options chosen is only for a choice question',
  'reflection.optionsTooFew': 'Add at least two options',
  'reflection.minCharsForText': 'A minimum of characters is only for a question with a text answer',
  'reflection.maxAnswersOverOptions': 'No more options can be chosen than there are',
  'reflection.optionTwice': 'The option is given twice',
  'reflection.unknownOption': 'The question has no such option',
  'reflection.questionNotFound': 'Reflection question not found',
  'reflection.orderMismatch': 'The order must name every question of the exercise exactly once',
};

registerMessages({ ru, en });
