import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's links (`resources.course-links.*`). */
const ru = {
  'course-links': {
    name: 'Ссылки',
    notifications: {
      created: 'Ссылка «{{label}}» создана',
      updated: 'Ссылка «{{label}}» сохранена',
      deleted: 'Ссылка «{{label}}» удалена',
    },
    empty: 'Ссылок пока нет',
    create: 'Новая ссылка',
    edit: 'Изменить ссылку',
    fields: { text: 'Текст', address: 'Адрес', parentId: 'Раздел' },
  },
};

const en: CatalogueOf<typeof ru> = {
  'course-links': {
    name: 'Links',
    notifications: {
      created: 'Link “{{label}}” created',
      updated: 'Link “{{label}}” saved',
      deleted: 'Link “{{label}}” deleted',
    },
    empty: 'No links yet',
    create: 'New link',
    edit: 'Edit the link',
    fields: { text: 'Text', address: 'Address', parentId: 'Section' },
  },
};

export const linkMessages = { ru, en };
