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
    fields: { studentName: 'Студент', title: 'Название', date: 'Дата', hours: 'Объём, академических часов', language: 'Язык сертификата' },
    issue: 'Выдать сертификат',
    mode: { label: 'Как выдать сертификат', template: 'Сформировать по шаблону', upload: 'Загрузить PDF' },
    templateAbout: 'Платформа сформирует PDF с именем студента, курсом, датой, объёмом часов и QR-кодом страницы проверки подлинности.',
    defaultTitle: 'Сертификат',
    generate: 'Сформировать и выдать',
    language: { ru: 'Русский', en: 'Английский' },
    kind: { generated: 'По шаблону', uploaded: 'Загружен' },
    revoke: 'Отозвать',
    revokeNamed: 'Отозвать сертификат «{{title}}» студента {{student}}',
    revokeConfirm: 'Отозвать сертификат? Страница проверки будет сообщать, что он недействителен.',
    revoked: 'Отозван',
    revokedToast: 'Сертификат отозван',
    verify: 'Страница проверки',
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
    fields: { studentName: 'Student', title: 'Title', date: 'Date', hours: 'Academic hours', language: 'Certificate language' },
    issue: 'Issue a certificate',
    mode: { label: 'How to issue the certificate', template: 'Generate from the template', upload: 'Upload a PDF' },
    templateAbout: 'The platform makes a PDF with the student’s name, the course, the date, the hours and a QR code of the authenticity check page.',
    defaultTitle: 'Certificate',
    generate: 'Generate and issue',
    language: { ru: 'Russian', en: 'English' },
    kind: { generated: 'From the template', uploaded: 'Uploaded' },
    revoke: 'Revoke',
    revokeNamed: 'Revoke the certificate “{{title}}” of {{student}}',
    revokeConfirm: 'Revoke the certificate? Its verification page will say it is not valid.',
    revoked: 'Revoked',
    revokedToast: 'Certificate revoked',
    verify: 'Verification page',
    choosePdf: 'Choose a PDF',
    pdfOnly: 'Choose a PDF file',
    tooLarge: 'The file is too large',
    viewFailed: 'Failed to open the PDF',
  },
};

export const certificateMessages = { ru, en };
