import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of the platform's artifact links (/resources/links): `resources.resource-links.*` (the screens are the factory's). */
export const resourceLinksRu = {
  name: 'Ссылки на артефакты',
  notifications: {
    created: 'Ссылка «{{label}}» создана',
    updated: 'Ссылка «{{label}}» сохранена',
    deleted: 'Ссылка «{{label}}» удалена',
  },
  create: 'Новая ссылка',
  empty: 'Ссылок пока нет. Они видны в каждом курсе рядом с его собственными ссылками.',
  loadError: 'Не удалось загрузить ссылки',
  addressHint: 'https://… или путь на сайте, начиная с /',
  actions: { create: 'Добавить ссылку' },
  fields: { text: 'Текст ссылки', address: 'Адрес', sequence: 'Порядок', q: 'Поиск' },
};

export const resourceLinksEn: CatalogueOf<typeof resourceLinksRu> = {
  name: 'Artifact links',
  notifications: {
    created: 'Link “{{label}}” created',
    updated: 'Link “{{label}}” saved',
    deleted: 'Link “{{label}}” deleted',
  },
  create: 'New link',
  empty: 'No links yet. They show in every course beside its own links.',
  loadError: 'The links could not be loaded',
  addressHint: 'https://… or a path of the site starting with /',
  actions: { create: 'Add a link' },
  fields: { text: 'Link text', address: 'Address', sequence: 'Order', q: 'Search' },
};
