import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of enrolment and expulsion applications (`resources.applications-enrollment.*`, `resources.applications-expulsion.*`). */
const ru = {
  'applications-enrollment': {
    name: 'Заявки на зачисление',
    empty: 'Заявок нет',
    fields: { name: 'ФИО', email: 'Почта', courseLabel: 'Курс', createdAt: 'Дата', status: 'Статус' },
    status: { pending: 'На рассмотрении', allowed: 'Принято', denied: 'Отклонено', withdrawn: 'Отозвано' },
    allow: 'Принять',
    deny: 'Отклонить',
    allowed: 'Заявка принята',
    denied: 'Заявка отклонена',
    export: 'Выгрузить заявки курса',
  },
  'applications-expulsion': {
    name: 'Заявления на отчисление',
    empty: 'Заявлений нет',
    all: 'Все',
    fields: { name: 'ФИО', courseLabel: 'Курс', reason: 'Причина', file: 'Файл', status: 'Статус', createdAt: 'Дата' },
    mine: {
      title: 'Заявления на отчисление',
      reason: 'Причина',
      withdraw: 'Отозвать',
      chooseFile: 'Выбрать файл',
      tooLarge: 'Файл слишком большой',
    },
  },
};

const en: CatalogueOf<typeof ru> = {
  'applications-enrollment': {
    name: 'Enrolment applications',
    empty: 'No applications',
    fields: { name: 'Name', email: 'E-mail', courseLabel: 'Course', createdAt: 'Date', status: 'Status' },
    status: { pending: 'Under review', allowed: 'Allowed', denied: 'Denied', withdrawn: 'Withdrawn' },
    allow: 'Allow',
    deny: 'Deny',
    allowed: 'Application allowed',
    denied: 'Application denied',
    export: 'Export the course’s applications',
  },
  'applications-expulsion': {
    name: 'Expulsion applications',
    empty: 'No applications',
    all: 'All',
    fields: { name: 'Name', courseLabel: 'Course', reason: 'Reason', file: 'File', status: 'Status', createdAt: 'Date' },
    mine: {
      title: 'Expulsion requests',
      reason: 'Reason',
      withdraw: 'Withdraw',
      chooseFile: 'Choose a file',
      tooLarge: 'The file is too large',
    },
  },
};

export const applicationMessages = { ru, en };
