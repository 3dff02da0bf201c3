import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's certificates (`resources.certificates.*`). */
const ru = {
  certificates: {
    name: 'Сертификаты',
    notifications: {
      created: 'Сертификат «{{label}}» выдан',
      updated: 'Сертификат «{{label}}» сохранён',
      deleted: 'Сертификат «{{label}}» удалён',
    },
    empty: 'Сертификатов пока нет',
    fields: { studentName: 'Студент', title: 'Название', date: 'Дата' },
    issue: 'Выдать сертификат',
    choosePdf: 'Выбрать PDF',
    pdfOnly: 'Выберите файл PDF',
    tooLarge: 'Файл слишком большой',
    viewFailed: 'Не удалось открыть PDF',
  },
};

const en: CatalogueOf<typeof ru> = {
  certificates: {
    name: 'Certificates',
    notifications: {
      created: 'Certificate “{{label}}” issued',
      updated: 'Certificate “{{label}}” saved',
      deleted: 'Certificate “{{label}}” deleted',
    },
    empty: 'No certificates yet',
    fields: { studentName: 'Student', title: 'Title', date: 'Date' },
    issue: 'Issue a certificate',
    choosePdf: 'Choose a PDF',
    pdfOnly: 'Choose a PDF file',
    tooLarge: 'The file is too large',
    viewFailed: 'Failed to open the PDF',
  },
};

export const certificateMessages = { ru, en };
