import type { CatalogueOf } from '../../i18n/catalogue';

/**
 * News texts: the instructor resource (`resources.instructors-news.*`) and the student
 * page /news (`newsFeed.*`). English is typed against Russian.
 */
const ru = {
  resources: {
    'instructors-news': {
      name: 'Новости',
      notifications: {
        created: 'Новость «{{label}}» опубликована',
        updated: 'Новость «{{label}}» сохранена',
        deleted: 'Новость «{{label}}» удалена',
      },
      fields: { title: 'Заголовок', contentValue: 'Содержание', created: 'Опубликовано' },
      create: 'Новая новость',
      edit: 'Редактирование новости',
      empty: 'Новостей пока нет',
    },
  },
  newsFeed: {
    title: 'Новости',
    latest: 'Последние новости',
    all: 'Все новости',
    loadMore: 'Показать ещё',
    empty: 'Новостей пока нет',
    loadError: 'Не удалось загрузить новости',
    detailError: 'Не удалось загрузить новость',
    close: 'Закрыть',
    loading: 'Загрузка ...',
  },
};

const en: CatalogueOf<typeof ru> = {
  resources: {
    'instructors-news': {
      name: 'News',
      notifications: {
        created: 'News item “{{label}}” published',
        updated: 'News item “{{label}}” saved',
        deleted: 'News item “{{label}}” deleted',
      },
      fields: { title: 'Title', contentValue: 'Content', created: 'Published' },
      create: 'New news item',
      edit: 'Edit news item',
      empty: 'No news yet',
    },
  },
  newsFeed: {
    title: 'News',
    latest: 'Latest news',
    all: 'All news',
    loadMore: 'Show more',
    empty: 'No news yet',
    loadError: 'Failed to load the news',
    detailError: 'Failed to load the news item',
    close: 'Close',
    loading: 'Loading ...',
  },
};

export const newsMessages = { ru, en };
