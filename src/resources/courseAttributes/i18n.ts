import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of the course's attribute requirements and the attribute template screens: `resources.courseAttributes.*`. */
export const courseAttributesRu = {
  name: 'Атрибуты курса',
  title: 'Атрибуты, запрашиваемые при записи',
  hint: 'Эти поля профиля студент заполняет при записи на курс. Обязательные без ответа не дают записаться.',
  empty: 'Курс не запрашивает атрибутов',
  applyTemplate: 'Применить шаблон',
  fields: { attribute: 'Атрибут', requirement: 'Требование', perCourse: 'Ответ для этого курса' },
  requirements: {
    undefined: 'Не запрашивается',
    required: 'Обязательный',
    optional: 'Необязательный',
    additional: 'Дополнительный',
    methodologistCorrespondence: 'Переписка с методистом',
  },
  actions: { add: 'Добавить атрибут', remove: 'Убрать', newTemplate: 'Новый шаблон' },
  templates: { create: 'Новый шаблон атрибутов', label: 'Название шаблона' },
};

export const courseAttributesEn: CatalogueOf<typeof courseAttributesRu> = {
  name: 'Course attributes',
  title: 'Attributes asked at enrolment',
  hint: 'The student fills these profile fields when joining the course. A required one left unanswered blocks the join.',
  empty: 'The course asks no attributes',
  applyTemplate: 'Apply a template',
  fields: { attribute: 'Attribute', requirement: 'Requirement', perCourse: 'Answer for this course' },
  requirements: {
    undefined: 'Not asked',
    required: 'Required',
    optional: 'Optional',
    additional: 'Additional',
    methodologistCorrespondence: 'Methodologist correspondence',
  },
  actions: { add: 'Add an attribute', remove: 'Remove', newTemplate: 'New template' },
  templates: { create: 'New attribute template', label: 'Template name' },
};
