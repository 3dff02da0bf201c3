import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's invitation links (`resources.invitations.*`) and of the invitation page a student opens (`…invite.*`). */
const ru = {
  invitations: {
    name: 'Приглашения',
    notifications: {
      created: 'Приглашение «{{label}}» создано',
      updated: 'Приглашение «{{label}}» сохранено',
      deleted: 'Приглашение «{{label}}» удалено',
    },
    empty: 'Приглашений пока нет',
    create: 'Создать приглашение',
    edit: 'Изменить приглашение',
    fields: { code: 'Код', expiryDate: 'Действует до', link: 'Ссылка' },
    generate: 'Сгенерировать',
    expiryHint: 'ДД/ММ/ГГГГ или ДД.ММ.ГГГГ; пусто — без срока',
    copy: 'Скопировать ссылку',
    copyNamed: 'Скопировать ссылку приглашения {{code}}',
    copied: 'Ссылка скопирована',
    copyFailed: 'Не удалось скопировать: выделите ссылку и скопируйте её вручную',
    qr: 'QR-код',
    qrNamed: 'QR-код приглашения {{code}}',
    qrTitle: 'QR-код приглашения',
    qrAlt: 'QR-код ссылки {{link}}',
    qrDownload: 'Скачать QR-код (SVG)',
    invite: {
      applied: 'Заявка на рассмотрении',
      signIn: 'Войти, чтобы записаться',
      join: 'Записаться на курс',
      apply: 'Подать заявку',
      studentsOnly: 'Записаться на курс могут только студенты',
    },
  },
};

const en: CatalogueOf<typeof ru> = {
  invitations: {
    name: 'Invitations',
    notifications: {
      created: 'Invitation “{{label}}” created',
      updated: 'Invitation “{{label}}” saved',
      deleted: 'Invitation “{{label}}” deleted',
    },
    empty: 'No invitations yet',
    create: 'Create an invitation',
    edit: 'Edit the invitation',
    fields: { code: 'Code', expiryDate: 'Valid until', link: 'Link' },
    generate: 'Generate',
    expiryHint: 'DD/MM/YYYY or DD.MM.YYYY; empty: no limit',
    copy: 'Copy the link',
    copyNamed: 'Copy the link of invitation {{code}}',
    copied: 'Link copied',
    copyFailed: 'Could not copy: select the link and copy it by hand',
    qr: 'QR code',
    qrNamed: 'QR code of invitation {{code}}',
    qrTitle: 'QR code of the invitation',
    qrAlt: 'QR code of the link {{link}}',
    qrDownload: 'Download the QR code (SVG)',
    invite: {
      applied: 'Application under review',
      signIn: 'Sign in to join',
      join: 'Join the course',
      apply: 'Apply',
      studentsOnly: 'Only students can join a course',
    },
  },
};

export const invitationMessages = { ru, en };
