import type { CatalogueOf } from '../i18n/catalogue';
import { newsMessages } from './news/i18n';
import { programsEn, programsRu } from './programs/i18n';
import { slidesEn, slidesRu } from './slides/i18n';
import { questionBankResourcesEn, questionBankResourcesRu, questionBanksEn, questionBanksRu } from './questions/i18n';
import { coursesEn, coursesRu } from './courses/i18n';
import { courseGroupsEn, courseGroupsRu } from './courseGroups/i18n';
import { tasksEn, tasksRu } from './tasks/i18n';
import { applicationMessages } from './applications/i18n';
import { certificateMessages } from './certificates/i18n';
import { groupMessages } from './groups/i18n';
import { instructorMessages } from './instructors/i18n';
import { invitationMessages } from './invitations/i18n';
import { linkMessages } from './links/i18n';
import { studentMessages } from './students/i18n';

/**
 * Texts of the declared resources and their shared pieces, in the shell's layout:
 * `resources.<name>.*` plus a few root namespaces (`newsFeed`, `questionBanks`, `richText`, `resourceKit`).
 * The shell deep-merges `resourceMessages.ru` / `.en` into its catalogues. Texts of screens
 * added since are in ./lazyTexts.ts, which loads with the admin screens (not in a learner's
 * first load): put a new feature's catalogue there.
 */
const kit = {
  ru: {
    richText: {
      bold: 'Жирный',
      italic: 'Курсив',
      underline: 'Подчёркнутый',
      bulletList: 'Маркированный список',
      numberedList: 'Нумерованный список',
      link: 'Ссылка',
      linkUrl: 'Адрес ссылки',
      unlink: 'Убрать ссылку',
      clear: 'Очистить форматирование',
      visual: 'Текст',
      html: 'HTML',
      preview: 'Просмотр',
    },
    resourceKit: {
      invalid: 'Некорректное значение',
      dayFormat: 'Введите дату в виде ДД.ММ.ГГГГ или ДД/ММ/ГГГГ',
      noSuchDay: 'Такой даты нет в календаре: проверьте день и месяц',
    },
  },
};
const kitEn: CatalogueOf<typeof kit.ru> = {
  richText: {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    bulletList: 'Bulleted list',
    numberedList: 'Numbered list',
    link: 'Link',
    linkUrl: 'Link address',
    unlink: 'Remove link',
    clear: 'Clear formatting',
    visual: 'Text',
    html: 'HTML',
    preview: 'Preview',
  },
  resourceKit: {
    invalid: 'Invalid value',
    dayFormat: 'Enter the date as DD.MM.YYYY or DD/MM/YYYY',
    noSuchDay: 'There is no such date in the calendar: check the day and the month',
  },
};

/** Running a course: its students, groups, staff, invitations, certificates, links; applications. */
const runningACourse = {
  ru: { ...studentMessages.ru, ...groupMessages.ru, ...instructorMessages.ru, ...invitationMessages.ru, ...certificateMessages.ru, ...linkMessages.ru, ...applicationMessages.ru },
  en: { ...studentMessages.en, ...groupMessages.en, ...instructorMessages.en, ...invitationMessages.en, ...certificateMessages.en, ...linkMessages.en, ...applicationMessages.en },
};

/** Plain resources: only their labels (the screens are the factory's). */
const plain = {
  ru: {
    'expulsion-templates': {
      name: 'Шаблоны заявлений об отчислении',
      notifications: {
        created: 'Шаблон «{{label}}» создан',
        updated: 'Шаблон «{{label}}» сохранён',
        deleted: 'Шаблон «{{label}}» удалён',
      },
      create: 'Новый шаблон',
      empty: 'Шаблонов пока нет',
      loadError: 'Не удалось загрузить шаблоны',
      actions: { create: 'Добавить шаблон' },
      fields: { label: 'Название', body: 'Текст заявления', createdAt: 'Создан' },
    },
  },
  en: {
    'expulsion-templates': {
      name: 'Expulsion application templates',
      notifications: {
        created: 'Template “{{label}}” created',
        updated: 'Template “{{label}}” saved',
        deleted: 'Template “{{label}}” deleted',
      },
      create: 'New template',
      empty: 'No templates yet',
      loadError: 'The templates could not be loaded',
      actions: { create: 'Add a template' },
      fields: { label: 'Name', body: 'Application text', createdAt: 'Created' },
    },
  },
};

const ru = {
  ...kit.ru,
  ...newsMessages.ru,
  questionBanks: questionBanksRu,
  resources: { ...newsMessages.ru.resources, ...questionBankResourcesRu, programs: programsRu, slides: slidesRu, courses: coursesRu, courseGroups: courseGroupsRu, tasks: tasksRu, ...runningACourse.ru, ...plain.ru },
};
const en: CatalogueOf<typeof ru> = {
  ...kitEn,
  ...newsMessages.en,
  questionBanks: questionBanksEn,
  resources: { ...newsMessages.en.resources, ...questionBankResourcesEn, programs: programsEn, slides: slidesEn, courses: coursesEn, courseGroups: courseGroupsEn, tasks: tasksEn, ...runningACourse.en, ...plain.en },
};

export const resourceMessages = { ru, en };
