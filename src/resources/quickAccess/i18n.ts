import type { CatalogueOf } from '../../i18n/catalogue';

/** Texts of the quick-access toolbar's setup: `resources.quickAccess.*` (shortcut names are the menu's, app.menu.*). */
export const quickAccessRu = {
  title: 'Настройка панели быстрого доступа',
  intro: 'Отметьте разделы, кнопки которых будут в шапке сайта.',
  shortcuts: 'Разделы на панели',
  limit_one: 'Не больше {{count}} раздела',
  limit_few: 'Не больше {{count}} разделов',
  limit_many: 'Не больше {{count}} разделов',
  limit_other: 'Не больше {{count}} раздела',
  save: 'Сохранить',
  sortLink: 'Порядок кнопок',
  sortTitle: 'Порядок кнопок панели быстрого доступа',
  sortIntro: 'Кнопки стоят в шапке в этом порядке.',
  nothingChosen: 'На панели пока нет разделов: выберите их на странице настройки.',
  up: 'Выше: {{label}}',
  down: 'Ниже: {{label}}',
  saveOrder: 'Сохранить порядок',
  saved: 'Панель быстрого доступа сохранена',
  loadError: 'Не удалось загрузить настройки',
};

export const quickAccessEn: CatalogueOf<typeof quickAccessRu> = {
  title: 'Quick-access toolbar setup',
  intro: 'Tick the sections whose buttons the site header shows.',
  shortcuts: 'Sections on the toolbar',
  limit_one: 'At most {{count}} section',
  limit_other: 'At most {{count}} sections',
  save: 'Save',
  sortLink: 'Order of the buttons',
  sortTitle: 'Order of the quick-access buttons',
  sortIntro: 'The header shows the buttons in this order.',
  nothingChosen: 'The toolbar has no sections yet: choose them on the setup page.',
  up: 'Move up: {{label}}',
  down: 'Move down: {{label}}',
  saveOrder: 'Save the order',
  saved: 'Quick-access toolbar saved',
  loadError: 'Failed to load the settings',
};
