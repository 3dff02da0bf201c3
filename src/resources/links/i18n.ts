import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of a course's links (`resources.course-links.*`). */
const ru = {
  'course-links': {
    name: 'Ссылки',
    empty: 'Ссылок пока нет',
    create: 'Новая ссылка',
    edit: 'Изменить ссылку',
    fields: { text: 'Текст', address: 'Адрес', parentId: 'Раздел' },
  },
};

const en: CatalogueOf<typeof ru> = {
  'course-links': {
    name: 'Links',
    empty: 'No links yet',
    create: 'New link',
    edit: 'Edit the link',
    fields: { text: 'Text', address: 'Address', parentId: 'Section' },
  },
};

export const linkMessages = { ru, en };
