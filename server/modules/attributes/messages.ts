import { attributeProblemTexts } from '../../../shared/attributes/index.js';
import { registerMessages } from '../../i18n/messages.js';

const prefixed = (texts: Record<string, string>) => Object.fromEntries(Object.entries(texts).map(([k, v]) => [`attributes.${k}`, v]));

/** The validator's texts, shared with the client (shared/attributes/messages.ts). */
registerMessages({
  ru: {
    ...prefixed(attributeProblemTexts.ru),
    'attributes.groupNotFound': 'Группа атрибутов не найдена',
    'attributes.dictionaryNotFound': 'Справочник не найден',
    'attributes.questionNotFound': 'Вопрос не найден',
    'attributes.notAsked': 'Вопрос не спрашивает эти поля',
    'attributes.studentNotFound': 'Студент не найден на курсе',
    'attributes.hierarchyNotFound': 'Иерархия не найдена',
    'attributes.hierarchyValueNotFound': 'Значение последнего уровня иерархии не найдено',
    'chainAttributes.templateNotFound': 'Шаблон атрибутов не найден',
    'chainAttributes.unknownAttribute': 'Атрибут не найден',
    'chainAttributes.duplicate': 'Атрибут указан дважды',
    'chainAttributes.empty': 'Добавьте хотя бы один атрибут',
  },
  en: {
    ...prefixed(attributeProblemTexts.en),
    'attributes.groupNotFound': 'Attribute group not found',
    'attributes.dictionaryNotFound': 'Dictionary not found',
    'attributes.questionNotFound': 'Question not found',
    'attributes.notAsked': 'The question does not ask these fields',
    'attributes.studentNotFound': 'The student is not on the course',
    'attributes.hierarchyNotFound': 'Hierarchy not found',
    'attributes.hierarchyValueNotFound': 'No last-level value of the hierarchy found',
    'chainAttributes.templateNotFound': 'Attribute template not found',
    'chainAttributes.unknownAttribute': 'Attribute not found',
    'chainAttributes.duplicate': 'An attribute is listed twice',
    'chainAttributes.empty': 'Add at least one attribute',
  },
});
